// Generated statement PDFs in every layout of the PDF engine issue: exact rows and verdicts.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { generateStatementPdf, type Layout, type StatementSpec } from '../fixtures/pdf/generate.js';

async function check(spec: StatementSpec) {
  const { bytes, truth } = await generateStatementPdf(spec);
  const r = await convert(bytes, { filename: 'statement.pdf' });
  expect(r.reconcile_status).toBe(truth.reconcile_status);
  expect(r.transactions.map((t) => [t.Date, t.Description, t.Amount, t.Currency])).toEqual(
    truth.transactions.map((t) => [t.Date, t.Description, t.Amount, t.Currency]),
  );
  truth.transactions.forEach((t, i) => {
    if (t.Balance !== null) expect(r.transactions[i].Balance).toBe(t.Balance);
  });
  return { r, truth };
}

const LAYOUTS: Layout[] = ['split', 'split-type', 'paidin-withdrawn', 'signed', 'in-out', 'day-balance', 'card', 'multi-currency'];

describe('PDF layouts (generated, multi-page, multi-line, December to January)', () => {
  for (const layout of LAYOUTS) {
    it(`reads ${layout} exactly`, async () => {
      await check({ layout, rows: 45, rowsPerPage: 20 });
    });
  }
  it('reads CR/DR balances with an embedded TrueType font', async () => {
    await check({ layout: 'split', rows: 30, balanceStyle: 'crdr', font: 'embedded' });
  });
  it('reads OD balances on an overdrawn account', async () => {
    await check({ layout: 'split-type', rows: 30, balanceStyle: 'od', opening: -50000 });
  });
  it('answers NO_BAL for a card statement without previous/new balance', async () => {
    await check({ layout: 'card', rows: 12, noSummary: true });
  });
  it('names the row and page of a planted break', async () => {
    const { r, truth } = await check({ layout: 'split', rows: 50, rowsPerPage: 20, plantBreak: 27 });
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    const w = r.warnings.find((x) => x.code === 'balance_mismatch');
    expect(w?.row).toBe(truth.breakAt!.row);
    expect(w?.page).toBe(truth.breakAt!.page);
  });
  it('converts a 40-page statement with the right verdict and provenance', async () => {
    const { r } = await check({ layout: 'day-balance', rows: 40 * 28, rowsPerPage: 28 });
    expect(r.meta.pageCount).toBe(40);
    expect(r.provenance).toHaveLength(r.transactions.length);
    expect(r.provenance[r.provenance.length - 1]?.page).toBe(40);
    expect(r.provenance[0]?.boxes?.length).toBeGreaterThan(0);
  }, 60_000);
});
