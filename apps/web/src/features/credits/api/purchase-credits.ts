import { useMutation } from '@tanstack/react-query';
import type { TVoteCreditPurchaseBody, TVoteCreditPurchaseStarted } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/**
 * POST /vote-credits/purchase {package} or {amount} (whole credits), with the page the gateway sends the
 * browser back to: answers the gateway page (authorizationUrl) and the quote charged.
 */
export const purchaseCredits = (body: TVoteCreditPurchaseBody) =>
  apiData<TVoteCreditPurchaseStarted>('/vote-credits/purchase', { method: 'POST', body });

export const usePurchaseCredits = () => useMutation({ mutationFn: purchaseCredits });
