import { defineConfig } from 'vitest/config';

/**
 * One Vitest run, three projects:
 *   shared  pure rules in packages/shared (node)
 *   server  behaviour through app.inject against PGlite, or a real PostgreSQL when
 *           TEST_DATABASE_URL is set (npm run test:pg starts a throwaway server)
 *   fuzz    every OpenAPI operation with bad input (apps/server/test/fuzz.test.ts), alone on the
 *           machine because it also checks that the server never stalls (npm run test:fuzz)
 *   web     React components and hooks (jsdom)
 */
export default defineConfig({
  test: {
    // A project without test files yet (web, early on) must not fail the run.
    passWithNoTests: true,
    // Two cores here; each server test file also holds an embedded database in memory.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'shared',
          include: ['packages/shared/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts', 'apps/server/src/**/*.test.ts'],
          // The fuzz suite measures stalls of the event loop: it runs alone (project `fuzz`).
          exclude: ['apps/server/test/fuzz.test.ts'],
          environment: 'node',
          // Migrating a fresh database and hashing passwords take real time on a small machine.
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          name: 'fuzz',
          include: ['apps/server/test/fuzz.test.ts'],
          environment: 'node',
          testTimeout: 600_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
      {
        oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          setupFiles: ['apps/web/src/test/setup.ts'],
          // Page tests render the whole route table; on a loaded 2-core machine they need room.
          testTimeout: 20_000,
        },
      },
    ],
  },
});
