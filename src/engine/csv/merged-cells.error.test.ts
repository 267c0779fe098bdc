// Where the merged cell cannot be told for sure, the records are left as they are (synthetic records).
import { describe, expect, it } from 'vitest';
import { splitMergedCells } from './merged-cells.js';
import type { TextRecord } from './records.js';

const recs = (rows: string[][]): TextRecord[] => rows.map((cells, i) => ({ cells, line: i + 1 }));

describe('merged cells left alone', () => {
  it('two columns could be the merged one', () => {
    const r = recs([
      ['Date', 'Street', 'Town', 'Memo', 'Amount'],
      ['01/02/2021', 'High St,Leeds', 'a,b', '-5.00'],
      ['02/02/2021', ',York', 'c,d', '7.00'],
    ]);
    expect(splitMergedCells(r, ',')).toBe(r);
  });
  it('rows of different widths, or rows as wide as the header', () => {
    const uneven = recs([
      ['Date', 'Street', 'Town', 'Amount'],
      ['01/02/2021', 'High St,Leeds', '-5.00'],
      ['02/02/2021', 'Main St', 'York', '7.00'],
    ]);
    expect(splitMergedCells(uneven, ',')).toBe(uneven);
    const aligned = recs([
      ['Date', 'Memo', 'Amount'],
      ['01/02/2021', 'tea, milk', '-5.00'],
    ]);
    expect(splitMergedCells(aligned, ',')).toBe(aligned);
  });
  it('a cell short of the missing delimiters on one row', () => {
    const r = recs([
      ['Date', 'Street', 'Town', 'Country', 'Amount'],
      ['01/02/2021', 'High St,Leeds,UK', '-5.00'],
      ['02/02/2021', 'York,UK', '7.00'],
    ]);
    expect(splitMergedCells(r, ',')).toBe(r);
  });
  it('a header ending in a delimiter names no column the rows lack: a comma in every description stays', () => {
    const r = recs([
      ['Date', 'Description', 'Amount', ''],
      ['01/02/2021', 'SHOP 1, LEEDS', '-5.00'],
      ['02/02/2021', 'SHOP 2, YORK', '7.00'],
    ]);
    expect(splitMergedCells(r, ',')).toBe(r);
  });
});
