// Rows cut by a page break at their first, dated line: the dated line at a page's foot and the rest of
// the row (its text under the payment code's, its figures) atop the next page are one row, and the
// rows under it take that row's date, not the previous page's.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

const HEAD = [
  'HSBC UK Bank plc',
  'Your Statement 1 January 2024 to 31 January 2024',
  'Date       Payment type and details                  Paid out      Paid in       Balance',
];
const PAGE_ONE = [
  ...HEAD,
  '01 Jan 24  BALANCE BROUGHT FORWARD                                            1,000.00',
  '02 Jan 24  )))  CO-OP GROUP 999988',
  '                CARDIFF                                  5.60',
  '           VIS  TESCO STORES 2041',
  '                CARDIFF                                 12.00                   982.40',
  '03 Jan 24  )))  CO-OP GROUP 999988',
  '           BALANCE CARRIED FORWARD                                              982.40',
  '',
  'HSBC UK Bank plc is authorised by the PRA. Page 1',
];
/** Page two, its first line (the cut row's last) at `indent` columns. */
const pageTwo = (indent: number) => [
  ...HEAD,
  '           BALANCE BROUGHT FORWARD                                              982.40',
  `${' '.repeat(indent)}CARDIFF`.padEnd(57 - 4) + '4.40',
  '           DD   BRITISH GAS                             40.00                   938.00',
  '04 Jan 24  CR   SALARY ACME                                          500.00   1,438.00',
  '           BALANCE CARRIED FORWARD                                            1,438.00',
];
const read = (indent: number) => convert(new TextEncoder().encode([...PAGE_ONE, `\f${pageTwo(indent).join('\n')}`].join('\n')), { filename: 's.txt' });

describe('a row cut by a page break at its dated first line', () => {
  it('is one row with its own date, and the rows below it keep that date (PASS)', async () => {
    const r = await read(16);
    expect(r.transactions.map((t) => [t.Date, t.Description, t.Amount])).toEqual([
      ['02/01/2024', '))) CO-OP GROUP 999988 CARDIFF', '-5.60'],
      ['02/01/2024', 'VIS TESCO STORES 2041 CARDIFF', '-12.00'],
      ['03/01/2024', '))) CO-OP GROUP 999988 CARDIFF', '-4.40'],
      ['03/01/2024', 'DD BRITISH GAS', '-40.00'],
      ['04/01/2024', 'CR SALARY ACME', '500.00'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
});
