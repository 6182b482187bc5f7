import { useMutation } from '@tanstack/react-query';
import type { TVoteCreditPurchaseRequest, TVoteCreditPurchaseStarted } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export type CreditPurchaseBody = TVoteCreditPurchaseRequest & { callbackUrl: string };

/**
 * POST /vote-credits/purchase {package} or {amount} (whole credits), with the page the gateway sends the
 * browser back to: answers the gateway page (authorizationUrl) and the quote charged.
 */
export const purchaseCredits = (body: CreditPurchaseBody) =>
  apiData<TVoteCreditPurchaseStarted>('/vote-credits/purchase', { method: 'POST', body });

export const usePurchaseCredits = () => useMutation({ mutationFn: purchaseCredits });
