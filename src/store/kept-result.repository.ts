// SQL of kept results and each account's keeping period. Every query is scoped by account, except the
// retention sweep, which deletes what expired for everyone.
import type { Kysely } from 'kysely';
import type { Db } from './db.js';
import type { KeptResultsTable, KeptTables } from './kept-result.schema.js';
import type { Database } from './schema.js';

/** A kept result without its sealed bytes (lists, expiry). */
export type KeptMeta = Omit<KeptResultsTable, 'result_sealed' | 'corrected_sealed'>;

const META = ['conversion_id', 'account_id', 'created_at', 'expires_at', 'corrected_at', 'corrected_rows', 'corrected_status'] as const;

export class KeptResultRepository {
  private readonly db: Kysely<Database & KeptTables>;

  constructor(db: Db) {
    this.db = db.withTables<KeptTables>();
  }

  async insert(row: KeptResultsTable): Promise<void> {
    await this.db.insertInto('kept_results').values(row).execute();
  }

  /** The row, sealed bytes included, if it has not expired at `nowIso`. */
  find(accountId: string, conversionId: string, nowIso: string): Promise<KeptResultsTable | undefined> {
    return this.db
      .selectFrom('kept_results')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('conversion_id', '=', conversionId)
      .where('expires_at', '>', nowIso)
      .executeTakeFirst();
  }

  /** Metadata of the account's unexpired kept results among `ids`. */
  async metaOf(accountId: string, ids: string[], nowIso: string): Promise<KeptMeta[]> {
    if (!ids.length) return [];
    return this.db
      .selectFrom('kept_results')
      .select(META)
      .where('account_id', '=', accountId)
      .where('conversion_id', 'in', ids)
      .where('expires_at', '>', nowIso)
      .execute();
  }

  async saveCorrected(
    accountId: string,
    conversionId: string,
    v: { corrected_sealed: Uint8Array | null; corrected_at: string | null; corrected_rows: number; corrected_status: string | null },
  ): Promise<boolean> {
    const r = await this.db.updateTable('kept_results').set(v).where('account_id', '=', accountId).where('conversion_id', '=', conversionId).executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  async remove(accountId: string, conversionId: string): Promise<boolean> {
    const r = await this.db.deleteFrom('kept_results').where('account_id', '=', accountId).where('conversion_id', '=', conversionId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  async removeAll(accountId: string): Promise<number> {
    const r = await this.db.deleteFrom('kept_results').where('account_id', '=', accountId).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /** Creation times of the account's kept results (to move their expiry when the period changes). */
  listTimes(accountId: string): Promise<{ conversion_id: string; created_at: string }[]> {
    return this.db.selectFrom('kept_results').select(['conversion_id', 'created_at']).where('account_id', '=', accountId).execute();
  }

  async setExpiry(accountId: string, changes: { conversion_id: string; expires_at: string }[]): Promise<void> {
    if (!changes.length) return;
    await this.db.transaction().execute(async (trx) => {
      for (const c of changes)
        await trx
          .updateTable('kept_results')
          .set({ expires_at: c.expires_at })
          .where('account_id', '=', accountId)
          .where('conversion_id', '=', c.conversion_id)
          .execute();
    });
  }

  /** Deletes every kept result expired at `nowIso`; returns how many. */
  async deleteExpired(nowIso: string): Promise<number> {
    const r = await this.db.deleteFrom('kept_results').where('expires_at', '<=', nowIso).executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  async daysOf(accountId: string): Promise<number | null> {
    const row = await this.db.selectFrom('result_keeping').select('days').where('account_id', '=', accountId).executeTakeFirst();
    return row ? Number(row.days) : null;
  }

  async setDays(accountId: string, days: number, nowIso: string): Promise<void> {
    await this.db
      .insertInto('result_keeping')
      .values({ account_id: accountId, days, updated_at: nowIso })
      .onConflict((oc) => oc.column('account_id').doUpdateSet({ days, updated_at: nowIso }))
      .execute();
  }
}
