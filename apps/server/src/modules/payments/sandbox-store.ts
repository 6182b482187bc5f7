/**
 * The SandboxStore of the app: the sandbox gateway's checkouts and transfers in the
 * `sandbox_payments` table (one jsonb record per reference), so a checkout survives a restart
 * and every instance behind a load balancer sees the same one.
 */
import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import { sandboxPayments } from '../../db/schema/index.js';
import type { SandboxRecord, SandboxStore } from '../../lib/payments/index.js';

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
    const [row] = await this.db
      .select({ record: sandboxPayments.record })
      .from(sandboxPayments)
      .where(eq(sandboxPayments.reference, reference));
    return row ? revive(row.record) : undefined;
  }

  async put(record: SandboxRecord): Promise<void> {
    // JSON round trip: Dates become ISO strings, exactly what `revive` reads back.
    const json = JSON.parse(JSON.stringify(record)) as Record<string, unknown>;
    await this.db
      .insert(sandboxPayments)
      .values({ reference: record.reference, record: json })
      .onConflictDoUpdate({ target: sandboxPayments.reference, set: { record: json, updatedAt: sql`now()` } });
  }
}
