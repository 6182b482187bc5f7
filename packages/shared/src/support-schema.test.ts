import { describe, expect, it } from 'vitest';
import { ZCreateSupportTicket, type TCreateSupportTicketInput } from './schemas/support.js';

const valid: TCreateSupportTicketInput = {
  name: '  Ngozi Eze ',
  email: 'ngozi@example.com',
  category: 'Technical Support',
  subject: 'Upload fails',
  message: 'My photo upload stops at 90%.',
};

/** The first message per field, as the form shows it. */
function errorsOf(input: unknown): Record<string, string> {
  const result = ZCreateSupportTicket.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0])] ??= issue.message;
  return errors;
}

describe('ZCreateSupportTicket', () => {
  it('accepts a complete form, trims text and defaults the priority to medium', () => {
    const parsed = ZCreateSupportTicket.parse(valid);
    expect(parsed).toEqual({ ...valid, name: 'Ngozi Eze', priority: 'medium' });
    expect(ZCreateSupportTicket.parse({ ...valid, priority: 'critical' }).priority).toBe('critical');
  });

  it.each([
    ['name', 'Name is required'],
    ['email', 'Email is required'],
    ['subject', 'Subject is required'],
    ['message', 'Message is required'],
    ['category', 'Please select a category'],
  ] as const)('%s missing → %s', (field, message) => {
    const input: Record<string, unknown> = { ...valid };
    delete input[field];
    expect(errorsOf(input)[field]).toBe(message);
  });

  it.each(['name', 'email', 'subject', 'message'] as const)('%s blank counts as missing', (field) => {
    expect(errorsOf({ ...valid, [field]: '   ' })[field]).toMatch(/is required$/);
  });

  it('checks the email, category, priority and lengths', () => {
    expect(errorsOf({ ...valid, email: 'ngozi@' })).toEqual({ email: 'Please provide a valid email address' });
    expect(errorsOf({ ...valid, category: 'Complaints' })).toEqual({ category: 'Please select a category' });
    expect(errorsOf({ ...valid, priority: 'urgent' })).toEqual({ priority: 'Please select a priority' });
    expect(errorsOf({ ...valid, name: 'n'.repeat(101) })).toEqual({ name: 'Name cannot exceed 100 characters' });
    expect(errorsOf({ ...valid, subject: 's'.repeat(201) })).toEqual({ subject: 'Subject cannot exceed 200 characters' });
    expect(errorsOf({ ...valid, message: 'm'.repeat(5001) })).toEqual({ message: 'Message cannot exceed 5000 characters' });
    expect(errorsOf({ ...valid, name: 'n'.repeat(100), subject: 's'.repeat(200), message: 'm'.repeat(5000) })).toEqual({});
  });
});
