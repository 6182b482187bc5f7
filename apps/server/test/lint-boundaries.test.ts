/**
 * The import direction is lint, not prose (issue 11 item 2): each boundary rule of eslint.config.js
 * is shown firing on a deliberately bad fixture, and staying quiet on the same import where it is
 * allowed. Fixtures are linted as text under the path they pretend to have; the cycle fixture needs
 * two real files, written for the test and removed after.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');
const eslint = new ESLint({
  cwd: root,
  // Type-aware rules need files in a tsconfig; the boundaries do not.
  overrideConfig: [
    {
      files: ['**/*.ts', '**/*.tsx'],
      languageOptions: { parserOptions: { project: false, projectService: false } },
      rules: {
        '@typescript-eslint/no-floating-promises': 'off',
        '@typescript-eslint/no-misused-promises': 'off',
        '@typescript-eslint/await-thenable': 'off',
        '@typescript-eslint/no-unused-vars': 'off',
      },
    },
  ],
});

async function messages(filePath: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? []).map((m) => `${m.ruleId}: ${m.message}`);
}

/** Lints `code` as `file` and expects `rule` to fire with a message containing `expected`. */
async function expectRule(file: string, code: string, rule: string, expected: string) {
  const found = await messages(file, code);
  expect(
    found.some((m) => m.startsWith(rule) && m.includes(expected)),
    found.join('\n'),
  ).toBe(true);
}

const server = 'apps/server/src';

const web = 'apps/web/src';

describe('web boundaries', () => {
  it.each([
    [`${web}/features/wallet/fixture.ts`, "import { useContest } from '../contests/api/get-contest';", 'another feature'],
    [`${web}/features/wallet/fixture.ts`, "import { router } from '../../app/router';", 'Features never import the app'],
    [`${web}/components/ui/fixture.tsx`, "import { useWallet } from '../../features/wallet/api/get-wallet';", 'Shared layers'],
    [`${web}/lib/fixture.ts`, "import { router } from '../app/router';", 'Shared layers'],
    [
      'packages/shared/src/fixture.ts',
      "import { useWallet } from '../../../apps/web/src/features/wallet/api/get-wallet';",
      'Shared layers',
    ],
  ])('%s: %s', (file, code, expected) => expectRule(file, code, 'import-x/no-restricted-paths', expected));

  it('lets a page compose several features, and a feature use components and lib', async () => {
    expect(
      await messages(
        `${web}/app/routes/fixture.tsx`,
        "import { useWallet } from '../../features/wallet/api/get-wallet';\nimport { useContest } from '../../features/contests/api/get-contest';",
      ),
    ).toEqual([]);
    expect(await messages(`${web}/features/wallet/fixture.ts`, "import { cn } from '../../lib/cn';")).toEqual([]);
  });
});

describe('route contracts', () => {
  const route = `${server}/modules/wallet/fixture.routes.ts`;

  it('refuses a query, body or answer schema built in a route', async () => {
    for (const code of [
      "app.get('/', { schema: { response: { 200: envelope(z.object({ wallet: ZWallet })) } } }, h);",
      "app.post('/', { schema: { body: z.object({ amount: z.number() }) } }, h);",
      "app.get('/', { schema: { querystring: z.object({ page: z.number() }) } }, h);",
    ]) {
      const found = await messages(route, code);
      expect(
        found.some((m) => m.startsWith('no-restricted-syntax') && m.includes('packages/shared/src/schemas')),
        `${code}\n${found.join('\n')}`,
      ).toBe(true);
    }
  });

  it('takes shared schemas and path params declared in place', async () => {
    const code =
      "app.get('/:id', { schema: { params: z.object({ id: z.uuid() }), querystring: ZPageQuery, response: { 200: envelope(ZWalletAnswer) } } }, h);";
    expect(await messages(route, code)).toEqual([]);
  });
});

describe('repositories hold all SQL', () => {
  it.each([
    [`${server}/modules/wallet/fixture.ts`, "import { wallets } from '../../db/schema/index.js';", 'Tables are a repository'],
    [`${server}/modules/wallet/fixture.ts`, "import { sql } from 'drizzle-orm';", 'SQL lives in repositories'],
    [`${server}/plugins/fixture.ts`, "import { eq } from 'drizzle-orm';", 'SQL lives in repositories'],
    [`${server}/lib/fixture.ts`, "import { users } from '../db/schema/index.js';", 'Tables are a repository'],
  ])('%s: %s', (file, code, expected) => expectRule(file, code, '@typescript-eslint/no-restricted-imports', expected));

  it('lets a repository use tables and SQL, and anyone import a row type', async () => {
    expect(
      await messages(
        `${server}/modules/wallet/fixture.repository.ts`,
        "import { sql } from 'drizzle-orm';\nimport { wallets } from '../../db/schema/index.js';\nexport const q = [sql, wallets];",
      ),
    ).toEqual([]);
    expect(
      await messages(
        `${server}/modules/wallet/fixture.ts`,
        "import type { SQL } from 'drizzle-orm';\nimport type { ContestRestrictions } from '../../db/schema/index.js';",
      ),
    ).toEqual([]);
  });
});

describe('server boundaries', () => {
  it.each([
    [`${server}/lib/fixture.ts`, "import { post } from '../modules/ledger/ledger.js';", 'lib is infrastructure'],
    [`${server}/modules/ledger/fixture.ts`, "import { createUser } from '../users/users.service.js';", 'The ledger is the bottom'],
    [
      `${server}/modules/payments/fixture.ts`,
      "import { settleCreditPurchase } from '../vote-credits/vote-credits.service.js';",
      'payments knows no module',
    ],
    [`${server}/modules/contests/fixture.ts`, "import { castVote } from '../votes/cast-vote.js';", 'contests is below'],
    [`${server}/modules/entries/fixture.ts`, "import { refundVote } from '../votes/refund-vote.js';", 'entries is below'],
    [`${server}/modules/votes/fixture.ts`, "import { cancelLocked } from '../contest-settlement/cancel-contest.js';", 'votes is below'],
    [
      `${server}/modules/wallet/fixture.ts`,
      "import { paymentRegistry } from '../../composition.js';",
      'Modules never import the composition root',
    ],
  ])('%s: %s', (file, code, expected) => expectRule(file, code, 'import-x/no-restricted-paths', expected));

  it('lets a higher module import a lower one', async () => {
    expect(
      await messages(`${server}/modules/contest-settlement/fixture.ts`, "import { refundVote } from '../votes/refund-vote.js';"),
    ).toEqual([]);
    expect(await messages(`${server}/modules/votes/fixture.ts`, "import { post } from '../ledger/ledger.js';")).toEqual([]);
    expect(
      await messages(
        `${server}/composition.fixture.ts`,
        "import { settleCreditPurchase } from './modules/vote-credits/vote-credits.service.js';",
      ),
    ).toEqual([]);
  });

  describe('cycles', () => {
    const dir = path.join(root, server, 'modules', '__lint_cycle_fixture__');
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('refuses two files that import each other', async () => {
      mkdirSync(dir, { recursive: true });
      writeFileSync(path.join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
      writeFileSync(path.join(dir, 'b.ts'), "import { a } from './a.js';\nexport const b = () => a;\n");
      const [result] = await eslint.lintFiles([path.join(dir, 'a.ts')]);
      expect(result!.messages.map((m) => m.ruleId)).toContain('import-x/no-cycle');
    });
  });
});
