// The promise behind PASS, checked as a property over the statement generator: for any layout and any
// variation (seed, rows, page breaks cutting rows, double-spaced text, newest first, a tampered
// figure), a PASS means every row was read exactly; a tampered figure is never a PASS; and a result
// that is not exact says so (its verdict is not PASS).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { isAppError } from '../../src/errors.js';
import { BANK_LAYOUTS } from '../fixtures/pdf/bank-layouts.js';
import { renderStatement } from '../fixtures/pdf/render-statement.js';

const names = Object.keys(BANK_LAYOUTS);
const rowsOf = (ts: { Date: string; Description: string; Amount: string }[]) => ts.map((t) => `${t.Date}|${t.Description}|${t.Amount}`);

const variation = fc.record({
  style: fc.constantFrom(...names),
  seed: fc.integer({ min: 1, max: 10_000 }),
  rows: fc.integer({ min: 6, max: 30 }),
  rowsPerPage: fc.constantFrom(6, 9, 24),
  splitRows: fc.boolean(),
  doubleSpaced: fc.boolean(),
  newestFirst: fc.boolean(),
  multiEvery: fc.constantFrom(0, 2, 3),
  tamper: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
});

describe('honesty (property over generated statements, as text)', () => {
  it('PASS only when every row is exact; a tampered figure never passes', async () => {
    await fc.assert(
      fc.asyncProperty(variation, async (v) => {
        const style = BANK_LAYOUTS[v.style];
        const { bytes, truth } = await renderStatement(style, {
          as: 'text',
          seed: v.seed,
          rows: v.rows,
          rowsPerPage: v.rowsPerPage,
          splitRows: v.splitRows && !style.compactText,
          doubleSpaced: v.doubleSpaced && !style.compactText,
          newestFirst: v.newestFirst,
          multiEvery: v.multiEvery,
          plantBreak: v.tamper,
        });
        // A refusal (too little of a table to read) is honest too: it never claims anything.
        const r = await convert(bytes, { filename: 's.txt' }).catch((e: unknown) => {
          if (isAppError(e)) return null;
          throw e;
        });
        if (!r) return;
        const exact = JSON.stringify(rowsOf(r.transactions)) === JSON.stringify(rowsOf(truth.transactions));
        if (r.reconcile_status === 'PASS') expect(exact, `${v.style}: PASS on rows read wrongly`).toBe(true);
        // Without a printed opening, the first row in time is the implied opening (rule 3): nothing printed
        // can check its amount, by design.
        const firstInTime = v.newestFirst ? v.rows - 1 : 0;
        const implied = !style.opening && !style.summary && v.tamper === firstInTime;
        if (v.tamper !== undefined && !implied) expect(r.reconcile_status, `${v.style}: a tampered figure passed`).not.toBe('PASS');
      }),
      { numRuns: Number(process.env.HONESTY_RUNS ?? 60), seed: Number(process.env.HONESTY_SEED ?? 20261123) },
    );
  }, 240_000);
});
