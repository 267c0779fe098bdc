// A fixed statement for the writer tests and golden files: awkward text (commas, quotes, `&`, `<`,
// non-Latin text, formula triggers, a leading minus, a long line), two identical same-day rows, debits,
// credits, a zero row, GBP. Balances run from an opening balance of 1000.00.
import type { EngineResult, Transaction } from '../../src/engine/types.js';
import type { WriteContext, WriterOptions } from '../../src/formats/types.js';

export const FIXED_NOW = new Date(Date.UTC(2025, 3, 1, 9, 30, 0));

const rows: Transaction[] = [
  {
    Date: '03/03/2025',
    Description: 'DD BRITISH GAS & ELECTRIC <SERVICES>',
    Type: 'debit',
    Debit: '45.67',
    Credit: '',
    Amount: '-45.67',
    Balance: '954.33',
    Reference: '',
    Currency: 'GBP',
  },
  {
    Date: '03/03/2025',
    Description: 'VIS TESCO STORES 2341, LONDON',
    Type: 'debit',
    Debit: '12.50',
    Credit: '',
    Amount: '-12.50',
    Balance: '941.83',
    Reference: '1234,56"X"',
    Currency: 'GBP',
  },
  {
    Date: '03/03/2025',
    Description: 'VIS TESCO STORES 2341, LONDON',
    Type: 'debit',
    Debit: '12.50',
    Credit: '',
    Amount: '-12.50',
    Balance: '929.33',
    Reference: '1234,56"X"',
    Currency: 'GBP',
  },
  {
    Date: '04/03/2025',
    Description: '=HYPERLINK("http://x")',
    Type: 'credit',
    Debit: '',
    Credit: '100.00',
    Amount: '100.00',
    Balance: '1029.33',
    Reference: '',
    Currency: 'GBP',
  },
  {
    Date: '05/03/2025',
    Description: '-MINUS LEADING DESCRIPTION',
    Type: 'debit',
    Debit: '5.00',
    Credit: '',
    Amount: '-5.00',
    Balance: '1024.33',
    Reference: '=1+1',
    Currency: 'GBP',
  },
  {
    Date: '06/03/2025',
    Description: 'BGC ACME LTD SALARY MARCH 2025 PAYROLL REF 998877 BANK GIRO CREDIT FROM ACME LIMITED LONDON OFFICE',
    Type: 'credit',
    Debit: '',
    Credit: '2500.00',
    Amount: '2500.00',
    Balance: '3524.33',
    Reference: 'BACS998877',
    Currency: 'GBP',
  },
  {
    Date: '07/03/2025',
    Description: 'FPO Café Zürich — €12 “quoted”',
    Type: 'debit',
    Debit: '10.00',
    Credit: '',
    Amount: '-10.00',
    Balance: '3514.33',
    Reference: '',
    Currency: 'GBP',
  },
  {
    Date: '08/03/2025',
    Description: 'CHQ 000123',
    Type: 'debit',
    Debit: '120.00',
    Credit: '',
    Amount: '-120.00',
    Balance: '3394.33',
    Reference: '000123',
    Currency: 'GBP',
  },
  {
    Date: '10/03/2025',
    Description: '+PLUS REFUND',
    Type: 'credit',
    Debit: '',
    Credit: '3.21',
    Amount: '3.21',
    Balance: '3397.54',
    Reference: '',
    Currency: 'GBP',
  },
  {
    Date: '11/03/2025',
    Description: '@HOME STORE',
    Type: 'debit',
    Debit: '1234.56',
    Credit: '',
    Amount: '-1234.56',
    Balance: '2162.98',
    Reference: '',
    Currency: 'GBP',
  },
  {
    Date: '12/03/2025',
    Description: '  @SPACED TRIGGER',
    Type: 'debit',
    Debit: '1.00',
    Credit: '',
    Amount: '-1.00',
    Balance: '2161.98',
    Reference: '',
    Currency: 'GBP',
  },
  {
    Date: '13/03/2025',
    Description: 'INTEREST 0.00',
    Type: 'credit',
    Debit: '',
    Credit: '0.00',
    Amount: '0.00',
    Balance: '2161.98',
    Reference: '',
    Currency: 'GBP',
  },
  {
    Date: '14/03/2025',
    Description: '東京 TOKYO SHOP Łódź ő',
    Type: 'debit',
    Debit: '7.89',
    Credit: '',
    Amount: '-7.89',
    Balance: '2154.09',
    Reference: 'JP-01',
    Currency: 'GBP',
  },
];

/**
 * The payee a bookkeeper would give each fixture row, written by hand (not by the reader), in row order.
 * Rows with no counterparty keep what their text offers.
 */
export const FIXTURE_PAYEES = [
  'British Gas',
  'Tesco Stores',
  'Tesco Stores',
  '=HYPERLINK("http://x"',
  '-Minus Leading Description',
  'Acme Ltd',
  'Café Zürich',
  'CHQ',
  '+Plus Refund',
  'Home Store',
  'Spaced Trigger',
  'Interest',
  '東京 TOKYO SHOP Łódź ő',
];

export function fixture(): EngineResult {
  const transactions = rows.map((t) => ({ ...t }));
  return {
    bank: 'barclays',
    reconcile_status: 'PASS',
    reconcile_diff: 0,
    transaction_count: transactions.length,
    warnings: [
      { code: 'year_inferred', message: 'The year 2025 was inferred from the statement period.', row: 1, page: 1 },
      { code: 'duplicate_rows_suspected', message: '=Rows 2 and 3 are identical; both are kept.', row: 3, page: 1 },
    ],
    transactions,
    provenance: transactions.map(() => null),
    meta: {
      inputKind: 'pdf',
      pageCount: 2,
      currency: 'GBP',
      currencyExponent: 2,
      openingBalance: '1000.00',
      closingBalance: '2154.09',
      periodStart: '2025-03-01',
      periodEnd: '2025-03-31',
      accountId: '12345678',
      bankId: '20-00-00',
      accountType: 'bank',
    },
  };
}

export const ctxOf = (result: EngineResult, options: WriterOptions = {}, stem = 'statement'): WriteContext => ({ result, options, stem, now: FIXED_NOW });

/** A long statement of `n` generated rows (benchmarks, Xero splitting), balances exact in minor units. */
export function bigResult(n: number): EngineResult {
  const base = fixture();
  const transactions: Transaction[] = [];
  let balance = 100_000_00n;
  for (let i = 0; i < n; i++) {
    const minor = BigInt((i * 7919) % 50_000) + 1n;
    const debit = i % 3 !== 0;
    balance += debit ? -minor : minor;
    const amount = `${minor / 100n}.${String(minor % 100n).padStart(2, '0')}`;
    const day = new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 100) * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    const b = balance < 0n ? -balance : balance;
    transactions.push({
      Date: date,
      Description: `CARD PAYMENT TO MERCHANT ${i % 977}, TOWN ${i % 13}`,
      Type: debit ? 'debit' : 'credit',
      Debit: debit ? amount : '',
      Credit: debit ? '' : amount,
      Amount: debit ? `-${amount}` : amount,
      Balance: `${balance < 0n ? '-' : ''}${b / 100n}.${String(b % 100n).padStart(2, '0')}`,
      Reference: i % 10 === 0 ? `REF${i}` : '',
      Currency: 'GBP',
    });
  }
  return {
    ...base,
    transactions,
    transaction_count: n,
    provenance: transactions.map(() => null),
    meta: { ...base.meta, closingBalance: null, periodStart: null, periodEnd: null },
  };
}
