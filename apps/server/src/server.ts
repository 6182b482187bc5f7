import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const app = await buildApp(config);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal} received: finishing requests in flight, then stopping`);
    app.ctx.lifecycle.draining = true;
    // Hard stop if something hangs; a clean close normally takes well under a second.
    setTimeout(() => process.exit(1), 10_000).unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const dbLabel = config.databaseUrl ? `PostgreSQL (${new URL(config.databaseUrl).host})` : `embedded PGlite in ${config.dataDir}`;
  app.log.info(`ContestHub is running at ${config.publicUrl} with ${dbLabel}`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
