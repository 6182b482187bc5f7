import { useMutation } from '@tanstack/react-query';
import type { TResetPasswordRequest } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';

/** Answers data null with the confirmation message; every session of the account is revoked. */
export const resetPassword = (input: TResetPasswordRequest) => apiRequest<null>('/auth/reset-password', { method: 'POST', body: input });

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
