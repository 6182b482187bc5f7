import type { TPushSubscription } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const getPushPublicKey = () => apiData<{ publicKey: string }>('/notifications/push/public-key');

export const savePushSubscription = (subscription: TPushSubscription) =>
  apiData<{ pushDevices: number }>('/notifications/push-subscriptions', { method: 'POST', body: subscription });

export const deletePushSubscription = (endpoint: string) =>
  apiData<{ pushDevices: number }>('/notifications/push-subscriptions', { method: 'DELETE', body: { endpoint } });
