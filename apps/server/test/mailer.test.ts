import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { mailOutbox } from '../src/db/schema/index.js';
import { createTestApp, settleEventMails, type TestApp } from './helpers.js';
import { startSmtpServer, type TestSmtp } from './smtp.js';

const ticket = {
  name: 'Bola Ade',
  email: 'bola@example.test',
  category: 'Payment Problems',
  priority: 'high',
  subject: 'Card charged twice',
  message: 'My card was charged twice for one deposit.',
};

describe('mail delivery over SMTP_URL with MAIL_FROM', () => {
  let smtp: TestSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({}, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'ContestHub Support <help@contesthub.test>' } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('delivers the ticket confirmation to the SMTP server and records it as sent', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/support/tickets', payload: ticket });
    expect(res.statusCode).toBe(201);
    const number = (res.json() as { data: { ticketNumber: string } }).data.ticketNumber;
    await settleEventMails(t.ctx);

    const mail = await smtp.waitFor((m) => m.to.includes('bola@example.test'));
    expect(mail.from).toBe('help@contesthub.test');
    expect(mail.raw).toContain(`Subject: Support ticket ${number}: Card charged twice`);
    expect(mail.raw).toContain('From: ContestHub Support <help@contesthub.test>');

    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'bola@example.test'));
    expect(row).toMatchObject({ transport: 'smtp', error: null });
    expect(row!.sentAt).toBeInstanceOf(Date);
  });
});

describe('mail delivery when the SMTP server is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Port 9 (discard) on loopback: nothing listens, the connection is refused at once.
    t = await createTestApp({}, { env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  });
  afterAll(() => t.close());

  it('still stores the ticket, and records the delivery failure on the outbox row', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/support/tickets', payload: { ...ticket, email: 'down@example.test' } });
    expect(res.statusCode).toBe(201);
    await settleEventMails(t.ctx);
    const [row] = await t.ctx.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'down@example.test'));
    expect(row!.transport).toBe('smtp');
    expect(row!.sentAt).toBeNull();
    expect(row!.error).toBeTruthy();
  });
});
