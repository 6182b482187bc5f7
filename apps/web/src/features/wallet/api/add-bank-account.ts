import { useMutation } from '@tanstack/react-query';
import type { TBankAccountAnswer, TBankAccountRequest } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** POST /wallet/bank-account {accountNumber, bankCode}: the server resolves the name again and saves it as verified. */
export const addBankAccount = (body: TBankAccountRequest) => apiData<TBankAccountAnswer>('/wallet/bank-account', { method: 'POST', body });

export const useAddBankAccount = () => useMutation({ mutationFn: addBankAccount });
