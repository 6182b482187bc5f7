import { useQuery } from '@tanstack/react-query';
import type { TSupportContact } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

/** GET /support/contact: the support channels this deployment offers (the WhatsApp number, or null). */
export const getSupportContact = (signal?: AbortSignal) => apiData<TSupportContact>('/support/contact', { signal });

/** Read once per visit: it changes only when the operator reconfigures the server. */
export const useSupportContact = () =>
  useQuery({ queryKey: ['support', 'contact'], queryFn: ({ signal }) => getSupportContact(signal), staleTime: Infinity });

/** The configured WhatsApp number (digits), or null while loading, on failure, or when none is configured. */
export const useSupportWhatsApp = (): string | null => useSupportContact().data?.whatsapp ?? null;
