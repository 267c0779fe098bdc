// The large-export reading (stream-table.ts) must give convertTable's result for the same text, or
// step aside: exports past its 2,000-record look-ahead, each with the deciding change late in the file.
import { describe, expect, it } from 'vitest';
import type { ConvertOptions } from '../types.js';
import { readRecords } from './records.js';
import { streamTable } from './stream-table.js';
import { convertTable } from './table.js';

const OPTS: ConvertOptions = { bank: 'auto', filename: 'export.csv' };

/** A Date, Description, Paid out, Paid in, Balance export of `rows` rows; `edit` may rewrite row i's cells. */
function exportText(rows: number, edit: (i: number, cells: string[]) => string[] = (_, c) => c, header = 'Date,Description,Paid out,Paid in,Balance'): string {
  const lines = [header];
  let bal = 1_000_000; // minor units
  const f = (v: number) => `${Math.floor(Math.abs(v) / 100)}.${String(Math.abs(v) % 100).padStart(2, '0')}`;
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(i / 40) * 86400000);
    const amt = ((i * 7919) % 20000) - 9001;
    bal += amt;
    const d = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    const cells = [d, `"SHOP ${i % 97}, LONDON"`, amt < 0 ? f(amt) : '', amt >= 0 ? f(amt) : '', `${bal < 0 ? '-' : ''}${f(bal)}`];
    lines.push(edit(i, cells).join(','));
  }
  return lines.join('\n') + '\n';
}

function both(text: string) {
  const input = { sample: text.slice(0, 16384), opts: OPTS, inputKind: 'csv' as const, delimiter: ',' };
  return { streamed: streamTable(text, input), whole: convertTable({ ...input, records: readRecords(text, ',') }) };
}

describe('large exports read as they are parsed', () => {
  it('a plain 3,000-row export is read by the streaming path, with the whole reading result', () => {
    const { streamed, whole } = both(exportText(3000));
    expect(streamed).toBeDefined();
    expect(streamed).toEqual(whole);
    expect(whole.transaction_count).toBe(3000);
  });

  it.each([
    ['the header repeated late (a second statement)', (i: number, c: string[]) => (i === 2600 ? ['Date', 'Description', 'Paid out', 'Paid in', 'Balance'] : c)],
    ['a date readable only month-first late in the file', (i: number, c: string[]) => (i === 2700 ? ['01/13/2020', ...c.slice(1)] : c)],
    ['a row without a date late in the file', (i: number, c: string[]) => (i === 2500 ? ['', ...c.slice(1)] : c)],
    ['a continuation line late in the file', (i: number, c: string[]) => (i === 2400 ? [...c, '\n,LONDON BRANCH,,,'] : c)],
    ['a closing balance label late in the file', (i: number, c: string[]) => (i === 2999 ? ['', 'Closing balance', '', '', c[4]] : c)],
    ['trailing cells beyond the header late in the file', (i: number, c: string[]) => (i === 2300 ? [...c, 'NOTE'] : c)],
  ])('%s: the streaming reading gives the same result or steps aside', (_, edit) => {
    const { streamed, whole } = both(exportText(3000, edit));
    if (streamed !== undefined) expect(streamed).toEqual(whole);
  });

  it('decimal commas that only the whole table shows step aside or agree', () => {
    const text = exportText(3000, (i, c) => (i >= 2200 ? c.map((x, k) => (k >= 2 ? x.replace('.', ',') : x)) : c))
      .split('\n')
      .map((l) => l.replace(/,(?=(?:[^"]*"[^"]*")*[^"]*$)/g, ';'))
      .join('\n');
    const input = { sample: text.slice(0, 16384), opts: OPTS, inputKind: 'csv' as const, delimiter: ';' };
    const streamed = streamTable(text, input);
    const whole = convertTable({ ...input, records: readRecords(text, ';') });
    if (streamed !== undefined) expect(streamed).toEqual(whole);
  });
});
