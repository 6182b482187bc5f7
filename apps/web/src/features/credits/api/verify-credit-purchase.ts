import type { TVoteCreditVerified } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/**
 * POST /vote-credits/verify {reference}: the server asks the gateway and adds the credits once
 * (a repeat answers the same with credited=false).
 */
export const verifyCreditPurchase = (reference: string) =>
  apiData<TVoteCreditVerified>('/vote-credits/verify', { method: 'POST', body: { reference } });
