// Rows whose exporter wrote several header columns into one quoted cell: the cell is split so the rows
// line up with the header (synthetic exports, made-up names and figures).
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import { splitMergedCells } from './merged-cells.js';
import type { TextRecord } from './records.js';

const recs = (rows: string[][]): TextRecord[] => rows.map((cells, i) => ({ cells, line: i + 1 }));
const run = (text: string) => convert(new TextEncoder().encode(text), { filename: 'export.csv' });

describe('a quoted cell holding several header columns', () => {
  it('is split at the delimiter, so the amount is read under its own header', async () => {
    const r = await run(
      [
        'Date,Bank,Street,Town,Country,Name,Memo,Amount,',
        '2021:05:03,,",Springfield,XY","Jo Bloggs","rent, May",-120.5,',
        '2021:05:04,FIRST BANK,",,","","fee for card",-.35,',
        '2021:05:07,,",Shelbyville,XY","Acme Ltd","",980.00,',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => [t.Date, t.Amount])).toEqual([
      ['03/05/2021', '-120.50'],
      ['04/05/2021', '-0.35'],
      ['07/05/2021', '980.00'],
    ]);
    expect(r.transactions[1].Description).toBe('fee for card');
    expect(r.reconcile_status).toBe('NO_BAL');
  });

  it('splits only the column that holds the missing delimiters on every row', () => {
    const out = splitMergedCells(
      recs([
        ['Date', 'Street', 'Town', 'Amount'],
        ['01/02/2021', 'High St,Leeds', '-5.00'],
        ['02/02/2021', ',York', '7.00'],
      ]),
      ',',
    );
    expect(out.map((r) => r.cells)).toEqual([
      ['Date', 'Street', 'Town', 'Amount'],
      ['01/02/2021', 'High St', 'Leeds', '-5.00'],
      ['02/02/2021', '', 'York', '7.00'],
    ]);
  });
});
