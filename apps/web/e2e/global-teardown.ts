/** Closes the mail capture the config started in the runner (playwright.config.ts). */
export default async function globalTeardown(): Promise<void> {
  await (globalThis as { e2eMailRelay?: { close(): Promise<void> } }).e2eMailRelay?.close();
}
