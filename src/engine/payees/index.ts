// Public face of the payee reader: one payee per transaction, per-account rules first.
import { AppError } from '../../errors.js';
import { MAX_RULE_WORK, ruleWork } from '../classify/user-rules.js';
import type { Transaction } from '../types.js';
import { DESCRIPTION_MAX, readPayee } from './payee.js';
import { compilePayeeRules, type PayeeRule } from './payee-rules.js';

export { PAYEE_MAX, readPayee } from './payee.js';
export { PAYEE_NAME_MAX, compilePayeeRules, validatePayeeName, type PayeeRule } from './payee-rules.js';

/**
 * The payee of every transaction, in order. `rules` are tried first, oldest first (the first match
 * wins) on the first DESCRIPTION_MAX characters (as the reader and classify rules read them); rows no rule matches get the
 * built-in reading. Descriptions repeat within a statement, so each distinct one is read once.
 *
 * Rules x distinct descriptions x length must stay within classify's MAX_RULE_WORK (about 15 s), checked
 * before any rule runs: 500 heavy rules turned a 3 s conversion into 24 s. Past it the conversion is
 * refused (invalid_request), as classify refuses.
 */
export function payeesOf(transactions: readonly Pick<Transaction, 'Description'>[], rules?: readonly PayeeRule[]): string[] {
  const compiled = compilePayeeRules(rules);
  const texts = transactions.map((t) => (typeof t.Description === 'string' ? t.Description : ''));
  if (compiled.length) {
    let chars = 0;
    for (const d of new Set(texts)) chars += Math.min(DESCRIPTION_MAX, d.length);
    if (
      ruleWork(
        compiled.map((c) => c.rule),
        chars,
      ) > MAX_RULE_WORK
    ) {
      throw new AppError(
        'invalid_request',
        `Your ${compiled.length} payee rules over ${transactions.length.toLocaleString('en-GB')} transactions need more work than one conversion may take; use fewer or simpler regex payee rules, or convert shorter periods.`,
      );
    }
  }
  const seen = new Map<string, string>();
  return texts.map((description) => {
    let payee = seen.get(description);
    if (payee === undefined) {
      const upper = description.slice(0, DESCRIPTION_MAX).toUpperCase();
      payee = compiled.find((c) => c.matches(upper))?.rule.payee ?? readPayee(description);
      seen.set(description, payee);
    }
    return payee;
  });
}
