/** Small text formatters the pages share (domain words live in packages/shared/src/labels.ts). */

/** '1 comment', '3 comments'. */
export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** A vote-credit amount: whole numbers plain, fractions with up to two decimals. */
export const credits = (n: number) => new Intl.NumberFormat('en-NG', { maximumFractionDigits: 2 }).format(n);
