import { useMutation } from '@tanstack/react-query';
import type { TChangePassword } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';

export const changePassword = (input: TChangePassword) => apiRequest<null>('/auth/change-password', { method: 'PUT', body: input });

export const useChangePassword = () => useMutation({ mutationFn: changePassword });
