import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import tseslint from 'typescript-eslint';

/** Import patterns for the repository rule below. */
const NO_TABLES = {
  group: ['**/db/schema', '**/db/schema/**', '**/db/schema.js'],
  allowTypeImports: true,
  message: "Tables are a repository's business: move the query into a *.repository.ts file.",
};
const NO_SQL = {
  group: ['drizzle-orm', 'drizzle-orm/*'],
  allowTypeImports: true,
  message: 'SQL lives in repositories: move the query into a *.repository.ts file and call it.',
};

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      'apps/server/src/db/migrations/**',
      '.tmp/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    // Import boundaries (docs/architecture.md): the resolver follows the TypeScript projects so a
    // rule sees where an import really lands.
    files: ['apps/*/src/**/*.{ts,tsx}', 'packages/*/src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      // The rules read the imported files too (cycles): with the TypeScript parser, for these extensions.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['apps/server/tsconfig.json', 'apps/web/tsconfig.json', 'packages/shared/tsconfig.json'],
        }),
      ],
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // Type-aware rules where they matter most: a floating promise on the server loses errors and money.
    files: ['apps/server/src/**/*.ts'],
    languageOptions: { parserOptions: { project: './apps/server/tsconfig.json', tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { arguments: false } }],
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Server import direction (docs/architecture.md "Module map"): lower layers never import higher
    // ones. A violation names the rule it breaks; apps/server/test/lint-boundaries.test.ts proves
    // each zone fires.
    files: ['apps/server/src/**/*.ts'],
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: 'apps/server/src/lib',
              from: ['apps/server/src/modules', 'apps/server/src/plugins', 'apps/server/src/app.ts', 'apps/server/src/composition.ts'],
              message: 'lib is infrastructure: it imports no module (a module hands it what it needs).',
            },
            {
              target: 'apps/server/src/modules',
              from: ['apps/server/src/app.ts', 'apps/server/src/composition.ts', 'apps/server/src/server.ts'],
              message: 'Modules never import the composition root; it imports them.',
            },
            {
              target: 'apps/server/src/modules/ledger',
              from: 'apps/server/src/modules',
              except: ['./ledger'],
              message: 'The ledger is the bottom of the money stack: it imports no other module.',
            },
            {
              target: 'apps/server/src/modules/audit',
              from: 'apps/server/src/modules',
              except: ['./audit'],
              message: 'The audit log is below every staff action that records into it: it imports no other module.',
            },
            {
              target: 'apps/server/src/modules/payments',
              from: [
                'apps/server/src/modules/wallet',
                'apps/server/src/modules/vote-credits',
                'apps/server/src/modules/subscriptions',
                'apps/server/src/modules/transfers',
                'apps/server/src/modules/contests',
                'apps/server/src/modules/entries',
                'apps/server/src/modules/votes',
                'apps/server/src/modules/comments',
                'apps/server/src/modules/contest-settlement',
              ],
              message: 'payments knows no module that pays through it: purposes are registered at the composition root (ctx.payments).',
            },
            {
              target: 'apps/server/src/modules/contests',
              from: [
                'apps/server/src/modules/entries',
                'apps/server/src/modules/votes',
                'apps/server/src/modules/comments',
                'apps/server/src/modules/contest-settlement',
                'apps/server/src/modules/messages',
              ],
              message: 'contests is below entries, votes, comments, contest-settlement and messages: it never imports them.',
            },
            {
              target: 'apps/server/src/modules/entries',
              from: ['apps/server/src/modules/votes', 'apps/server/src/modules/comments', 'apps/server/src/modules/contest-settlement'],
              message: 'entries is below votes, comments and contest-settlement: it never imports them.',
            },
            {
              target: 'apps/server/src/modules/votes',
              from: ['apps/server/src/modules/comments', 'apps/server/src/modules/contest-settlement'],
              message: 'votes is below comments and contest-settlement: it never imports them.',
            },
            {
              target: [
                'apps/server/src/modules/votes',
                'apps/server/src/modules/contests',
                'apps/server/src/modules/entries',
                'apps/server/src/modules/payments',
                'apps/server/src/modules/users',
                'apps/server/src/modules/auth',
              ],
              from: 'apps/server/src/modules/fraud',
              message: 'fraud reads and reviews votes from above: votes and the modules below it never import it.',
            },
          ],
        },
      ],
    },
  },
  {
    // Repositories hold all SQL (docs/architecture.md "Inside a module"): only *.repository.ts files
    // (and db/, seeds) import tables from db/schema; in modules and plugins, only repositories use
    // drizzle's query builders and `sql`. Row types may be imported anywhere (type-only imports).
    files: ['apps/server/src/modules/**/*.ts', 'apps/server/src/plugins/**/*.ts'],
    ignores: ['**/*.repository.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_TABLES, NO_SQL] }] },
  },
  {
    files: ['apps/server/src/lib/**/*.ts', 'apps/server/src/*.ts'],
    ignores: ['**/*.repository.ts'],
    rules: { '@typescript-eslint/no-restricted-imports': ['error', { patterns: [NO_TABLES] }] },
  },
  {
    files: ['apps/web/public/**/*.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    // Contracts (docs/architecture.md "Where each rule lives"): a route's queries, bodies and answers
    // are the shared zod schemas of packages/shared/src/schemas, never built in the route. Only path
    // params are declared in place. (The sandbox checkout's HTML form is no API contract.)
    files: ['apps/server/src/**/*.routes.ts'],
    ignores: ['apps/server/src/modules/payments/payments.routes.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "Property[key.name=/^(response|body|querystring|headers)$/] CallExpression[callee.object.name='z']",
          message: 'Route contracts live in packages/shared/src/schemas: import the schema instead of building it in the route.',
        },
      ],
    },
  },
  {
    // Architecture boundary: the web app talks to the server only over HTTP. (Browser tests may
    // reuse the server's test utilities, such as the SMTP capture.)
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/apps/server/**', '@contesthub/server'], message: 'The web app reaches the server only through the API client.' },
          ],
        },
      ],
    },
  },
  {
    // Web boundaries (docs/architecture.md, after bulletproof-react): pages in app/routes compose
    // domain features; a feature never imports another feature nor the app; the shared layers
    // (components, lib, packages/shared) import neither; no import cycles. Each feature is a zone of
    // its own: a new folder under features/ is added to this list the day it is created.
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    // no-cycle follows only the extensions listed here (the plugin's default is JavaScript alone).
    settings: { 'import-x/extensions': ['.ts', '.tsx'] },
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            ...[
              'admin',
              'analytics',
              'auth',
              'comments',
              'contests',
              'credits',
              'dashboard',
              'entries',
              'operations',
              'moderation',
              'payments',
              'referrals',
              'standing',
              'subscriptions',
              'support',
              'users',
              'votes',
              'wallet',
            ].map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`],
              message:
                'A feature never imports another feature: compose them in a page under app/routes, or move the shared piece to components/, lib/ or packages/shared.',
            })),
            {
              target: './apps/web/src/features',
              from: './apps/web/src/app',
              message: 'Features never import the app: take what the page knows as props or callbacks.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib', './packages/shared/src'],
              from: ['./apps/web/src/features', './apps/web/src/app'],
              message: 'Shared layers (components, lib, packages/shared) import neither features nor the app.',
            },
          ],
        },
      ],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
);
