// Payee rules of an account: "descriptions containing X are payee Y", kept in the store and handed to the
// engine with every conversion that needs payees (files with a payee field, include=payees). The engine
// tries them before its own reading, oldest first.
import { PAYEE_NAME_MAX, validatePayeeName } from '../engine/payees/index.js';
import { validateRulePattern } from '../engine/classify/index.js';
import type { PayeeRuleInput } from '../engine/types.js';
import { AppError } from '../errors.js';
import { newId } from '../store/ids.js';
import type { PayeeRuleRepository, PayeeRuleRow } from '../store/payee-rule.repository.js';
import { isoAt, type Clock } from './clock.js';

/** Rules one account may keep; every rule is tried on every row that no older rule matched. */
export const MAX_PAYEE_RULES_PER_ACCOUNT = 500;
export { PAYEE_NAME_MAX };

export interface PayeeRule {
  id: string;
  pattern: string;
  payee: string;
  created_at: string;
}

export interface PayeeRuleBody {
  pattern: string;
  payee: string;
}

const toRule = (r: PayeeRuleRow): PayeeRule => ({ id: r.id, pattern: r.pattern, payee: r.payee, created_at: r.created_at });

export class PayeeService {
  constructor(
    private readonly rules: PayeeRuleRepository,
    private readonly clock: Clock,
  ) {}

  async listRules(accountId: string): Promise<PayeeRule[]> {
    return (await this.rules.list(accountId)).map(toRule);
  }

  /** What the engine needs: the account's rules in the order they are tried. */
  async rulesFor(accountId: string): Promise<PayeeRuleInput[]> {
    return (await this.rules.list(accountId)).map((r) => ({ id: r.id, pattern: r.pattern, payee: r.payee }));
  }

  async addRule(accountId: string, input: PayeeRuleBody): Promise<PayeeRule> {
    const pattern = typeof input.pattern === 'string' ? input.pattern.trim() : input.pattern;
    const patternProblem = validateRulePattern(pattern);
    if (patternProblem) throw new AppError('invalid_request', `Invalid rule: ${patternProblem}.`);
    const nameProblem = validatePayeeName(input.payee);
    if (nameProblem) throw new AppError('invalid_request', `Invalid rule: ${nameProblem}.`);
    if ((await this.rules.count(accountId)) >= MAX_PAYEE_RULES_PER_ACCOUNT) {
      throw new AppError('invalid_request', `An account may keep at most ${MAX_PAYEE_RULES_PER_ACCOUNT} payee rules; delete some first.`);
    }
    const now = this.clock();
    const row: PayeeRuleRow = {
      id: newId('prule', now),
      account_id: accountId,
      pattern: pattern,
      payee: input.payee.trim(),
      created_at: isoAt(now),
    };
    await this.rules.insert(row);
    return toRule(row);
  }

  async deleteRule(accountId: string, id: string): Promise<void> {
    // Another account's rule is answered exactly like a missing one, so ids reveal nothing.
    if (!(await this.rules.delete(accountId, id))) throw new AppError('not_found', `There is no payee rule ${id.slice(0, 60)}.`);
  }
}
