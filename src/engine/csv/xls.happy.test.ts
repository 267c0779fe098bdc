// Legacy Excel (.xls, BIFF8) workbooks, written here with SheetJS: read through the same table path as
// CSV and XLSX.
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import { sniff } from '../sniff.js';

function biff8(sheets: Record<string, (string | number | Date | null)[][]>, opts: { date1904?: boolean } = {}): Uint8Array {
  const wb = XLSX.utils.book_new();
  for (const [name, aoa] of Object.entries(sheets)) XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(aoa, { cellDates: true }), name);
  if (opts.date1904) wb.Workbook = { WBProps: { date1904: true } };
  return new Uint8Array(XLSX.write(wb, { bookType: 'biff8', type: 'buffer' }) as Buffer);
}

describe('legacy .xls workbooks', () => {
  it('are sniffed as xls from their OLE2 signature, whatever the name', () => {
    expect(sniff(biff8({ S: [['a']] })).kind).toBe('xls');
  });

  it('a statement sheet with text dates, withdrawal/deposit columns and a wrapped description', async () => {
    const bytes = biff8({
      Sheet0: [
        ['Account Statement Details'],
        [],
        ['Account Number:', 1234567890, 'SGD'],
        ['Transaction Date', 'Transaction Description', 'Withdrawal', 'Deposit', 'Available Balance'],
        ['05 Jun 2023', 'Cash Withdrawal-ATM\nNFC Mobile WDL', 80, 0, 465.05],
        ['02 Jun 2023', 'Cheque Deposit', 0, 545.05, 545.05],
      ],
    });
    const r = await convert(bytes, { filename: 'history.xls' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Balance, t.Description])).toEqual([
      ['05/06/2023', '-80.00', '465.05', 'Cash Withdrawal-ATM NFC Mobile WDL'],
      ['02/06/2023', '545.05', '545.05', 'Cheque Deposit'],
    ]);
    expect(r.meta.currency).toBe('SGD');
    expect(r.meta.inputKind).toBe('xlsx');
  });

  it('date cells (day serials with a date format) become dates; a cover sheet without a table is skipped', async () => {
    const bytes = biff8({
      Cover: [['Statement for MR A SMITH'], ['Generated', 'today']],
      Transactions: [
        ['Date', 'Details', 'Amount', 'Balance'],
        [new Date(Date.UTC(2024, 2, 1)), 'TESCO STORES', -12.3, 87.7],
        [new Date(Date.UTC(2024, 2, 2)), 'SALARY', 100, 187.7],
        [new Date(Date.UTC(2024, 2, 3)), 'RENT', -50, 137.7],
      ],
    });
    const r = await convert(bytes, { filename: 'x.xls' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Balance])).toEqual([
      ['01/03/2024', '-12.30', '87.70'],
      ['02/03/2024', '100.00', '187.70'],
      ['03/03/2024', '-50.00', '137.70'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
});
