import { useMutation } from '@tanstack/react-query';
import type { TWithdrawAnswer, TWithdrawRequest } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** POST /wallet/withdraw {amount (whole naira), password}: paid to the wallet's bank account, ₦100 fee on top. */
export const withdraw = (body: TWithdrawRequest) => apiData<TWithdrawAnswer>('/wallet/withdraw', { method: 'POST', body });

export const useWithdraw = () => useMutation({ mutationFn: withdraw });
