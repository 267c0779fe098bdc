import type { Transaction } from 'kysely';
import type { Db } from './db.js';
import type { ConversionsTable, Database } from './schema.js';

export type ConversionRow = ConversionsTable;

export class ConversionRepository {
  constructor(private readonly db: Db) {}

  async insert(row: ConversionRow): Promise<void> {
    await this.db.insertInto('conversions').values(row).execute();
  }

  /**
   * Records a successful conversion and keeps its quota unit, in one transaction: a crash can never
   * leave a recorded success whose unit is still marked in flight (and later given back), nor the reverse.
   */
  async insertSucceeded(row: ConversionRow, reservationId: string, alsoInTransaction?: (trx: Transaction<Database>) => Promise<void>): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const del = await trx.deleteFrom('quota_reservations').where('id', '=', reservationId).executeTakeFirst();
      if (Number(del.numDeletedRows) === 0) {
        // The unit was given back as stale while this conversion still ran: take it again, so the
        // count keeps matching the recorded successes.
        await trx
          .updateTable('monthly_usage')
          .set((eb) => ({ used: eb('used', '+', 1) }))
          .where('account_id', '=', row.account_id)
          .where('month', '=', row.created_at.slice(0, 7))
          .execute();
      }
      await trx.insertInto('conversions').values(row).execute();
      if (alsoInTransaction) await alsoInTransaction(trx);
    });
  }

  byId(accountId: string, id: string): Promise<ConversionRow | undefined> {
    return this.db.selectFrom('conversions').selectAll().where('account_id', '=', accountId).where('id', '=', id).executeTakeFirst();
  }

  /** Newest first, scoped to one account. */
  listRecent(accountId: string, limit: number): Promise<ConversionRow[]> {
    return this.db
      .selectFrom('conversions')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /** Successful conversions of a month by format and by verdict (createdFrom/To are ISO bounds). */
  async countsSince(accountId: string, from: string, to: string) {
    const rows = await this.db
      .selectFrom('conversions')
      .select(['format', 'reconcile_status'])
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('status', '=', 'succeeded')
      .where('created_at', '>=', from)
      .where('created_at', '<', to)
      .groupBy(['format', 'reconcile_status'])
      .execute();
    return rows.map((r) => ({ format: r.format, reconcile_status: r.reconcile_status, n: Number(r.n) }));
  }
}
