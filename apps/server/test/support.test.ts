import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_CATEGORIES, type TCreateSupportTicketInput } from '@contesthub/shared';
import { mailOutbox, supportTickets } from '../src/db/schema/index.js';
import { bearer, createSignedInUser, eventsNamed, nextIp, settleEventMails, type TestApp, createTestApp } from './helpers.js';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.close();
});

const validTicket = (over: Partial<TCreateSupportTicketInput> = {}): TCreateSupportTicketInput => ({
  name: 'Ngozi Eze',
  email: 'Ngozi.Eze@Example.com',
  category: 'Payment Problems',
  priority: 'high',
  subject: 'My deposit has not arrived',
  message: 'I paid ₦5,000 by card an hour ago and my wallet still shows ₦0.',
  ...over,
});

/** Every request gets its own client address unless a test pins one: the route is rate limited per IP. */
function submit(payload: unknown, opts: { remoteAddress?: string; headers?: Record<string, string> } = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/support/tickets',
    payload: payload as Record<string, unknown>,
    remoteAddress: opts.remoteAddress ?? nextIp(),
    ...(opts.headers ? { headers: opts.headers } : {}),
  });
}

async function storedTicket(ticketNumber: string) {
  const [row] = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.ticketNumber, ticketNumber));
  return row;
}

describe('POST /api/support/tickets', () => {
  it('opens a ticket, stores it and mails a confirmation', async () => {
    const res = await submit(validTicket());
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.success).toBe(true);
    expect(body.data.ticketNumber).toMatch(/^CH-[A-Z0-9]{8}$/);
    expect(body.data).toMatchObject({ subject: 'My deposit has not arrived', priority: 'high', category: 'Payment Problems' });
    expect(new Date(body.data.createdAt).toString()).not.toBe('Invalid Date');

    const row = await storedTicket(body.data.ticketNumber);
    expect(row).toMatchObject({
      name: 'Ngozi Eze',
      email: 'ngozi.eze@example.com',
      category: 'Payment Problems',
      priority: 'high',
      status: 'open',
      source: 'contact_form',
      userId: null,
    });

    // The confirmation follows from the support.ticket_created event, through the support-mails subscriber.
    await settleEventMails(t.ctx);
    await settleEventMails(t.ctx); // a second run mails nothing more
    const mails = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'ngozi.eze@example.com'));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toContain(body.data.ticketNumber);
    expect(mails[0]!.text).toContain(body.data.ticketNumber);
    expect(mails[0]!.sentAt).not.toBeNull();
  });

  it('gives every ticket its own number', async () => {
    const numbers = new Set<string>();
    for (let i = 0; i < 3; i++) {
      const res = await submit(validTicket({ subject: `Question ${i}` }));
      expect(res.statusCode).toBe(201);
      numbers.add(res.json().data.ticketNumber);
    }
    expect(numbers.size).toBe(3);
  });

  it('defaults the priority to medium', async () => {
    const { priority: _omit, ...withoutPriority } = validTicket();
    const res = await submit(withoutPriority);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.priority).toBe('medium');
    expect((await storedTicket(res.json().data.ticketNumber))!.priority).toBe('medium');
  });

  it('accepts every category of the form', async () => {
    for (const category of SUPPORT_CATEGORIES) {
      const res = await submit(validTicket({ category }));
      expect(res.statusCode, category).toBe(201);
    }
  });

  describe('validation', () => {
    const requiredFields = [
      ['name', 'Name is required'],
      ['email', 'Email is required'],
      ['subject', 'Subject is required'],
      ['message', 'Message is required'],
    ] as const;

    it.each(requiredFields)('refuses a missing %s with "%s"', async (field, message) => {
      const payload: Record<string, unknown> = { ...validTicket() };
      delete payload[field];
      const res = await submit(payload);
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body).toMatchObject({ success: false, errorType: 'VALIDATION_ERROR', message });
      expect(body.errors[field]).toBe(message);
    });

    it.each(requiredFields)('refuses a blank %s with "%s"', async (field, message) => {
      const res = await submit(validTicket({ [field]: '   ' }));
      expect(res.statusCode).toBe(400);
      const body = res.json();
      expect(body.message).toBe(message);
      expect(body.errors[field]).toBe(message);
    });

    it('refuses a missing category with "Please select a category"', async () => {
      const { category: _omit, ...payload } = validTicket();
      const res = await submit(payload);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ message: 'Please select a category', errors: { category: 'Please select a category' } });
    });

    it('refuses an invalid email', async () => {
      const res = await submit(validTicket({ email: 'not-an-email' }));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        success: false,
        message: 'Please provide a valid email address',
        errors: { email: 'Please provide a valid email address' },
      });
    });

    it('refuses a category that is not on the form', async () => {
      const res = await submit({ ...validTicket(), category: 'Complaints' });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ success: false, errorType: 'VALIDATION_ERROR', errors: { category: 'Please select a category' } });
    });

    it('refuses an unknown priority and over-long fields', async () => {
      const priority = await submit({ ...validTicket(), priority: 'urgent' });
      expect(priority.statusCode).toBe(400);
      expect(priority.json().errors.priority).toBe('Please select a priority');

      const subject = await submit(validTicket({ subject: 'x'.repeat(201) }));
      expect(subject.statusCode).toBe(400);
      expect(subject.json().errors.subject).toBe('Subject cannot exceed 200 characters');
    });

    it('lists every problem at once', async () => {
      const res = await submit({});
      expect(res.statusCode).toBe(400);
      expect(Object.keys(res.json().errors).sort()).toEqual(['category', 'email', 'message', 'name', 'subject']);
    });

    it('stores nothing for a refused ticket', async () => {
      const before = await t.ctx.db.select({ id: supportTickets.id }).from(supportTickets);
      await submit(validTicket({ email: 'nope' }));
      const after = await t.ctx.db.select({ id: supportTickets.id }).from(supportTickets);
      expect(after).toHaveLength(before.length);
    });
  });

  it('refuses the 6th ticket from one address within 10 minutes with 429 RATE_LIMITED', async () => {
    const remoteAddress = '203.0.113.77';
    for (let i = 1; i <= 5; i++) {
      const res = await submit(validTicket({ subject: `Attempt ${i}` }), { remoteAddress });
      expect(res.statusCode, `ticket ${i}`).toBe(201);
    }
    const sixth = await submit(validTicket({ subject: 'Attempt 6' }), { remoteAddress });
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ success: false, errorType: 'RATE_LIMITED' });
    const stored = await t.ctx.db.select().from(supportTickets).where(eq(supportTickets.ipAddress, remoteAddress));
    expect(stored).toHaveLength(5);

    // Another address is not affected.
    expect((await submit(validTicket({ subject: 'Other person' }))).statusCode).toBe(201);
  });

  it('links the ticket to the signed-in user', async () => {
    const me = await createSignedInUser(t.app, { fullName: 'Signed In' });
    const res = await submit(validTicket({ email: me.email }), { headers: bearer(me.token) });
    expect(res.statusCode).toBe(201);
    expect((await storedTicket(res.json().data.ticketNumber))!.userId).toBe(me.user.id);
  });

  it('records support.ticket_created once with the ticket, and nothing for a refused ticket', async () => {
    const me = await createSignedInUser(t.app);
    const before = (await eventsNamed(t.ctx, 'support.ticket_created')).length;
    expect((await submit(validTicket({ email: 'not-an-email' }), { headers: bearer(me.token) })).statusCode).toBe(400);
    expect(await eventsNamed(t.ctx, 'support.ticket_created')).toHaveLength(before);

    const res = await submit(validTicket({ email: me.email }), { headers: bearer(me.token) });
    const ticket = await storedTicket(res.json().data.ticketNumber);
    expect(await eventsNamed(t.ctx, 'support.ticket_created', (p) => p.userId === me.user.id)).toEqual([
      { ticketId: ticket!.id, userId: me.user.id },
    ]);
  });

  it('treats an invalid token on the contact form as anonymous', async () => {
    const res = await submit(validTicket(), { headers: bearer('not-a-real-token') });
    expect(res.statusCode).toBe(201);
    expect((await storedTicket(res.json().data.ticketNumber))!.userId).toBeNull();
  });
});

describe('GET /api/support/contact', () => {
  it('answers the configured WhatsApp number, and null when none is configured', async () => {
    const unset = await t.app.inject({ method: 'GET', url: '/api/support/contact' });
    expect(unset.statusCode).toBe(200);
    expect(unset.json()).toEqual({ success: true, data: { whatsapp: null } });
    const configured = await createTestApp({ supportWhatsApp: '2348031234567' });
    try {
      const res = await configured.app.inject({ method: 'GET', url: '/api/support/contact' });
      expect(res.json().data).toEqual({ whatsapp: '2348031234567' });
    } finally {
      await configured.close();
    }
  });
});
