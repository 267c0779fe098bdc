import type { Transaction } from 'kysely';
import type { Db } from './db.js';
import type { Database } from './schema.js';

/** Runs inside the reserving transaction; throwing rolls the reservation back. */
export type ReservationLink = (trx: Transaction<Database>, reservationId: string) => Promise<void>;

export class UsageRepository {
  constructor(private readonly db: Db) {}

  async used(accountId: string, month: string): Promise<number> {
    const row = await this.db.selectFrom('monthly_usage').select('used').where('account_id', '=', accountId).where('month', '=', month).executeTakeFirst();
    return row ? Number(row.used) : 0;
  }

  /**
   * Takes one unit of quota if fewer than `limit` are used, and records the reservation in the same
   * transaction. The conditional UPDATE is atomic on SQLite and PostgreSQL, so concurrent requests can
   * never overrun the limit. Without `reservation` only the count moves (tests filling a month).
   * `link` records who holds the reservation in the same transaction (a job file), so a process killed
   * right after reserving can never leave a unit that nobody will keep or give back. Returns the units
   * used once this one is taken, or null when the limit is reached.
   */
  async tryReserve(
    accountId: string,
    month: string,
    limit: number,
    reservation?: { id: string; createdAt: string },
    link?: ReservationLink,
  ): Promise<number | null> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('monthly_usage')
        .values({ account_id: accountId, month, used: 0 })
        .onConflict((oc) => oc.columns(['account_id', 'month']).doNothing())
        .execute();
      const res = await trx
        .updateTable('monthly_usage')
        .set((eb) => ({ used: eb('used', '+', 1) }))
        .where('account_id', '=', accountId)
        .where('month', '=', month)
        .where('used', '<', limit)
        .returning('used')
        .executeTakeFirst();
      if (!res) return null;
      if (reservation) {
        await trx.insertInto('quota_reservations').values({ id: reservation.id, account_id: accountId, month, created_at: reservation.createdAt }).execute();
        if (link) await link(trx, reservation.id);
      }
      return Number(res.used);
    });
  }

  /**
   * Gives a reserved unit back (failed conversion, or a reservation left by a killed process). Only the
   * caller whose DELETE removed the row decrements, so a unit is never given back twice.
   */
  async release(reservationId: string): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('quota_reservations').select(['account_id', 'month']).where('id', '=', reservationId).executeTakeFirst();
      if (!row) return false;
      const del = await trx.deleteFrom('quota_reservations').where('id', '=', reservationId).executeTakeFirst();
      if (Number(del.numDeletedRows) === 0) return false;
      await trx
        .updateTable('monthly_usage')
        .set((eb) => ({ used: eb('used', '-', 1) }))
        .where('account_id', '=', row.account_id)
        .where('month', '=', row.month)
        .where('used', '>', 0)
        .execute();
      return true;
    });
  }

  /** Reservations older than `beforeIso` (of one account, or of all when accountId is null). */
  async staleReservations(accountId: string | null, beforeIso: string, limit = 100): Promise<string[]> {
    let q = this.db.selectFrom('quota_reservations').select('id').where('created_at', '<', beforeIso);
    if (accountId !== null) q = q.where('account_id', '=', accountId);
    return (await q.orderBy('created_at').limit(limit).execute()).map((r) => r.id);
  }

  /** A reservation still held (not yet kept nor given back), or undefined. */
  reservation(id: string): Promise<{ id: string; account_id: string; month: string } | undefined> {
    return this.db.selectFrom('quota_reservations').select(['id', 'account_id', 'month']).where('id', '=', id).executeTakeFirst();
  }
}
