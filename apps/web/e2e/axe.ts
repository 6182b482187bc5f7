/** axe-core in the browser tests: waiting for a page's content, and axe's findings in readable lines. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

/** The WCAG levels the product promises (issue 13): A and AA of WCAG 2.0, 2.1 and 2.2. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa', 'wcag22aa'];

/**
 * Waits for the page's own content: a level-one heading, no request in flight, and no loading
 * skeleton or spinner left (axe would otherwise judge the placeholder instead of the page).
 */
export async function settled(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.locator('.animate-pulse, [role="status"] .animate-spin')).toHaveCount(0);
}

/**
 * axe's findings on the page as it stands (or within `include`, a CSS selector), one entry per rule
 * broken: `label: rule (impact) help` and then each offending element's selector with axe's reason.
 */
export async function axeViolations(page: Page, label: string, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page }).withTags(WCAG_TAGS);
  if (include) builder.include(include);
  const { violations } = await builder.analyze();
  return violations.map((v) => {
    const nodes = v.nodes.map((n) => {
      // For contrast and similar checks, axe's message carries the figures (e.g. "contrast of 4.2").
      const detail = [...n.any, ...n.all, ...n.none].map((c) => c.message).find(Boolean);
      return `    ${n.target.join(' >> ')}${detail ? ` — ${detail}` : ''}`;
    });
    return `${label}: ${v.id} (${v.impact}) ${v.help}\n${nodes.join('\n')}`;
  });
}

/** Fails listing every violation found (rule id, impact, the elements' selectors). */
export function expectNone(found: string[]): void {
  expect(found.length, `axe violations (${WCAG_TAGS.join(', ')}):\n${found.join('\n')}`).toBe(0);
}
