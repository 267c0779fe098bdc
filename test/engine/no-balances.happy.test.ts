// Statements that print no running balance (the generated layouts with every row's balance blanked in
// the PDF): the rows read as before, and the verdict rests on what is left, the summary's opening,
// closing and totals (PASS), or nothing (NO_BAL); never a warning about figures that were never printed.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { BANK_LAYOUTS } from '../fixtures/pdf/bank-layouts.js';
import { renderStatement } from '../fixtures/pdf/render-statement.js';
import { blankFigures } from '../helpers/tamper.js';

// (Truth balances are minor-unit decimal strings; the page groups thousands with commas.)
const printed = (v: string) => {
  const [i, f] = v.replace('-', '').split('.');
  return [`${i}.${f}`, `${i.replace(/\B(?=(\d{3})+$)/g, ',')}.${f}`];
};

describe('statements without running balances', () => {
  for (const layout of ['barclaysLike', 'hsbcLike', 'natwestLike', 'santanderLike']) {
    it(`${layout}: rows as printed, verdict from the summary alone`, async () => {
      const { bytes, truth } = await renderStatement(BANK_LAYOUTS[layout], { rows: 20, rowsPerPage: 12, as: 'pdf' });
      const balances = new Set(truth.transactions.flatMap((t) => (t.Balance ? printed(t.Balance) : [])));
      const { bytes: blank, blanked } = blankFigures(Buffer.from(bytes), balances);
      expect(blanked).toBeGreaterThan(5);
      const r = await convert(blank, { filename: 's.pdf' });
      expect(r.transactions.map((t) => `${t.Date}|${t.Description}|${t.Amount}`)).toEqual(
        truth.transactions.map((t) => `${t.Date}|${t.Description}|${t.Amount}`),
      );
      expect(['PASS', 'NO_BAL']).toContain(r.reconcile_status);
    });
  }
});
