// Public face of the payee reader: one payee per transaction, per-account rules first.
import type { Transaction } from '../types.js';
import { readPayee } from './payee.js';
import { compilePayeeRules, type PayeeRule } from './payee-rules.js';

export { PAYEE_MAX, readPayee } from './payee.js';
export { PAYEE_NAME_MAX, compilePayeeRules, validatePayeeName, type PayeeRule } from './payee-rules.js';

/**
 * The payee of every transaction, in order. `rules` are tried first, oldest first (the first match
 * wins); rows no rule matches get the built-in reading. Descriptions repeat within a statement, so each
 * distinct one is read once.
 */
export function payeesOf(transactions: readonly Pick<Transaction, 'Description'>[], rules?: readonly PayeeRule[]): string[] {
  const compiled = compilePayeeRules(rules);
  const seen = new Map<string, string>();
  return transactions.map((t) => {
    const description = typeof t.Description === 'string' ? t.Description : '';
    let payee = seen.get(description);
    if (payee === undefined) {
      const upper = description.toUpperCase();
      payee = compiled.find((c) => c.matches(upper))?.rule.payee ?? readPayee(description);
      seen.set(description, payee);
    }
    return payee;
  });
}
