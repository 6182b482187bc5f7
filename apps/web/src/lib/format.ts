/** Small text formatters the pages share (domain words live in packages/shared/src/labels.ts). */

/** A vote-credit amount: whole numbers plain, fractions with up to two decimals. */
export const credits = (n: number) => new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 }).format(n);
