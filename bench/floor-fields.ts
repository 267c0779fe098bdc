// The contract's nine fields of one transaction, as the floors under the CSV and PDF targets build them
// (csv.bench.ts, pdf-floor.ts): what any converter must build for each row, whatever it decided before.
import { formatMinor } from '../src/engine/money.js';

/** `amount` and `balance` in minor units (GBP); a negative amount is a debit. */
export function nineFields(date: string, description: string, amount: bigint, balance: bigint): Record<string, string> {
  const abs = formatMinor(amount < 0n ? -amount : amount);
  const debit = amount < 0n;
  return {
    Date: date,
    Description: description,
    Type: debit ? 'debit' : 'credit',
    Debit: debit ? abs : '',
    Credit: debit ? '' : abs,
    Amount: debit ? `-${abs}` : abs,
    Balance: formatMinor(balance),
    Reference: '',
    Currency: 'GBP',
  };
}
