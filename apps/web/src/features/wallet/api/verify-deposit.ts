import type { TDepositVerified } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/**
 * POST /wallet/verify-deposit {reference}: the server asks the gateway and credits the wallet once. A repeat
 * answers the same with `deposit.credited` false (nothing new was added).
 */
export const verifyDeposit = (reference: string) =>
  apiData<TDepositVerified>('/wallet/verify-deposit', { method: 'POST', body: { reference } });
