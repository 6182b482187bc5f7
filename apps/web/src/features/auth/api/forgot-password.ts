import { useMutation } from '@tanstack/react-query';
import type { TEmailOnly, TResetRequested } from '@contesthub/shared';
import { apiRequest } from '../../../lib/api';

/** The whole envelope: its message is the text to show (the same for unknown addresses). */
export const forgotPassword = (input: TEmailOnly) => apiRequest<TResetRequested>('/auth/forgot-password', { method: 'POST', body: input });

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
