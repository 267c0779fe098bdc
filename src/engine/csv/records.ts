// Delimited text -> records with the 1-based line each starts on. csv-parse does the quoting (embedded
// newlines, doubled quotes) and detects CRLF/LF/CR; a malformed quote falls back to a plain split.
import { parse } from 'csv-parse/sync';

export interface TextRecord {
  cells: string[];
  line: number;
}

export function readRecords(raw: string, delimiter: string): TextRecord[] {
  // Files mixing CRLF, LF and CR (a header written apart from the rows) parse as one style.
  const text = raw.replace(/\r\n?/g, '\n');
  try {
    const out = parse(text, {
      delimiter, relax_column_count: true, relax_quotes: true, skip_empty_lines: true, info: true, trim: false, bom: true,
    }) as unknown as { record: string[]; info: { lines: number; raw?: string } }[];
    // info.lines is the line the record ends on; embedded newlines push it past the start.
    return out.map((r) => ({ cells: r.record.map(clean), line: r.info.lines - r.record.reduce((n, c) => n + (c.match(/\r\n|\n|\r/g)?.length ?? 0), 0) }));
  } catch {
    return text.split(/\r\n|\n|\r/).map((l, i) => ({ cells: l.split(delimiter).map((c) => clean(c.replace(/^"|"$/g, ''))), line: i + 1 }))
      .filter((r) => r.cells.some((c) => c));
  }
}

// Excel-protected cells ('99-88-74, ="0123") and stray whitespace.
const clean = (c: string): string => c.replace(/^="(.*)"$/, '$1').replace(/[\u00a0\s]+/g, ' ').trim();
