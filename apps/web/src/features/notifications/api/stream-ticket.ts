import { apiData } from '../../../lib/api';

/** POST /notifications/stream-ticket: a single-use ticket (60 s) for one EventSource connection. */
export const getStreamTicket = async () =>
  (await apiData<{ ticket: string; expiresAt: string }>('/notifications/stream-ticket', { method: 'POST' })).ticket;
