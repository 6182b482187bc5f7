/**
 * The SandboxStore of the app: the sandbox gateway's checkouts and transfers in the
 * `sandbox_payments` table (one jsonb record per reference), so a checkout survives a restart
 * and every instance behind a load balancer sees the same one.
 */
import type { DbOrTx } from '../../db/client.js';
import type { SandboxRecord, SandboxStore } from '../../lib/payments/index.js';
import { findSandboxRecord, upsertSandboxRecord } from './sandbox-store.repository.js';

/** jsonb keeps dates as ISO strings; turn them back into Dates. */
function revive(raw: Record<string, unknown>): SandboxRecord {
  const date = (v: unknown) => (typeof v === 'string' ? new Date(v) : null);
  if (raw.kind === 'payment') {
    return { ...(raw as unknown as SandboxRecord), createdAt: date(raw.createdAt)!, paidAt: date(raw.paidAt) } as SandboxRecord;
  }
  return { ...(raw as unknown as SandboxRecord), createdAt: date(raw.createdAt)! } as SandboxRecord;
}

export class DbSandboxStore implements SandboxStore {
  constructor(private readonly db: DbOrTx) {}

  async get(reference: string): Promise<SandboxRecord | undefined> {
    const record = await findSandboxRecord(this.db, reference);
    return record ? revive(record) : undefined;
  }

  async put(record: SandboxRecord): Promise<void> {
    // JSON round trip: Dates become ISO strings, exactly what `revive` reads back.
    const json = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
    await upsertSandboxRecord(this.db, record.reference, json);
  }
}
