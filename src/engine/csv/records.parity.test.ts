import fc from 'fast-check';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { readRecords } from './records.js';

// The reader csv-parse used to be, kept as the reference the own reader must agree with.
function reference(raw: string, delimiter: string) {
  const text = raw.replace(/\r\n?/g, '\n');
  const clean = (c: string): string =>
    c
      .replace(/^="(.*)"$/, '$1')
      .replace(/[\u00a0\s]+/g, ' ')
      .trim();
  try {
    const out = parse(text, {
      delimiter,
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      info: true,
      trim: false,
      bom: true,
    }) as unknown as { record: string[]; info: { lines: number } }[];
    return out.map((r) => ({ cells: r.record.map(clean), line: r.info.lines - r.record.reduce((n, c) => n + (c.match(/\r\n|\n|\r/g)?.length ?? 0), 0) }));
  } catch {
    return text
      .split(/\r\n|\n|\r/)
      .map((l, i) => ({ cells: l.split(delimiter).map((c) => clean(c.replace(/^"|"$/g, ''))), line: i + 1 }))
      .filter((r) => r.cells.some((c) => c));
  }
}

describe('readRecords', () => {
  it('agrees with csv-parse on quoting, empty lines, line numbers and malformed quotes', () => {
    const piece = fc.constantFrom('a', 'b c', '"', '""', ',', ';', '\n', '\r\n', '\r', ' ', '\u00a0', '="0123"', '12,30', "'30-00", '\t', '\n\n');
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 40 }), fc.constantFrom(',', ';', '\t'), (parts, delim) => {
        const text = parts.join('');
        // Blanks after a closing quote are padding to us and text to csv-parse (tested below).
        fc.pre(!/"[ \t\u00a0\r]+(?=[,;\t\n\r]|$)/.test(text));
        expect(readRecords(text, delim)).toEqual(reference(text, delim));
      }),
      { seed: 20240601, numRuns: 4000 },
    );
  });

  it('blanks between a closing quote and the end of its field are padding', () => {
    expect(readRecords('"2024-04-15","6309.01" \n="0123"\u00a0,"a" ,b', ',').map((r) => r.cells)).toEqual([
      ['2024-04-15', '6309.01'],
      ['0123', 'a', 'b'],
    ]);
    expect(readRecords('"a" \t"b"', '\t').map((r) => r.cells)).toEqual([['a', 'b']]);
  });
  it('reads quoted fields with embedded newlines and reports the line each record starts on', () => {
    const text = 'Date,Description,Amount\n01/02/2024,"TESCO\nLONDON",-1.00\n\n02/02/2024,"say ""hi""",2.00\n';
    expect(readRecords(text, ',')).toEqual([
      { cells: ['Date', 'Description', 'Amount'], line: 1 },
      { cells: ['01/02/2024', 'TESCO LONDON', '-1.00'], line: 2 },
      { cells: ['02/02/2024', 'say "hi"', '2.00'], line: 5 },
    ]);
  });
});
