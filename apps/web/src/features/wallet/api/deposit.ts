import { useMutation } from '@tanstack/react-query';
import type { TDepositRequest, TPaymentInitialized } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** POST /wallet/deposit {amount (whole naira), callbackUrl}: starts a payment with the gateway. */
export const startDeposit = (body: TDepositRequest) => apiData<TPaymentInitialized>('/wallet/deposit', { method: 'POST', body });

export const useStartDeposit = () => useMutation({ mutationFn: startDeposit });
