/**
 * Text hygiene: the one rule for characters the database cannot keep.
 *
 * PostgreSQL refuses U+0000 (NUL) in `text` and `jsonb` ("invalid byte sequence for encoding UTF8:
 * 0x00"), and a lone UTF-16 surrogate (half of an emoji) cannot be written as UTF-8 at all: the
 * driver would silently store U+FFFD instead. Both are refused before any rule or query runs, with a
 * 400 naming the field. The server applies it to every validated body, query string and path
 * parameter (its validator compiler) and to multipart form fields; forms may use it too.
 *
 * The pattern is linear: each alternative looks at one or two code units around one position.
 */
// eslint-disable-next-line no-control-regex -- NUL is exactly what this pattern is for
export const UNSTORABLE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function hasUnstorableText(s: string): boolean {
  return UNSTORABLE_TEXT.test(s);
}

/** Deeper nesting than any request of ours has: a bound so a hostile document cannot recurse forever. */
const MAX_DEPTH = 32;

/**
 * The dotted path ("location.city", "tags.2") of the first string, or object key, holding a
 * character the database cannot keep; undefined when there is none. `''` means the value itself.
 */
export function findUnstorableText(value: unknown, depth = 0): string | undefined {
  if (typeof value === 'string') return hasUnstorableText(value) ? '' : undefined;
  if (value === null || typeof value !== 'object' || depth > MAX_DEPTH) return undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const inner = findUnstorableText(value[i], depth + 1);
      if (inner !== undefined) return join(String(i), inner);
    }
    return undefined;
  }
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (hasUnstorableText(key)) return printable(key);
    const inner = findUnstorableText(v, depth + 1);
    if (inner !== undefined) return join(key, inner);
  }
  return undefined;
}

const join = (head: string, tail: string) => (tail === '' ? head : `${head}.${tail}`);

/** A field name safe to show in a message (a key may itself hold the bad character). */
const printable = (key: string) => key.replace(new RegExp(UNSTORABLE_TEXT.source, 'g'), '?');

/** The refusal for a field holding such a character. */
export const unstorableTextMessage = (field: string) => `${field || 'The request'} contains a character that is not allowed`;
