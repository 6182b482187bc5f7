import { useMutation } from '@tanstack/react-query';
import type { TCreateSupportTicket, TSupportTicketCreated } from '@contesthub/shared';
import { apiData } from '../../../lib/api';

export const createTicket = (input: TCreateSupportTicket) =>
  apiData<TSupportTicketCreated>('/support/tickets', { method: 'POST', body: input });

export const useCreateTicket = () => useMutation({ mutationFn: createTicket });
