// The page's words for people and the audit trail of corrections, both plain JavaScript shared with the
// server: API messages without ids or request parameters, and each correction with its printed and
// corrected values and the time it was first saved.
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../../engine/types.js';
import { correctionsOf, correctionsSummary } from './audit.js';
import { plainWords } from './words.js';

const tx = (amount: string): Transaction => ({
  Date: '01/03/2026',
  Description: `ROW ${amount}`,
  Type: 'debit',
  Debit: amount,
  Credit: '',
  Amount: `-${amount}`,
  Balance: '',
  Reference: '',
  Currency: 'GBP',
});

describe('plainWords', () => {
  it('leaves out conversion ids and request parameters, and writes dates as people do', () => {
    expect(
      plainWords(
        'Covers 2026-03-01 to 2026-03-31, which overlaps one converted before (2026-02-15 to 2026-03-14, conversion conv_01MABC): rows 3-7 are likely already imported; their ids (FITIDs, include=ids) are the same as before, so importers that dedupe by id skip them.',
      ),
    ).toBe(
      'Covers 1 Mar 2026 to 31 Mar 2026, which overlaps one converted before (15 Feb 2026 to 14 Mar 2026): rows 3-7 are likely already imported; importers that recognise transactions they have seen before skip them.',
    );
    expect(plainWords('One-account formats (OFX, QIF) give a ZIP of one file per account, or one statement with statement=N.')).toBe(
      'Import files (OFX, QIF) come as a ZIP with one file per account.',
    );
  });
});

describe('correctionsOf', () => {
  const printed = [tx('1.00'), tx('2.00'), tx('3.00')];
  it('lists edited, added and deleted rows with what was printed, keeping the time a correction was first saved', () => {
    const rows = [
      { t: { ...printed[0], Debit: '1.50', Amount: '-1.50' }, key: 0 },
      { t: tx('9.00'), key: 3, added: true },
      { t: printed[2], key: 2 },
    ];
    const first = correctionsOf(rows, printed, [], '2026-03-02T10:00:00.000Z');
    expect(first.map((c) => [c.change, c.row, c.printed_row])).toEqual([
      ['edited', 1, 1],
      ['added', 2, null],
      ['deleted', null, 2],
    ]);
    expect(first[0].printed).toEqual(printed[0]);
    expect(correctionsSummary(first)).toBe('1 row edited, 1 added, 1 deleted');
    const again = correctionsOf(rows, printed, first, '2026-03-03T10:00:00.000Z');
    expect(again.map((c) => c.at)).toEqual(first.map((c) => c.at));
    expect(
      correctionsOf(
        printed.map((t, key) => ({ t, key })),
        printed,
        first,
        '2026-03-03T10:00:00.000Z',
      ),
    ).toEqual([]);
  });
});
