import type { Db } from './db.js';
import type { ConversionsTable } from './schema.js';

export type ConversionRow = ConversionsTable;

export class ConversionRepository {
  constructor(private readonly db: Db) {}

  async insert(row: ConversionRow): Promise<void> {
    await this.db.insertInto('conversions').values(row).execute();
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
