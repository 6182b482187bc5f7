/**
 * npm run seed -- [--data-dir DIR] [--fresh] [--allow-database-url]
 * Seeds the demo data into the embedded database under DIR (default DATA_DIR or ./data).
 * --fresh deletes that embedded database first. A DATABASE_URL database is only seeded when
 * --allow-database-url is given, so a production database is never filled with demo data by accident.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';

const { values } = parseArgs({
  options: {
    'data-dir': { type: 'string' },
    fresh: { type: 'boolean', default: false },
    'allow-database-url': { type: 'boolean', default: false },
  },
});

const env = { ...process.env, ...(values['data-dir'] ? { DATA_DIR: values['data-dir'] } : {}), SEED_DEMO: 'true' };
const config = loadConfig(env);
if (config.databaseUrl && !values['allow-database-url']) {
  console.error('DATABASE_URL is set: refusing to seed a real database without --allow-database-url.');
  process.exit(1);
}
if (values.fresh && !config.databaseUrl) {
  rmSync(path.join(config.dataDir, 'pglite'), { recursive: true, force: true });
  console.log(`Removed the embedded database in ${config.dataDir}`);
}
const app = await buildApp(config);
await app.close();
console.log(`Demo data seeded (${config.databaseUrl ? 'DATABASE_URL' : config.dataDir}).`);
