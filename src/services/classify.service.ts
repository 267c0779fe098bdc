// The classify use case (beta): per-account rules kept in the store, and classification of transaction
// lists with those rules applied before the built-in ones. Classifying never touches the monthly
// conversion quota.
import type { SideTasks } from '../adapters/converter.js';
import {
  isCategoryId,
  RULE_PATTERN_MAX,
  type CategoryId,
  type Classification,
  type ClassificationKind,
  type ClassifyRow,
  type UserRule,
} from '../engine/classify/index.js';
import { AppError } from '../errors.js';
import type { ClassifyRuleRepository, ClassifyRuleRow } from '../store/classify-rule.repository.js';
import { newId } from '../store/ids.js';
import { isoAt, type Clock } from './clock.js';

/** Rows one classify request may carry. */
export const MAX_CLASSIFY_ROWS = 10_000;
/** Rules one account may keep; every rule is tried on every row. */
export const MAX_RULES_PER_ACCOUNT = 500;

const KINDS: readonly ClassificationKind[] = ['income', 'expense', 'transfer'];

export interface ClassifyRule {
  id: string;
  pattern: string;
  category: CategoryId;
  classification: ClassificationKind | null;
  created_at: string;
}

export interface RuleInput {
  pattern: string;
  category: string;
  classification?: string | null;
}

const isKind = (v: unknown): v is ClassificationKind => KINDS.includes(v as ClassificationKind);

function toRule(r: ClassifyRuleRow): ClassifyRule | null {
  // A stored rule whose category left the taxonomy is ignored rather than breaking classification.
  if (!isCategoryId(r.category)) return null;
  return { id: r.id, pattern: r.pattern, category: r.category, classification: isKind(r.classification) ? r.classification : null, created_at: r.created_at };
}

export class ClassifyService {
  /** `tasks` runs rule matching (user-supplied patterns) where conversions run, never on the event loop. */
  constructor(
    private readonly rules: ClassifyRuleRepository,
    private readonly clock: Clock,
    private readonly tasks: SideTasks,
  ) {}

  async listRules(accountId: string): Promise<ClassifyRule[]> {
    return (await this.rules.list(accountId)).map(toRule).filter((r): r is ClassifyRule => r !== null);
  }

  async addRule(accountId: string, input: RuleInput): Promise<ClassifyRule> {
    const pattern = typeof input.pattern === 'string' ? input.pattern.trim() : input.pattern;
    // Cheap checks here; compiling a regex (tens of ms for a large one) happens where conversions run.
    const problem =
      typeof pattern !== 'string'
        ? 'pattern must be a string'
        : pattern.length === 0
          ? 'pattern must not be empty'
          : pattern.length > RULE_PATTERN_MAX
            ? `pattern must be at most ${RULE_PATTERN_MAX} characters`
            : await this.tasks.checkRule(pattern, { accountId });
    if (problem) throw new AppError('invalid_request', `Invalid rule: ${problem}.`);
    if (!isCategoryId(input.category)) throw new AppError('invalid_request', `Invalid rule: "${String(input.category).slice(0, 40)}" is not a category id.`);
    if (input.classification != null && !isKind(input.classification))
      throw new AppError('invalid_request', 'Invalid rule: classification must be income, expense or transfer.');
    if ((await this.rules.count(accountId)) >= MAX_RULES_PER_ACCOUNT) {
      throw new AppError('invalid_request', `An account may keep at most ${MAX_RULES_PER_ACCOUNT} rules; delete some first.`);
    }
    const now = this.clock();
    const row: ClassifyRuleRow = {
      id: newId('rule', now),
      account_id: accountId,
      pattern: pattern,
      category: input.category,
      classification: input.classification ?? null,
      created_at: isoAt(now),
    };
    await this.rules.insert(row);
    return toRule(row)!;
  }

  async deleteRule(accountId: string, id: string): Promise<void> {
    // Another account's rule is answered exactly like a missing one, so ids reveal nothing.
    if (!(await this.rules.delete(accountId, id))) throw new AppError('not_found', `There is no rule ${id.slice(0, 60)}.`);
  }

  async classify(accountId: string, transactions: readonly ClassifyRow[]): Promise<Classification[]> {
    if (transactions.length > MAX_CLASSIFY_ROWS) {
      throw new AppError('invalid_request', `Send at most ${MAX_CLASSIFY_ROWS.toLocaleString('en-GB')} transactions per request (got ${transactions.length}).`);
    }
    return this.classifyStatement(accountId, transactions);
  }

  /** For convert's classify=true: a statement the engine read is classified whatever its length. */
  async classifyStatement(accountId: string, transactions: readonly ClassifyRow[]): Promise<Classification[]> {
    const rules: UserRule[] = (await this.listRules(accountId)).map((r) => ({
      id: r.id,
      pattern: r.pattern,
      category: r.category,
      ...(r.classification ? { classification: r.classification } : {}),
    }));
    return this.tasks.classify({ transactions: [...transactions], rules }, { accountId });
  }
}
