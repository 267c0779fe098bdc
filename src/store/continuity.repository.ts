// All SQL for continuity across uploads. Every query is scoped by the user's account.
import type { Kysely } from 'kysely';
import type { Db } from './db.js';
import type { ContinuityTables, StatementHistoryTable } from './continuity.schema.js';
import type { Database } from './schema.js';

export type StatementHistoryRow = StatementHistoryTable;

/** How many earlier statements of one bank account are compared with a new one (the latest by period end). */
export const HISTORY_COMPARED = 200;

export class ContinuityRepository {
  private readonly db: Kysely<Database & ContinuityTables>;

  constructor(db: Db) {
    this.db = db.withTables<ContinuityTables>();
  }

  async insert(rows: StatementHistoryRow[]): Promise<void> {
    if (rows.length) await this.db.insertInto('statement_history').values(rows).execute();
  }

  /** The latest statements of one bank account of this user, by period end. */
  list(accountId: string, accountKey: string): Promise<StatementHistoryRow[]> {
    return this.db
      .selectFrom('statement_history')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('account_key', '=', accountKey)
      .orderBy('period_to', 'desc')
      .orderBy('id', 'desc')
      .limit(HISTORY_COMPARED)
      .execute();
  }

  async countForAccount(accountId: string): Promise<number> {
    const row = await this.db
      .selectFrom('statement_history')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }
}
