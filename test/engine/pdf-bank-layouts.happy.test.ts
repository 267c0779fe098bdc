// Bank-style layouts the engine has never been tuned on (UK first, then German, Dutch, French, US,
// and tables without a header row), as PDF and as fixed-width text: exact rows and verdicts, and a
// planted break (one amount printed 1.00 off) must answer RECONCILE_WARN naming its row (and page).
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { BANK_LAYOUTS } from '../fixtures/pdf/bank-layouts.js';
import { renderStatement } from '../fixtures/pdf/render-statement.js';

const rowsOf = (ts: { Date: string; Description: string; Amount: string }[]) => ts.map((t) => [t.Date, t.Description, t.Amount]);

describe('bank-style layouts (generated, 40 rows over two pages)', () => {
  for (const [name, style] of Object.entries(BANK_LAYOUTS)) {
    for (const as of style.compactText ? (['text'] as const) : (['pdf', 'text'] as const)) {
      it(`${name} as ${as}: exact rows and verdict`, async () => {
        const { bytes, truth } = await renderStatement(style, { rows: 40, as });
        const r = await convert(bytes, { filename: as === 'pdf' ? 's.pdf' : 's.txt' });
        expect(r.reconcile_status).toBe(truth.reconcile_status);
        expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
        truth.transactions.forEach((t, i) => {
          if (t.Balance !== null) expect(r.transactions[i].Balance).toBe(t.Balance);
        });
      });
      it(`${name} as ${as}: a planted break is a RECONCILE_WARN at its row`, async () => {
        const { bytes, truth } = await renderStatement(style, { rows: 40, as, plantBreak: 9 });
        const r = await convert(bytes, { filename: as === 'pdf' ? 's.pdf' : 's.txt' });
        expect(r.reconcile_status).toBe('RECONCILE_WARN');
        if (truth.breakAt) {
          const w = r.warnings.find((x) => x.code === 'balance_mismatch');
          expect(w?.row).toBe(truth.breakAt.row);
          // Text provenance names source lines, not pages.
          if (as === 'pdf') expect(w?.page).toBe(truth.breakAt.page);
        } else {
          // No running balance: only the totals or the closing balance can disagree.
          expect(r.warnings.some((x) => x.code === 'balance_mismatch' || x.code === 'totals_mismatch')).toBe(true);
        }
        // Every row is read exactly, the planted one too: where only the balances give a direction,
        // the sign that misses the printed balance by less is kept (a misprint keeps its direction).
        expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
      });
    }
  }
});

describe('rows cut by a page break (further lines atop the next page, eight rows a page)', () => {
  // Unaligned copied text cannot tell a page title from a cut row's tail. Amount-last rows never
  // split (their figures close the row) but still meet a page break every eight rows.
  const splittable = Object.entries(BANK_LAYOUTS).filter(([, s]) => !s.compactText);
  for (const [name, style] of splittable) {
    for (const as of ['pdf', 'text'] as const) {
      it(`${name} as ${as}`, async () => {
        const { bytes, truth } = await renderStatement(style, { rows: 40, as, rowsPerPage: 8, splitRows: true });
        const r = await convert(bytes, { filename: as === 'pdf' ? 's.pdf' : 's.txt' });
        expect(r.reconcile_status).toBe(truth.reconcile_status);
        expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
      });
    }
  }
});

describe('double-spaced text (a blank line after every printed line, as PDF-to-text output gives)', () => {
  // A row's lines then stand two lines apart, like the rows themselves: blank lines inside a row
  // must not cut it (an entry's detail on one line, its figures two lines below).
  const aligned = Object.entries(BANK_LAYOUTS).filter(([, s]) => !s.compactText);
  for (const [name, style] of aligned) {
    it(`${name}: exact rows and verdict`, async () => {
      const { bytes, truth } = await renderStatement(style, { rows: 40, as: 'text', doubleSpaced: true });
      const r = await convert(bytes, { filename: 's.txt' });
      expect(r.reconcile_status).toBe(truth.reconcile_status);
      expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
    });
  }
});

describe('newest-first statements (latest row printed first, balances chaining bottom-up)', () => {
  for (const [name, style] of Object.entries(BANK_LAYOUTS)) {
    for (const as of style.compactText ? (['text'] as const) : (['pdf', 'text'] as const)) {
      it(`${name} as ${as}: exact rows, verdict, planted break`, async () => {
        const clean = await renderStatement(style, { rows: 40, as, newestFirst: true });
        const r = await convert(clean.bytes, { filename: as === 'pdf' ? 's.pdf' : 's.txt' });
        expect(r.reconcile_status).toBe(clean.truth.reconcile_status);
        expect(rowsOf(r.transactions)).toEqual(rowsOf(clean.truth.transactions));
        clean.truth.transactions.forEach((t, i) => {
          if (t.Balance !== null) expect(r.transactions[i].Balance).toBe(t.Balance);
        });
        const { bytes, truth } = await renderStatement(style, { rows: 40, as, newestFirst: true, plantBreak: 9 });
        const b = await convert(bytes, { filename: as === 'pdf' ? 's.pdf' : 's.txt' });
        expect(b.reconcile_status).toBe('RECONCILE_WARN');
        if (truth.breakAt) expect(b.warnings.find((x) => x.code === 'balance_mismatch')?.row).toBe(truth.breakAt.row);
        expect(rowsOf(b.transactions)).toEqual(rowsOf(truth.transactions));
      });
      it(`${name} as ${as}: eight rows a page${style.compactText ? '' : ', rows cut by page breaks'}`, async () => {
        // (santanderLike's PDF here holds "/JS(" by chance inside a compressed stream: not JavaScript.)
        const { bytes, truth } = await renderStatement(style, { rows: 40, as, newestFirst: true, rowsPerPage: 8, splitRows: !style.compactText });
        const r = await convert(bytes, { filename: as === 'pdf' ? 's.pdf' : 's.txt' });
        expect(r.reconcile_status).toBe(truth.reconcile_status);
        expect(rowsOf(r.transactions)).toEqual(rowsOf(truth.transactions));
      });
    }
  }
});
