/**
 * The route catalogue (packages/shared/src/paths.ts) against the router's matcher: every builder's
 * path is matched by its own pattern, ids are encoded, and query and hash parts come out as pages
 * read them.
 */
import { describe, expect, it } from 'vitest';
import { matchPath } from 'react-router';
import { paths, queryString } from '@contesthub/shared';

type Builder = ((...args: string[]) => string) & { pattern: string };

function builders(node: object, prefix = ''): Array<[string, Builder]> {
  return Object.entries(node).flatMap(([name, value]): Array<[string, Builder]> =>
    typeof value === 'function' ? [[`${prefix}${name}`, value as Builder]] : builders(value as object, `${prefix}${name}.`),
  );
}

describe('paths', () => {
  it.each(builders(paths))('%s is matched by its own pattern', (_name, build) => {
    const built = build('id-1', 'id-2');
    const pathname = built.split(/[?#]/)[0]!;
    expect(matchPath(build.pattern, pathname)).not.toBeNull();
  });

  it('builds the links pages and mails use', () => {
    expect(paths.contest('c 1')).toBe('/contest/c%201');
    expect(paths.contestEntry('c1', 'e1')).toBe('/contest/c1#entry-e1');
    expect(paths.dashboard.wallet()).toBe('/dashboard/wallet');
    expect(paths.dashboard.wallet({ tab: 'credits' })).toBe('/dashboard/wallet?tab=credits');
    expect(paths.dashboard.contestReview('c1')).toBe('/dashboard/contests/c1/review');
    expect(paths.paymentVerification()).toBe('/dashboard/payment-verification');
    expect(paths.verifyEmail({ email: 'ada+1@x.ng' })).toBe('/verify-email?email=ada%2B1%40x.ng');
    expect(paths.forgotPassword({ email: '' })).toBe('/forgot-password');
    expect(paths.contests({ search: 'lagos night' })).toBe('/contests?search=lagos%20night');
  });

  it('leaves out query values that are empty', () => {
    expect(queryString({ a: 'x', b: undefined, c: '', d: null, e: 0 })).toBe('?a=x&e=0');
    expect(queryString({})).toBe('');
  });
});
