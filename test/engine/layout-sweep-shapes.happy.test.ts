// Statement shapes the layout sweep (bench/layout-sweep.ts) found read wrong: generated statements
// with one generator knob away from the fixtures' defaults, exact rows and verdict.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { BANK_LAYOUTS } from '../fixtures/pdf/bank-layouts.js';
import { renderStatement, type BankStyle, type RenderOptions } from '../fixtures/pdf/render-statement.js';

const rowsOf = (ts: { Date: string; Description: string; Amount: string }[]) => ts.map((t) => [t.Date, t.Description, t.Amount]);

async function read(style: BankStyle, opts: RenderOptions) {
  const { bytes, truth } = await renderStatement(style, opts);
  const r = await convert(bytes, { filename: opts.as === 'pdf' ? 's.pdf' : 's.txt' });
  return { r, truth };
}

describe('text copied out of a PDF viewer (no columns)', () => {
  it('a wrapped description line that starts with a date ("12 DEC VISA 8832") keeps the date as words', async () => {
    const { r, truth } = await read(BANK_LAYOUTS.compactCopy, { as: 'text', rows: 40, longDescriptions: true, nextDayShare: 0.9, amountScale: 1000 });
    expect(truth.transactions.some((t) => t.Description.includes(' 12 DEC VISA'))).toBe(true);
    expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
    expect(r.reconcile_status).toBe('PASS');
  });
  it('three rows with wrapped descriptions: read as copied text (single spaces), not as a laid-out table dropping the wrapped lines', async () => {
    // Three rows cannot tell whether a row's further lines follow or precede its figures: rows exact,
    // the grouping reported as a guess.
    const { r, truth } = await read(BANK_LAYOUTS.compactCopy, { as: 'text', rows: 3, longDescriptions: true, startDate: '2024-02-01', creditShare: 0.03 });
    expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.some((w) => w.code === 'grouping_uncertain')).toBe(true);
  });
  // A row cut by a page break: its further lines ("REF 226656") atop the next page, after the repeated
  // page furniture and before that page's first dated line. Both directions, with and without the
  // copied header row ("Date Description Money out ..."), single- and double-spaced.
  for (const layout of ['compactCopy', 'compactCopyHeader'] as const)
    for (const newestFirst of [true, false])
      for (const doubleSpaced of [false, true])
        it(`a row cut by a page break keeps its lines printed atop the next page (${layout}, ${newestFirst ? 'newest' : 'oldest'} first${doubleSpaced ? ', double-spaced' : ''})`, async () => {
          // (Every second row runs over lines oldest first, every third newest first: the page's last row does.)
          const opts = { as: 'text', rowsPerPage: 6, newestFirst, splitRows: true, doubleSpaced, multiEvery: newestFirst ? 3 : 2, rows: 40 } as const;
          const { text } = await renderStatement(BANK_LAYOUTS[layout], opts);
          expect(text).toMatch(/\f[^\f]*Account number 12345678\n+(Date [^\n]*\n+)?(REF|ON) /);
          const { r, truth } = await read(BANK_LAYOUTS[layout], opts);
          expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
          expect(r.reconcile_status).toBe('PASS');
        });
  it('a cut row\'s tail that repeats on a few page tops ("ON 06 DEC BP") is not page furniture', async () => {
    // 25 pages: the same tail line atop several of them, the furniture atop all.
    const opts = { as: 'text', rowsPerPage: 6, splitRows: true, multiEvery: 1, seed: 11, rows: 150 } as const;
    const { text } = await renderStatement(BANK_LAYOUTS.compactCopy, opts);
    expect(text.match(/Account number 12345678\n+ON 06 DEC BP\n/g)!.length).toBeGreaterThan(1);
    const { r, truth } = await read(BANK_LAYOUTS.compactCopy, opts);
    expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
    expect(r.reconcile_status).toBe('PASS');
  });
  it("a line atop a page that is neither furniture nor like the rows' continuation lines: said, not dropped under a PASS", async () => {
    const opts = { as: 'text', rowsPerPage: 6, newestFirst: true, splitRows: true, multiEvery: 3, rows: 40 } as const;
    const { text, truth } = await renderStatement(BANK_LAYOUTS.compactCopy, opts);
    // A notice wider than any description, once, atop page 2 (above the cut row's tail).
    const at = text.indexOf('12345678\n', text.indexOf('\f')) + '12345678\n'.length;
    const notice = 'PLEASE NOTE THAT OUR BRANCH OPENING HOURS CHANGE FROM 1 APRIL 2024 AT ALL BRANCHES NATIONWIDE\n';
    const r = await convert(new TextEncoder().encode(text.slice(0, at) + notice + text.slice(at)), { filename: 's.txt' });
    expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.find((w) => w.code === 'grouping_uncertain')?.row).toBe(6);
  });
});

describe('tables without a header row', () => {
  for (const as of ['pdf', 'text'] as const) {
    it(`every entry over several lines with its figures on the last (long payment details): still a table (${as})`, async () => {
      // No dated line prints a figure; each row's figures stand a few lines below its date.
      const { r, truth } = await read(BANK_LAYOUTS.headerlessAmountLast, { as, rows: 40, longDescriptions: true });
      expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
      expect(r.reconcile_status).toBe('PASS');
    });
  }
});

describe('tables without a header row, date once a day', () => {
  it("days of many rows: the balance printed at a day's end (an undated line) is still a column, not money in (pdf)", async () => {
    // With about ten rows a day, hardly any dated line prints a balance; the undated row lines do.
    const { r, truth } = await read(BANK_LAYOUTS.headerlessDayEnd, {
      as: 'pdf',
      rows: 40,
      splitRows: true,
      multiEvery: 0,
      amountScale: 1000,
      nextDayShare: 0.1,
    });
    expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
    expect(r.reconcile_status).toBe('PASS');
  });
});
