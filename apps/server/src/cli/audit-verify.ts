/**
 * npm run audit:verify -- [--data-dir DIR] [--json]
 * Walks the staff audit log's hash chain (modules/audit) of the embedded database under DIR
 * (default DATA_DIR or ./data), or of DATABASE_URL when set, and reports the first broken link:
 * a row changed, removed, inserted or reordered. Prints the chain's head (keep it elsewhere: a
 * later run that does not reach it means rows were cut from the end). Exits 1 on a broken chain.
 * Read-only; like `npm run reconcile`, stop `npm start` first when it uses the embedded database.
 */
import { parseArgs } from 'node:util';
import { formatNumber } from '@contesthub/shared';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { verifyAuditChain } from '../modules/audit/audit.js';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, json: { type: 'boolean', default: false } } });
const config = loadConfig({ ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) });
const database = openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  const result = await verifyAuditChain(database.db);
  if (values.json) {
    console.log(JSON.stringify(result, null, 2));
  } else if (result.ok) {
    console.log(`The audit chain holds: ${formatNumber(result.examined)} rows, head ${result.head ?? '(empty)'}`);
  } else {
    console.log(
      `The audit chain is broken at row ${result.brokenAt!.id}: ${result.brokenAt!.problem} (${formatNumber(result.examined)} rows examined)`,
    );
  }
  process.exitCode = result.ok ? 0 : 1;
} finally {
  await database.close();
}
