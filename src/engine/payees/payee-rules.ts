// Per-account payee rules: "descriptions containing X are payee Y". Patterns are the classifier's (a
// case-insensitive substring or a /regex/, with the same guards against slow patterns); the payee is the
// user's own words, written as given.
import { patternMatcher } from '../classify/user-rules.js';
import type { PayeeRuleInput } from '../types.js';

export type PayeeRule = PayeeRuleInput;

/** Longest payee name a rule may set; Xero's contact names and QIF payees are shorter in practice. */
export const PAYEE_NAME_MAX = 100;

/** Null when the payee name is acceptable, else the reason it is not. */
export function validatePayeeName(payee: unknown): string | null {
  if (typeof payee !== 'string') return 'payee must be a string';
  const p = payee.trim();
  if (!p) return 'payee must not be empty';
  if ([...p].length > PAYEE_NAME_MAX) return `payee must be at most ${PAYEE_NAME_MAX} characters`;
  if (/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/.test(p)) return 'payee must be one line without control characters';
  return null;
}

export interface CompiledPayeeRule {
  rule: PayeeRule;
  /** Tests an upper-cased description. */
  matches: (upper: string) => boolean;
}

/** Compiles rules in the order given. Invalid patterns or names are skipped, never thrown. */
export function compilePayeeRules(rules: readonly PayeeRule[] | undefined): CompiledPayeeRule[] {
  const out: CompiledPayeeRule[] = [];
  for (const rule of rules ?? []) {
    const matches = validatePayeeName(rule.payee) ? null : patternMatcher(rule.pattern);
    if (matches) out.push({ rule: { ...rule, payee: rule.payee.trim() }, matches });
  }
  return out;
}
