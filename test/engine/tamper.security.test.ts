// A printed figure changed by one cent, given a minus, or taken out must never leave a PASS whose amounts
// or balances read differently (test/helpers/tamper.ts): generated statements, as PDF and as text, one
// figure at a time. `npm run bench`'s neighbour, bench/tamper-sweep.ts, runs the same over whole folders.
import { describe, expect, it } from 'vitest';
import { BANK_LAYOUTS } from '../fixtures/pdf/bank-layouts.js';
import { renderStatement } from '../fixtures/pdf/render-statement.js';
import { tamperFile } from '../helpers/tamper.js';

const CASES: [string, 'pdf' | 'text', Record<string, unknown>][] = [
  ['barclaysLike', 'pdf', { rows: 16, rowsPerPage: 8 }],
  ['hsbcLike', 'text', { rows: 16, splitRows: true }],
  ['natwestLike', 'pdf', { rows: 12, newestFirst: true }],
  ['germanSH', 'text', { rows: 12 }],
  ['amexLike', 'pdf', { rows: 12 }],
];

describe('tampered figures', () => {
  for (const [layout, as, opts] of CASES) {
    it(`${layout} as ${as}: no edit of one printed figure keeps a PASS that reads a figure differently`, async () => {
      const { bytes } = await renderStatement(BANK_LAYOUTS[layout], { ...opts, as });
      const r = await tamperFile(Buffer.from(bytes), as === 'pdf' ? 's.pdf' : 's.txt', { sites: 30, kinds: ['cent', 'minus', 'drop'] });
      expect(r.tested).toBe(true);
      expect(r.tally.caught).toBeGreaterThan(20);
      expect(r.suspects.map((f) => `${f.kind} ${f.figure}: ${f.was} -> ${f.now}`)).toEqual([]);
    }, 60_000);
  }
  it('a summary box total ("Money out" over its figure, beside the balances) edited by a cent is caught', async () => {
    const { bytes, truth } = await renderStatement(BANK_LAYOUTS.barclaysLike, { rows: 12, as: 'pdf' });
    // (Minor units summed from the truth's strings, printed as the summary prints it: "1,234.56".)
    const out = truth.transactions.reduce((n, t) => (t.Amount.startsWith('-') ? n + BigInt(t.Amount.slice(1).replace('.', '')) : n), 0n);
    const total = `${(out / 100n).toLocaleString('en-GB')}.${String(out % 100n).padStart(2, '0')}`;
    const r = await tamperFile(Buffer.from(bytes), 's.pdf', { match: total, kinds: ['cent'] });
    expect(r.tally.edits).toBeGreaterThan(0);
    expect(r.tally.caught).toBe(r.tally.edits);
  });
});
