import { useMutation } from '@tanstack/react-query';
import type { TRegister, TRegisterResult } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const register = (input: TRegister) => apiData<TRegisterResult>('/auth/register', { method: 'POST', body: input });

export const useRegister = () => useMutation({ mutationFn: register });
