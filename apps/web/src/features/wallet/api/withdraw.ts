import { useMutation } from '@tanstack/react-query';
import type { TWithdrawAnswer, TWithdrawRequest } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export interface WithdrawInput {
  body: TWithdrawRequest;
  /** One per withdrawal attempt: the server answers a repeat of the same key with the first withdrawal. */
  idempotencyKey: string;
}

/**
 * POST /wallet/withdraw {amount (whole naira), password}: paid to the wallet's bank account, ₦100 fee on top.
 * The Idempotency-Key makes a repeated request (the same attempt sent again) debit and pay out once.
 */
export const withdraw = ({ body, idempotencyKey }: WithdrawInput) =>
  apiData<TWithdrawAnswer>('/wallet/withdraw', { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

export const useWithdraw = () => useMutation({ mutationFn: withdraw });
