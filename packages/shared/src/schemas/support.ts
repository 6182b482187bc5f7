import { z } from 'zod';
import { SUPPORT_CATEGORIES, SUPPORT_PRIORITIES } from '../enums.js';

const required = (message: string) => z.string({ error: message }).trim().min(1, message);

/** Contact page ticket form (spec 000 §5 Support form); the route validates with the same schema. */
export const ZCreateSupportTicket = z.object({
  name: required('Name is required').max(100, 'Name cannot exceed 100 characters'),
  email: required('Email is required')
    .max(254, { message: 'Please provide a valid email address', abort: true })
    .pipe(z.email('Please provide a valid email address')),
  category: z.enum(SUPPORT_CATEGORIES, { error: 'Please select a category' }),
  priority: z.enum(SUPPORT_PRIORITIES, { error: 'Please select a priority' }).default('medium'),
  subject: required('Subject is required').max(200, 'Subject cannot exceed 200 characters'),
  message: required('Message is required').max(5000, 'Message cannot exceed 5000 characters'),
});
export type TCreateSupportTicket = z.infer<typeof ZCreateSupportTicket>;
export type TCreateSupportTicketInput = z.input<typeof ZCreateSupportTicket>;

export const ZSupportTicketCreated = z.object({
  ticketNumber: z.string(),
  subject: z.string(),
  priority: z.enum(SUPPORT_PRIORITIES),
  category: z.enum(SUPPORT_CATEGORIES),
  createdAt: z.string(),
});
export type TSupportTicketCreated = z.infer<typeof ZSupportTicketCreated>;

/** GET /api/support/contact: the support channels this deployment offers (configured by the operator). */
export const ZSupportContact = z.object({
  /** WhatsApp number, digits in international form (for wa.me links); null when none is configured. */
  whatsapp: z.string().nullable(),
});
export type TSupportContact = z.infer<typeof ZSupportContact>;
