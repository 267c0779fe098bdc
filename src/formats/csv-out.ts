// RFC 4180 CSV as every CSV-family writer needs it: UTF-8 without BOM, comma, CRLF, fields quoted only
// when they hold a comma, a quote, CR or LF, embedded quotes doubled. csv-stringify does the quoting;
// its own `escape_formulas` is not used because it would also prefix negative amounts, so callers run
// formula-guard on their text columns instead.
import { Readable } from 'node:stream';
import { toChunks } from './byte-chunks.js';

export type CsvRow = readonly string[];

/** Streams a header row and then `rows` as CSV bytes. */
export async function* csvBytes(header: CsvRow, rows: Iterable<CsvRow> | AsyncIterable<CsvRow>): AsyncIterable<Uint8Array> {
  // Loaded on first use: a CLI conversion to JSON does not pay for it at start-up.
  const { stringify } = await import('csv-stringify');
  const source = Readable.from(
    (async function* () {
      yield header;
      yield* rows;
    })(),
    { objectMode: true },
  );
  const stringifier = stringify({ record_delimiter: '\r\n', eof: true, bom: false, quoted_empty: false });
  source.on('error', (e) => stringifier.destroy(e));
  const text = source.pipe(stringifier).setEncoding('utf8') as AsyncIterable<string>;
  yield* toChunks(text);
}
