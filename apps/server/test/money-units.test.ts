/**
 * One unit on the wire (issue 11 item 7): every naira amount is integer kobo and every money field
 * of the OpenAPI document says its unit (kobo or vote credits) in its description, in requests and
 * answers alike. A money-named number without a unit fails here with its path.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.app.ready();
});
afterAll(() => t?.close());

type Schema = {
  type?: string;
  description?: string;
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  allOf?: Schema[];
};

/** Field names that hold money. */
const MONEY =
  /(amount|balance|fee|price|prize|kobo|credits|cost|spent|refunded|payout|winnings|earnings|revenue|escrow|discount|naira|totalIn|totalOut)/i;
/** Money-sounding names that are counts, weights or percentages, not money. */
const NOT_MONEY =
  /^(amount|votesCount|weightedVotes|weightedTotal|paidVotes|freeVotes|totalVotes|totalVoters|totalParticipants|totalTransactions|votesRefunded|entryFeesRefunded|prizesWon|discountPercent|feePercent|durationDays|daysRemaining)$|Percent$|Count$/;

const isNumber = (s: Schema) => s.type === 'number' || s.type === 'integer' || [...(s.anyOf ?? []), ...(s.oneOf ?? [])].some(isNumber);

function unitless(schema: Schema | undefined, path: string, out: string[]): void {
  if (!schema || typeof schema !== 'object') return;
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const where = `${path}.${name}`;
    if (isNumber(field) && MONEY.test(name) && !NOT_MONEY.test(name) && !/kobo|credit/i.test(field.description ?? '')) out.push(where);
    unitless(field, where, out);
  }
  unitless(schema.items, `${path}[]`, out);
  for (const s of [...(schema.anyOf ?? []), ...(schema.oneOf ?? []), ...(schema.allOf ?? [])]) unitless(s, path, out);
}

describe('money units in the OpenAPI document', () => {
  it('states kobo or vote credits on every money field of every request and answer', () => {
    const doc = t.app.swagger() as {
      paths: Record<
        string,
        Record<
          string,
          {
            requestBody?: { content?: Record<string, { schema?: Schema }> };
            responses?: Record<string, { content?: Record<string, { schema?: Schema }> }>;
          }
        >
      >;
    };
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        unitless(op.requestBody?.content?.['application/json']?.schema, `${method.toUpperCase()} ${path} body`, missing);
        for (const [status, res] of Object.entries(op.responses ?? {})) {
          unitless(res.content?.['application/json']?.schema, `${method.toUpperCase()} ${path} ${status}`, missing);
        }
      }
    }
    expect(missing).toEqual([]);
  });

  it('takes deposits and withdrawals in kobo', () => {
    const doc = t.app.swagger() as {
      paths: Record<string, Record<string, { requestBody?: { content?: Record<string, { schema?: Schema }> } }>>;
    };
    for (const path of ['/api/wallet/deposit', '/api/wallet/withdraw']) {
      const amount = doc.paths[path]!.post!.requestBody!.content!['application/json']!.schema!.properties!.amount!;
      expect(amount.description).toMatch(/kobo/);
      expect(amount.type).toBe('integer');
    }
  });
});
