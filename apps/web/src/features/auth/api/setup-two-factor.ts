import { useMutation } from '@tanstack/react-query';
import type { TTwoFactorSetup } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const setupTwoFactor = () => apiData<TTwoFactorSetup>('/auth/2fa/setup', { method: 'POST' });

export const useSetupTwoFactor = () => useMutation({ mutationFn: setupTwoFactor });
