// `npm start`: installs what is missing, builds when sources changed, then runs the server.
// Configuration comes from the environment (see .env.example); by default the embedded
// database lives in ./data and demo data is seeded on first start.
import { ensureBuilt, ensureDependencies, runForeground } from './lib.mjs';

ensureDependencies();
ensureBuilt();
runForeground(process.execPath, ['--enable-source-maps', 'apps/server/dist/server.js']);
