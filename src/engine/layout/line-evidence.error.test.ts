// A printed line inside the table that no row takes is never lost in silence: a warning names it and
// the rows either side, and where it was a dated row's first line, the rows below it that print no
// date of their own are named too (their date came from an earlier row). Neither may PASS, even with
// every balance closing.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';

const STATEMENT = [
  'HSBC UK Bank plc',
  'Your Statement 1 January 2024 to 31 January 2024',
  'Date       Payment type and details                  Paid out      Paid in       Balance',
  '01 Jan 24  BALANCE BROUGHT FORWARD                                            1,000.00',
  '02 Jan 24  )))  CO-OP GROUP 999988',
  '                CARDIFF                                  5.60',
  '           VIS  TESCO STORES 2041',
  '                CARDIFF                                 12.00                   982.40',
  '03 Jan 24  )))  CO-OP GROUP 999988',
  '           BALANCE CARRIED FORWARD                                              982.40',
  '\fHSBC UK Bank plc',
  'Your Statement 1 January 2024 to 31 January 2024',
  'Date       Payment type and details                  Paid out      Paid in       Balance',
  '           BALANCE BROUGHT FORWARD                                              982.40',
  // Set two columns left of the text it goes on from: nothing in the layout joins it to the line above.
  '              CARDIFF                                    4.40',
  '           DD   BRITISH GAS                             40.00                   938.00',
  '04 Jan 24  CR   SALARY ACME                                          500.00   1,438.00',
  '           BALANCE CARRIED FORWARD                                            1,438.00',
].join('\n');

describe('a line inside the table that no row takes', () => {
  it('is named with the rows either side, the rows that took an earlier date are named, and it is not PASS', async () => {
    const r = await convert(new TextEncoder().encode(STATEMENT), { filename: 's.txt' });
    const text = r.warnings.find((w) => w.code === 'text_unplaced');
    expect(text?.message).toContain('03 Jan 24 ))) CO-OP GROUP 999988');
    expect(text?.message).toMatch(/row\(s\) 2, 3\b/);
    const date = r.warnings.find((w) => w.code === 'date_unsupported');
    expect(date?.message).toMatch(/^Row\(s\) 3, 4 /);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });

  it('a row printing no date in a table whose rows print their dates even on the same day: named, not PASS', async () => {
    const text = [
      'Test Bank plc',
      'Statement period 1 March 2024 to 31 March 2024',
      'Date       Description                          Paid out     Paid in      Balance',
      '01 Mar 24  BALANCE BROUGHT FORWARD                                       1,000.00',
      '02 Mar 24  TESCO STORES                             10.00                  990.00',
      '02 Mar 24  COSTA COFFEE                              3.20                  986.80',
      '           VODAFONE                                 20.00                  966.80',
      '05 Mar 24  SALARY ACME                                         500.00    1,466.80',
      '           BALANCE CARRIED FORWARD                                       1,466.80',
    ].join('\n');
    const r = await convert(new TextEncoder().encode(text), { filename: 's.txt' });
    expect(r.warnings.find((w) => w.code === 'date_unsupported')?.row).toBe(3);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });
});
