// A total's word on an undated line is evidence, never a reason to leave the line out: a payee's name
// continued on the line under a row ("TOTAL FITNESS LTD") stays in its description, an undated row of
// the same day ("CARD PAYMENT TOTAL FITNESS  45.00") stays a row, and a line that is a total the
// balances never count is left out because the balances say so, not because of its word.
import { describe, expect, it } from 'vitest';
import { courierLinesPdf as pdfOf } from '../../../test/helpers/pdfkit.js';
import { convert } from '../convert.js';

const HEAD = [
  'Test Bank plc',
  'Statement period 1 March 2024 to 31 March 2024',
  'Date       Description                          Paid out     Paid in      Balance',
  '01 Mar 24  BALANCE BROUGHT FORWARD                                       1,000.00',
];
const read = async (lines: string[]) => {
  const r = await convert(new TextEncoder().encode([...HEAD, ...lines].join('\n')), { filename: 's.txt' });
  return { r, rows: r.transactions.map((t) => [t.Date, t.Description, t.Amount]) };
};

describe('lines holding a total word, decided by the balances', () => {
  it('a continuation line "TOTAL FITNESS LTD" stays in its row description (PASS)', async () => {
    const { r, rows } = await read([
      '02 Mar 24  CARD PAYMENT TO                          45.00                  955.00',
      '           TOTAL FITNESS LTD',
      '03 Mar 24  TESCO STORES                             10.00                  945.00',
      '           BALANCE CARRIED FORWARD                                         945.00',
    ]);
    expect(rows).toEqual([
      ['02/03/2024', 'CARD PAYMENT TO TOTAL FITNESS LTD', '-45.00'],
      ['03/03/2024', 'TESCO STORES', '-10.00'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('an undated same-day row "CARD PAYMENT TOTAL FITNESS" is a row the balances check (PASS)', async () => {
    const { r, rows } = await read([
      '02 Mar 24  TESCO STORES                             10.00',
      '           CARD PAYMENT TOTAL FITNESS               45.00                  945.00',
      '04 Mar 24  SALARY ACME                                         500.00    1,445.00',
      '           BALANCE CARRIED FORWARD                                       1,445.00',
    ]);
    expect(rows).toEqual([
      ['02/03/2024', 'TESCO STORES', '-10.00'],
      ['02/03/2024', 'CARD PAYMENT TOTAL FITNESS', '-45.00'],
      ['04/03/2024', 'SALARY ACME', '500.00'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('as a PDF too: the continuation line and the undated same-day row are kept (PASS)', async () => {
    const lines = [
      ...HEAD,
      '02 Mar 24  CARD PAYMENT TO                          45.00                  955.00',
      '           TOTAL FITNESS LTD',
      '03 Mar 24  TESCO STORES                             10.00',
      '           CARD PAYMENT TOTAL FITNESS               45.00                  900.00',
      '           BALANCE CARRIED FORWARD                                         900.00',
    ];
    const r = await convert(await pdfOf(lines), { filename: 's.pdf' });
    expect(r.transactions.map((t) => [t.Date, t.Description, t.Amount])).toEqual([
      ['02/03/2024', 'CARD PAYMENT TO TOTAL FITNESS LTD', '-45.00'],
      ['03/03/2024', 'TESCO STORES', '-10.00'],
      ['03/03/2024', 'CARD PAYMENT TOTAL FITNESS', '-45.00'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('a total the balances close without is left out, with a note that does not block', async () => {
    const { r, rows } = await read([
      '02 Mar 24  TESCO STORES                             10.00                  990.00',
      '03 Mar 24  MONTHLY FEE                               2.50                  987.50',
      '           TOTAL CHARGES TO 28 FEB                  99.00',
      '04 Mar 24  SALARY ACME                                         500.00    1,487.50',
      '           BALANCE CARRIED FORWARD                                       1,487.50',
    ]);
    expect(rows.map((x) => x[1])).toEqual(['TESCO STORES', 'MONTHLY FEE', 'SALARY ACME']);
    const note = r.warnings.find((w) => w.code === 'rows_skipped');
    expect(note?.blocks).toBe(false);
    expect(note?.message).toContain('TOTAL CHARGES TO 28 FEB');
    expect(r.reconcile_status).toBe('PASS');
  });
});
