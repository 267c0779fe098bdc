// Statements in sixteen languages and number styles (test/fixtures/pdf/world-layouts.ts), three layouts
// each (a signed amount with a running balance; money out and money in columns with a balance; no
// running balance, the opening and closing printed), over three pages with wrapped descriptions:
// exact rows, balances, the currency from the statement alone, and PASS; a planted break is named.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { renderStatement, type BankStyle } from '../fixtures/pdf/render-statement.js';
import { WORLD, worldStyle, type WorldLayout } from '../fixtures/pdf/world-layouts.js';

const LAYOUTS: WorldLayout[] = ['signed', 'split', 'ends'];
const rowsOf = (ts: { Date: string; Description: string; Amount: string; Balance: string | null }[]) => ts.map((t) => [t.Date, t.Description, t.Amount]);

describe('statements of the world (generated PDFs, 30 rows over three pages)', () => {
  for (const w of WORLD)
    for (const layout of LAYOUTS)
      it(`${w.code} ${layout}: exact rows, ${w.currency}, PASS`, async () => {
        const { bytes, truth } = await renderStatement(worldStyle(w, layout), { rows: 30, rowsPerPage: 12, seed: 5 });
        const r = await convert(bytes, { filename: 's.pdf' });
        expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
        truth.transactions.forEach((t, i) => {
          if (t.Balance !== null) expect(r.transactions[i].Balance).toBe(t.Balance);
        });
        expect(r.transactions.every((t) => t.Currency === w.currency)).toBe(true);
        expect(r.warnings.map((x) => x.code)).not.toContain('currency_assumed');
        expect(r.reconcile_status).toBe('PASS');
      });
});

describe('a planted break in a statement of the world is a RECONCILE_WARN', () => {
  for (const w of WORLD.filter((_, i) => i % 4 === 0))
    it(`${w.code} signed`, async () => {
      const { bytes, truth } = await renderStatement(worldStyle(w, 'signed'), { rows: 30, rowsPerPage: 12, seed: 5, plantBreak: 9 });
      const r = await convert(bytes, { filename: 's.pdf' });
      expect(r.reconcile_status).toBe('RECONCILE_WARN');
      expect(r.warnings.find((x) => x.code === 'balance_mismatch')?.row).toBe(truth.breakAt?.row);
      expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
    });
});

// Signs and figure forms of the world on every language's signed layout: a trailing minus, brackets,
// S/H and CR/DR marks (after the currency's mark where one is printed), +/-, U+2212, floats ("1500.0"),
// and a date printed on a day's first row only (the value date beside every row).
const FORMS: Record<string, (s: BankStyle) => BankStyle> = {
  'trailing minus': (s) => ({ ...s, amountFmt: 'trail' }),
  brackets: (s) => ({ ...s, amountFmt: 'brackets' }),
  'S/H': (s) => ({ ...s, amountFmt: 'sh' }),
  'CR/DR': (s) => ({ ...s, amountFmt: 'crdr' }),
  '+/-': (s) => ({ ...s, amountFmt: 'plus-minus' }),
  'U+2212': (s) => ({ ...s, amountFmt: 'u2212', unicodeFont: true }),
  floats: (s) => ({ ...s, floatFigures: true, moneyMark: undefined }),
  'date once a day': (s) => ({ ...s, dateOnce: true }),
  // Labels of two words stacked over two lines, one-word labels between ("Popis" over "transakce").
  'two-line header': (s) => ({ ...s, stackedHeader: true }),
};

describe('signs and figure forms in every language', () => {
  for (const [form, apply] of Object.entries(FORMS))
    it(form, async () => {
      for (const w of WORLD) {
        const { bytes, truth } = await renderStatement(apply(worldStyle(w, 'signed')), { rows: 20, rowsPerPage: 12, seed: 3 });
        const r = await convert(bytes, { filename: 's.pdf' });
        expect(rowsOf(r.transactions), `${w.code}`).toEqual(rowsOf(truth.transactions));
        expect(r.reconcile_status, `${w.code}`).toBe('PASS');
      }
    });
});

// A column of direction marks beside an unsigned amount, between it and the balance or ending the line.
const MARK_COLUMNS: [string, [string, string]][] = [
  ['nl', ['Af', 'Bij']],
  ['de', ['S', 'H']],
  ['es', ['D', 'H']],
  ['it', ['D', 'A']],
  ['pl', ['Wn', 'Ma']],
  ['in', ['Dr', 'Cr']],
];

describe('a column of direction marks beside the amounts', () => {
  for (const [code, marks] of MARK_COLUMNS)
    for (const layout of ['signed', 'ends'] as const)
      it(`${code} ${marks.join('/')} ${layout}`, async () => {
        const w = WORLD.find((x) => x.code === code)!;
        const { bytes, truth } = await renderStatement({ ...worldStyle(w, layout), markColumn: marks }, { rows: 30, rowsPerPage: 12, seed: 5 });
        const r = await convert(bytes, { filename: 's.pdf' });
        expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
        expect(r.reconcile_status).toBe('PASS');
      });
});

describe('a closing balance printed under the money-in or money-out column', () => {
  it('is read on the side its column names, in every language', async () => {
    for (const w of WORLD) {
      const { bytes, truth } = await renderStatement({ ...worldStyle(w, 'split'), closingInCredit: true }, { rows: 30, rowsPerPage: 12, seed: 5 });
      const r = await convert(bytes, { filename: 's.pdf' });
      expect(rowsOf(r.transactions), w.code).toEqual(rowsOf(truth.transactions));
      expect(r.reconcile_status, w.code).toBe('PASS');
    }
  });
});
