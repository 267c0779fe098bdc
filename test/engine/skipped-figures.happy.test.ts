// A line group left out of the table (no date, no amount) is named by rows_skipped. One that prints a
// figure stands above the first dated row (dates carry down); only a printed opening balance checks
// it: without one, the first printed balance fixes the opening and would take the figure in unseen.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';

const statement = (opening: string) =>
  [
    'Statement of account',
    '',
    'Date        Description                 Amount      Balance',
    opening,
    '            ADJUSTMENT                   10.00',
    '01/03/2024  SHOP ONE                     -5.00       95.00',
    '02/03/2024  SHOP TWO                     -5.00       90.00',
    '03/03/2024  SHOP THREE                   -7.00       83.00',
    '04/03/2024  SHOP FOUR                    -2.00       81.00',
    '',
  ].join('\n');

const read = (text: string) => convert(new TextEncoder().encode(text), { filename: 's.txt' });

describe('a figure left out above the first dated row', () => {
  it('is not PASS when no opening balance is printed (nothing checks whether it moved money)', async () => {
    const r = await read(statement(''));
    expect(r.transactions).toHaveLength(4);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.find((w) => w.code === 'rows_skipped')?.message).toMatch(/no opening balance printed/);
  });
  it('may PASS when a printed opening balance shows it moved none', async () => {
    const r = await read(statement('            Balance brought forward                  100.00'));
    expect(r.transactions).toHaveLength(4);
    expect(r.reconcile_status).toBe('PASS');
    expect(r.warnings.map((w) => w.code)).toContain('rows_skipped');
  });
});
