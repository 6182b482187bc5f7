import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TTwoFactorState } from '@contesthub/shared';
import { ME_QUERY_KEY } from '../../../lib/auth';
import { apiData } from '../../../lib/api';
import { TWO_FACTOR_STATUS_KEY } from './get-two-factor-status';

export const enableTwoFactor = (token: string) => apiData<TTwoFactorState>('/auth/2fa/enable', { method: 'POST', body: { token } });

export const useEnableTwoFactor = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enableTwoFactor,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: TWO_FACTOR_STATUS_KEY });
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
    },
  });
};
