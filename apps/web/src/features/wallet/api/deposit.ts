import { useMutation } from '@tanstack/react-query';
import type { TDepositRequest } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** What POST /wallet/deposit answers: where the browser pays, and the reference it comes back with. */
export interface DepositStart {
  authorizationUrl: string;
  reference: string;
}

/** POST /wallet/deposit {amount (whole naira), callbackUrl}: starts a payment with the gateway. */
export const startDeposit = (body: TDepositRequest) => apiData<DepositStart>('/wallet/deposit', { method: 'POST', body });

export const useStartDeposit = () => useMutation({ mutationFn: startDeposit });
