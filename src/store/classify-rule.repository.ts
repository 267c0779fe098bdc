// All SQL for classification rules. Every query is scoped by account.
import type { Kysely } from 'kysely';
import type { ClassifyRuleTables, ClassifyRulesTable } from './classify-rule.schema.js';
import type { Db } from './db.js';
import type { Database } from './schema.js';

export type ClassifyRuleRow = ClassifyRulesTable;

export class ClassifyRuleRepository {
  private readonly db: Kysely<Database & ClassifyRuleTables>;

  constructor(db: Db) {
    this.db = db.withTables<ClassifyRuleTables>();
  }

  async insert(row: ClassifyRuleRow): Promise<void> {
    await this.db.insertInto('classify_rules').values(row).execute();
  }

  /** In the order they are applied: oldest first (ids are time-ordered, so they break ties). */
  list(accountId: string): Promise<ClassifyRuleRow[]> {
    return this.db.selectFrom('classify_rules').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'asc').orderBy('id', 'asc').execute();
  }

  async count(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('classify_rules')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** True when a rule of this account was deleted. */
  async delete(accountId: string, id: string): Promise<boolean> {
    const res = await this.db.deleteFrom('classify_rules').where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
    return Number(res.numDeletedRows) > 0;
  }
}
