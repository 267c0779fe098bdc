// Key/value statement exports (Santander UK's .txt download and the like): blocks of "Key: value" lines
// read through the table path. Synthetic data shaped like the real downloads.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';
import { readKeyValueRecords } from './key-value.js';

const run = (text: string, filename = 'statement.txt'): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename });
const amounts = (r: EngineResult) => r.transactions.map((t) => t.Amount);

// Santander pads values with non-breaking spaces, ends lines with tabs and separates blocks with tab-only lines.
const SANTANDER = [
  'From:\u00a001/01/2024 to 31/01/2024',
  '\t\t\t\t\t',
  'Account:\u00a0XXXX XXXX XXXX 1234',
  '\t\t\t\t\t',
  'Date:\u00a031/01/2024',
  'Description:\u00a0CARD PAYMENT TO TESCO STORES,12.30 GBP, RATE 1.00/GBP ON 29-01-2024',
  'Amount:\u00a0-12.30\u00a0\t',
  'Balance:\u00a01,187.70\u00a0\t',
  '\t\t\t\t\t',
  'Date:\u00a015/01/2024',
  'Description:\u00a0BANK GIRO CREDIT REF ACME LTD, SALARY',
  'Amount:\u00a0200.00\u00a0\t',
  'Balance:\u00a01,200.00\u00a0\t',
  '\t\t\t\t\t',
  'Date:\u00a002/01/2024',
  'Description:\u00a0DIRECT DEBIT PAYMENT TO COUNCIL TAX',
  'Amount:\u00a0-100.00\u00a0\t',
  'Balance:\u00a01,000.00\u00a0\t',
  '',
].join('\r\n');

describe('key/value statement exports', () => {
  it('Santander UK .txt: newest-first blocks chain to PASS, the profile is detected', async () => {
    const r = await run(SANTANDER);
    expect(r.bank).toBe('santander-uk');
    expect(amounts(r)).toEqual(['-12.30', '200.00', '-100.00']);
    expect(r.transactions.map((t) => t.Date)).toEqual(['31/01/2024', '15/01/2024', '02/01/2024']);
    expect(r.transactions[0].Description).toBe('CARD PAYMENT TO TESCO STORES,12.30 GBP, RATE 1.00/GBP ON 29-01-2024');
    expect(r.transactions[0].Balance).toBe('1187.70');
    expect(r.meta.currency).toBe('GBP');
    expect(r.reconcile_status).toBe('PASS');
    expect(r.warnings.map((w) => w.code)).not.toContain('currency_assumed');
  });

  it('a broken balance is a warning, never PASS', async () => {
    const r = await run(SANTANDER.replace('Balance:\u00a01,200.00', 'Balance:\u00a01,250.00'));
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.map((w) => w.code)).toContain('balance_mismatch');
  });

  it('blocks without blank lines, currency codes on amounts, a wrapped description and an opening figure', async () => {
    const text = [
      'Statement for: Jane Doe',
      'Opening balance: 500.00 EUR',
      'Date: 2024-02-01',
      'Payee: Bakery Ltd',
      'Paid out: 4.20 EUR',
      'Paid in:',
      'Balance: 495.80 EUR',
      'Date: 2024-02-03',
      'Payee: Employer GmbH',
      '  February salary',
      'Paid out:',
      'Paid in: 1,000.00 EUR',
      'Balance: 1,495.80 EUR',
    ].join('\n');
    const r = await run(text);
    expect(amounts(r)).toEqual(['-4.20', '1000.00']);
    expect(r.transactions[1].Description).toBe('Employer GmbH February salary');
    expect(r.meta.currency).toBe('EUR');
    expect(r.meta.openingBalance).toBe('500.00');
    expect(r.reconcile_status).toBe('PASS');
  });

  it('without balances the verdict is NO_BAL', async () => {
    const text = 'Date: 01/03/2024\nDescription: A\nAmount: -1.00 GBP\n\nDate: 02/03/2024\nDescription: B\nAmount: 2.00 GBP\n';
    const r = await run(text);
    expect(amounts(r)).toEqual(['-1.00', '2.00']);
    expect(r.reconcile_status).toBe('NO_BAL');
  });

  it('a printed statement with a "Key: value" summary box is not a key/value export', () => {
    const text = [
      'Statement date: 01/02/2024',
      'Amount due: 120.00',
      '',
      'Date        Description                 Amount     Balance',
      '02/01/2024  TESCO STORES                 -12.30     987.70',
      '03/01/2024  SALARY                      200.00   1,187.70',
      '04/01/2024  RENT                       -500.00     687.70',
    ].join('\n');
    expect(readKeyValueRecords(text)).toBeNull();
  });

  it('records: preamble lines as [key, value], one synthetic header, one record per block', () => {
    const recs = readKeyValueRecords('Account: 1234\n\nDate: 01/03/2024\nAmount: 1.00\nTime: 10:30\n\nDate: 02/03/2024\nAmount: 2.00\n')!;
    expect(recs.map((r) => r.cells)).toEqual([
      ['Account', '1234'],
      ['Date', 'Amount', 'Time'],
      ['01/03/2024', '1.00', '10:30'],
      ['02/03/2024', '2.00', ''],
    ]);
    expect(recs.map((r) => r.line)).toEqual([1, 3, 3, 7]);
  });
});
