import { rmSync } from 'node:fs';
import type { MailRelay } from './mail-relay';

/** Closes the mail relay the config started in the runner (playwright.config.ts) and drops its folder. */
export default async function globalTeardown(): Promise<void> {
  const relay = (globalThis as { e2eMailRelay?: MailRelay }).e2eMailRelay;
  if (!relay) return;
  await relay.close();
  rmSync(relay.dir, { recursive: true, force: true });
}
