// Delimited text -> records with the 1-based line each starts on. Own single-pass reader: csv-parse
// with line info cost about 1.5 s per 100,000 rows (most of the CSV path), so this reader keeps its
// behaviour (relax_quotes, relax_column_count, skip_empty_lines; an unclosed quote is an error) and records.parity.test.ts checks it against csv-parse. A malformed
// quote falls back to a plain split, as before.

export interface TextRecord {
  cells: string[];
  line: number;
}

class MalformedQuote extends Error {}

const QUOTE = 34,
  LF = 10;
// Blanks that may pad a field after its closing quote (csv-parse's rtrim set, less the rare Unicode spaces).
const PADDING = new Set([0x20, 0x09, 0x0d, 0x0c, 0x0b, 0xa0]);

/**
 * Reads one record at a time into `cells`, an array reused from record to record (a table read row by
 * row keeps no array a row). A cell printing the same text as the cell above it is that cell's string
 * again: exports repeat dates, codes and account columns, and a string not made is one the collector
 * never copies.
 */
export class RecordReader {
  readonly cells: string[] = [];
  /** 1-based line the current record starts on. */
  line = 0;
  private readonly raw: string[] = [];
  private readonly delim: number;
  private i = 0;
  private nextLine = 1;

  constructor(
    private readonly text: string,
    delimiter: string,
  ) {
    this.delim = delimiter.charCodeAt(0);
  }

  /** Reads the next record; false at the end of the text. Throws MalformedQuote on an unclosed quote. */
  next(): boolean {
    const { text, delim, cells, raw } = this;
    const n = text.length;
    let i = this.i;
    let line = this.nextLine;
    // An empty line is skipped, as csv-parse's skip_empty_lines does.
    while (i < n && text.charCodeAt(i) === LF) {
      i++;
      line++;
    }
    if (i >= n) {
      this.i = i;
      this.nextLine = line;
      return false;
    }
    this.line = line;
    let k = 0;
    for (;;) {
      let value: string;
      if (text.charCodeAt(i) === QUOTE) {
        let j = i + 1;
        let buf = '';
        for (;;) {
          const q = text.indexOf('"', j);
          if (q < 0) throw new MalformedQuote('unclosed quote');
          buf += text.slice(j, q);
          if (text.charCodeAt(q + 1) === QUOTE) {
            buf += '"';
            j = q + 2;
            continue;
          }
          i = q + 1;
          // Blanks between a closing quote and the end of its field are padding, not text.
          let w = i;
          for (let c = text.charCodeAt(w); w < n && c !== delim && PADDING.has(c); c = text.charCodeAt(++w));
          if (w > i && (w === n || text.charCodeAt(w) === delim || text.charCodeAt(w) === LF)) i = w;
          if (i < n && text.charCodeAt(i) !== delim && text.charCodeAt(i) !== LF) {
            // A closing quote followed by more text: csv-parse's relax_quotes keeps the quotes and reads
            // the rest of the field as unquoted text.
            let e = i;
            while (e < n && text.charCodeAt(e) !== delim && text.charCodeAt(e) !== LF) e++;
            buf = `"${buf}"${text.slice(i, e)}`;
            i = e;
          }
          break;
        }
        for (let b = buf.indexOf('\n'); b >= 0; b = buf.indexOf('\n', b + 1)) line++;
        if (k < cells.length && raw[k] === buf) value = cells[k];
        else {
          raw[k] = buf;
          value = clean(buf);
        }
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === delim || c === LF) break;
          j++;
        }
        const p = k < cells.length ? raw[k] : undefined;
        if (p !== undefined && p.length === j - i && text.startsWith(p, i)) value = cells[k];
        else {
          const s = text.slice(i, j);
          raw[k] = s;
          value = clean(s);
        }
        i = j;
      }
      if (k < cells.length) cells[k] = value;
      else cells.push(value);
      k++;
      if (i < n && text.charCodeAt(i) === delim) {
        i++;
        continue;
      }
      break;
    }
    if (i < n) {
      i++;
      line++;
    } // the newline ending the record
    if (cells.length !== k) {
      cells.length = k;
      raw.length = k;
    }
    this.i = i;
    this.nextLine = line;
    return true;
  }
}

function parseStrict(text: string, delimiter: string): TextRecord[] {
  const out: TextRecord[] = [];
  const reader = new RecordReader(text, delimiter);
  // A record's cells are copied out of the reused array at their exact length: an array grown by push
  // holds 17 slots for a 5-cell record (about 100 bytes a row kept until the result is built).
  while (reader.next()) out.push({ cells: reader.cells.slice(), line: reader.line });
  return out;
}

/** The text as the reader reads it: one line-ending style (files mixing CRLF, LF and CR parse as one), no byte order mark. */
export const recordText = (raw: string): string => (raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw).replace(/^\uFEFF/, '');

export function readRecords(raw: string, delimiter: string): TextRecord[] {
  const text = recordText(raw);
  try {
    return parseStrict(text, delimiter);
  } catch (e) {
    if (!(e instanceof MalformedQuote)) throw e;
    return splitRecords(text, delimiter);
  }
}

/** The plain split a malformed quote falls back to. */
const splitRecords = (text: string, delimiter: string): TextRecord[] =>
  text
    .split('\n')
    .map((l, i) => ({ cells: l.split(delimiter).map((c) => clean(c.replace(/^"|"$/g, ''))), line: i + 1 }))
    .filter((r) => r.cells.some((c) => c));

const NEEDS_CLEAN = /^\s|\s$|[\u00a0\t\n\r\f\v\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]| {2}|^="/;

// Excel-protected cells ('99-88-74, ="0123") and stray whitespace.
const clean = (c: string): string =>
  NEEDS_CLEAN.test(c)
    ? c
        .replace(/^="(.*)"[ \t\u00a0\f\v]*$/, '$1')
        .replace(/[\u00a0\s]+/g, ' ')
        .trim()
    : c;
