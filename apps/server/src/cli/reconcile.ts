/**
 * npm run reconcile -- [--data-dir DIR] [--json]
 * Checks the books (modules/reconciliation) of the embedded database under DIR (default DATA_DIR or ./data),
 * or of DATABASE_URL when set. Prints the report; exits 1 when something needs a look. Read-only.
 * The embedded database can be opened by one process at a time: stop `npm start` first (or read the same
 * report as an admin at GET /api/admin/reconciliation while it runs). It never migrates: the database is
 * read as the running version left it.
 */
import { parseArgs } from 'node:util';
import { formatNaira, formatNumber } from '@contesthub/shared';
import { loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { runReconciliation } from '../modules/reconciliation/reconciliation.service.js';

const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, json: { type: 'boolean', default: false } } });
const config = loadConfig({ ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}) });
const database = openDatabase(
  config.databaseUrl ? { kind: 'postgres', url: config.databaseUrl } : { kind: 'pglite', dataDir: config.dataDir },
);
try {
  const report = await runReconciliation(database.db);
  if (values.json) {
    console.log(JSON.stringify(report, null, 2));
  } else {
    console.log(`Reconciliation at ${report.checkedAt} (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir})`);
    for (const c of report.checks) console.log(`  ${c.ok ? 'ok  ' : 'FAIL'} ${c.check} (${formatNumber(c.examined)} examined)`);
    for (const f of report.findings) console.log(`  - [${f.check}] ${f.message}`);
    const t = report.totals;
    console.log(
      `  Held: wallets ${formatNaira(t.walletsKobo)}, escrow ${formatNaira(t.escrowKobo)}, revenue ${formatNaira(t.revenueKobo)}; user credits ${formatNumber(t.userCredits)}`,
    );
    console.log(report.ok ? 'The books reconcile.' : `${report.findings.length} finding(s) need a look.`);
  }
  process.exitCode = report.ok ? 0 : 1;
} finally {
  await database.close();
}
