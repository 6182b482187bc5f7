import { defineConfig } from 'drizzle-kit';

// Used only by `npm run db:generate`; migrations are applied from code at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './src/db/migrations',
});
