import { useMutation } from '@tanstack/react-query';
import type { TVerifyEmail, TVerifyEmailResult } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** The stored bearer token (from registration) goes along automatically; without it the email is required. */
export const verifyEmail = (input: TVerifyEmail) => apiData<TVerifyEmailResult>('/auth/verify-email', { method: 'POST', body: input });

export const useVerifyEmail = () => useMutation({ mutationFn: verifyEmail });
