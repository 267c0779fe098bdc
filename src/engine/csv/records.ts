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

function parseStrict(text: string, delimiter: string): TextRecord[] {
  const delim = delimiter.charCodeAt(0);
  const out: TextRecord[] = [];
  const n = text.length;
  let i = 0;
  let line = 1;
  // A record's cells are gathered in one reused array and copied out at their exact length: an array
  // grown by push holds 17 slots for a 5-cell record (about 100 bytes a row kept until the result is built).
  const cells: string[] = [];
  while (i < n) {
    // An empty line is skipped, as csv-parse's skip_empty_lines does.
    if (text.charCodeAt(i) === LF) {
      i++;
      line++;
      continue;
    }
    const startLine = line;
    cells.length = 0;
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
          if (i < n && text.charCodeAt(i) !== delim && text.charCodeAt(i) !== LF) {
            // A closing quote followed by more text: csv-parse's relax_quotes keeps the quotes and reads
            // the rest of the field as unquoted text.
            let k = i;
            while (k < n && text.charCodeAt(k) !== delim && text.charCodeAt(k) !== LF) k++;
            buf = `"${buf}"${text.slice(i, k)}`;
            i = k;
          }
          break;
        }
        for (let k = buf.indexOf('\n'); k >= 0; k = buf.indexOf('\n', k + 1)) line++;
        value = buf;
      } else {
        let j = i;
        while (j < n) {
          const c = text.charCodeAt(j);
          if (c === delim || c === LF) break;
          j++;
        }
        value = text.slice(i, j);
        i = j;
      }
      cells.push(clean(value));
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
    out.push({ cells: cells.slice(), line: startLine });
  }
  return out;
}

export function readRecords(raw: string, delimiter: string): TextRecord[] {
  // Files mixing CRLF, LF and CR (a header written apart from the rows) parse as one style.
  const text = (raw.includes('\r') ? raw.replace(/\r\n?/g, '\n') : raw).replace(/^\uFEFF/, '');
  try {
    return parseStrict(text, delimiter);
  } catch (e) {
    if (!(e instanceof MalformedQuote)) throw e;
    return text
      .split('\n')
      .map((l, i) => ({ cells: l.split(delimiter).map((c) => clean(c.replace(/^"|"$/g, ''))), line: i + 1 }))
      .filter((r) => r.cells.some((c) => c));
  }
}

const NEEDS_CLEAN = /^\s|\s$|[\u00a0\t\n\r\f\v\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]| {2}|^="/;

// Excel-protected cells ('99-88-74, ="0123") and stray whitespace.
const clean = (c: string): string =>
  NEEDS_CLEAN.test(c)
    ? c
        .replace(/^="(.*)"$/, '$1')
        .replace(/[\u00a0\s]+/g, ' ')
        .trim()
    : c;
