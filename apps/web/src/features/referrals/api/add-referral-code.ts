import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TAddReferralResult } from '@contesthub/shared';
import { ME_QUERY_KEY } from '../../../lib/auth';
import { apiData } from '../../../lib/api';

export const addReferralCode = (referralCode: string) =>
  apiData<TAddReferralResult>('/referrals/add-code', { method: 'POST', body: { referralCode } });

/** After a code is added the profile (credits, referredBy) and the referral figures are stale. */
export const useAddReferralCode = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addReferralCode,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ['referrals'] }),
      ]);
    },
  });
};
