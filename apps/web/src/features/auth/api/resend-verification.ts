import { useMutation } from '@tanstack/react-query';
import type { TCodeSent, TEmailOnly } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** Same answer for unknown addresses; 429 RATE_LIMITED carries retryAfterSeconds. */
export const resendVerification = (input: TEmailOnly) => apiData<TCodeSent>('/auth/resend-verification', { method: 'POST', body: input });

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
