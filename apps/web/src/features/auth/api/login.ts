import { useMutation } from '@tanstack/react-query';
import type { TAuthResult, TLogin } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const login = (input: TLogin) => apiData<TAuthResult>('/auth/login', { method: 'POST', body: input });

export const useLogin = () => useMutation({ mutationFn: login });
