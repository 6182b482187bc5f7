/**
 * The mail the test server sends (verification codes) reaches the test workers through here. The
 * Playwright runner starts the SMTP capture of the server's tests (apps/server/test/smtp.ts) and
 * points the server's SMTP_URL at it; each mail it receives is also written as one JSON file into a
 * folder, because the tests run in worker processes of their own and read the mail from there.
 */
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { startSmtpServer, type ReceivedMail, type TestSmtp } from '../../server/test/smtp';

/** What the runner keeps of the relay it started, for globalTeardown. */
export interface MailRelay {
  dir: string;
  close(): Promise<void>;
}

/** Runner process: the capture, mirroring every mail into `dir`. */
export async function startMailRelay(dir: string): Promise<TestSmtp> {
  mkdirSync(dir, { recursive: true });
  const smtp = await startSmtpServer();
  let count = 0;
  const keep = smtp.messages.push.bind(smtp.messages);
  smtp.messages.push = (...mails: ReceivedMail[]) => {
    for (const mail of mails) {
      // Written aside, then renamed: a worker never reads half a mail.
      const file = path.join(dir, `${Date.now()}-${count++}`);
      writeFileSync(`${file}.tmp`, JSON.stringify(mail));
      renameSync(`${file}.tmp`, `${file}.json`);
    }
    return keep(...mails);
  };
  return smtp;
}

/** Worker process: the raw text of the first mail to `to` in `dir`, waiting up to `timeoutMs`. */
export async function waitForMail(dir: string, to: string, timeoutMs = 15_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    for (const file of readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort()) {
      const mail = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as ReceivedMail;
      if (mail.to.includes(to)) return mail.raw;
    }
    if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
