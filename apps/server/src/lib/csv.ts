/**
 * CSV files the way spreadsheet programs and RFC 4180 want them, streamed: a UTF-8 byte-order mark
 * (so ₦ opens right in Excel), CRLF line ends, quotes where needed, and text cells that begin with
 * =, +, -, @, tab or carriage return (and their full-width forms) escaped against formula injection
 * while numbers, negative amounts included, stay numbers (csv-stringify `escape_formulas` touches
 * strings only). Rows come from an async iterable, so memory stays flat however long the file is.
 */
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => string | number | boolean | null | undefined;
}

/** The CSV text of `rows` as a stream, header first. */
export function csvStream<Row>(columns: ReadonlyArray<CsvColumn<Row>>, rows: AsyncIterable<Row>): Readable {
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((c, i) => ({ key: String(i), header: c.header })),
    record_delimiter: 'windows',
    escape_formulas: true,
    cast: { boolean: (v) => (v ? 'true' : 'false') },
  });
  async function* records() {
    for await (const row of rows) {
      const record: Record<string, unknown> = {};
      columns.forEach((c, i) => {
        const v = c.value(row);
        record[String(i)] = v === null || v === undefined ? '' : v;
      });
      yield record;
    }
  }
  return Readable.from(records()).pipe(stringifier);
}

/** `attachment; filename="…"` for a download (the name is ours, never the client's). */
export const attachment = (fileName: string): string => `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;

/** A file-name time stamp: 2026-11-26T01-02-03Z. */
export const fileStamp = (d: Date): string =>
  d
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/:/g, '-');
