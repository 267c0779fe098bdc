import { sql } from 'kysely';
import type { Db } from './db.js';

export class UsageRepository {
  constructor(private readonly db: Db) {}

  async used(accountId: string, month: string): Promise<number> {
    const row = await this.db
      .selectFrom('monthly_usage')
      .select('used')
      .where('account_id', '=', accountId)
      .where('month', '=', month)
      .executeTakeFirst();
    return row ? Number(row.used) : 0;
  }

  /**
   * Takes one unit of quota if fewer than `limit` are used. A single conditional UPDATE is atomic on
   * both SQLite and PostgreSQL, so concurrent requests can never overrun the limit.
   */
  async tryReserve(accountId: string, month: string, limit: number): Promise<boolean> {
    await this.db
      .insertInto('monthly_usage')
      .values({ account_id: accountId, month, used: 0 })
      .onConflict((oc) => oc.columns(['account_id', 'month']).doNothing())
      .execute();
    const res = await this.db
      .updateTable('monthly_usage')
      .set((eb) => ({ used: eb('used', '+', 1) }))
      .where('account_id', '=', accountId)
      .where('month', '=', month)
      .where('used', '<', limit)
      .executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  /** Gives back a reserved unit (failed conversion). */
  async release(accountId: string, month: string): Promise<void> {
    await this.db
      .updateTable('monthly_usage')
      .set((eb) => ({ used: eb('used', '-', 1) }))
      .where('account_id', '=', accountId)
      .where('month', '=', month)
      .where('used', '>', 0)
      .execute();
  }

  /**
   * Sets every account's count for `month` to the successful conversions recorded in [fromIso, toIso).
   * Repairs reservations that a killed process never released (it died between reserve and record).
   */
  async resync(month: string, fromIso: string, toIso: string): Promise<void> {
    await sql`UPDATE monthly_usage SET used = (SELECT COUNT(*) FROM conversions c WHERE c.account_id = monthly_usage.account_id AND c.status = 'succeeded' AND c.created_at >= ${fromIso} AND c.created_at < ${toIso}) WHERE month = ${month}`.execute(this.db);
  }
}
