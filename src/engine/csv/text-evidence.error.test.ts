// A CSV header that does not line up with its rows (a label one cell off, headers over several rows):
// the descriptions would come out empty, or as the date, under PASS. Where the words stand in the one
// unnamed column beside the empty label's they are read from there; otherwise no balance checks a
// description, so text_unplaced names the rows and the result is not PASS.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

const run = (text: string) => convert(new TextEncoder().encode(text), { filename: 's.csv' });
const ROWS = [
  ['01/03/2024', 'TESCO STORES', '-10.00', '990.00'],
  ['02/03/2024', 'SALARY ACME', '500.00', '1490.00'],
  ['03/03/2024', 'VODAFONE', '-45.00', '1445.00'],
];

describe('descriptions the header does not line up with', () => {
  it('a Description label one cell off its words is read from the words (PASS)', async () => {
    const body = ROWS.map(([d, t, a, b]) => `${d},,${t},${a},${b}`).join('\n');
    const r = await run(`Date,Description,,Amount,Balance\n${body}\n`);
    expect(r.transactions.map((t) => t.Description)).toEqual(['TESCO STORES', 'SALARY ACME', 'VODAFONE']);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('words in two columns no header names beside an empty Description: named, not PASS', async () => {
    const body = ROWS.map(([d, t, a, b]) => `${d},,${t},card,${a},${b}`).join('\n');
    const r = await run(`Date,Description,,,Amount,Balance\n${body}\n`);
    expect(r.warnings.find((w) => w.code === 'text_unplaced')?.message).toMatch(/^3 row\(s\)/);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });

  it('a Description that is the date again: named, not PASS', async () => {
    const body = ROWS.map(([d, , a, b]) => `${d},${d},${a},${b}`).join('\n');
    const r = await run(`Date,Description,Amount,Balance\n${body}\n`);
    expect(r.warnings.map((w) => w.code)).toContain('text_unplaced');
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });

  it('a header over two rows whose labels stand over the rows own cells reads them (PASS)', async () => {
    const body = ROWS.map(([d, t, a, b]) => `${d},${d},${t},${a},${b}`).join('\n');
    const r = await run(`Booking,,Details,,\nDate,Value date,Description,Amount,Balance\n${body}\n`);
    expect(r.transactions.map((t) => t.Description)).toEqual(['TESCO STORES', 'SALARY ACME', 'VODAFONE']);
    expect(r.reconcile_status).toBe('PASS');
  });
});
