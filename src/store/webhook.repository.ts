// SQL of webhook endpoints and their deliveries. Reads by clients are scoped by account; a delivery is
// claimed under a short lease so two processes never send the same attempt.
import { sql, type Kysely } from 'kysely';
import type { Db, Dialect } from './db.js';
import type { JobTables, WebhookDeliveriesTable, WebhooksTable } from './job.schema.js';
import type { AnyTrx } from './job.repository.js';

export type WebhookRow = WebhooksTable;
export type DeliveryRow = WebhookDeliveriesTable;

export class WebhookRepository {
  private readonly db: Kysely<JobTables>;

  constructor(
    db: Db,
    private readonly dialect: Dialect,
  ) {
    this.db = db.withTables<JobTables>() as unknown as Kysely<JobTables>;
  }

  async insert(row: WebhookRow): Promise<void> {
    await this.db.insertInto('webhooks').values(row).execute();
  }

  list(accountId: string): Promise<WebhookRow[]> {
    return this.db.selectFrom('webhooks').selectAll().where('account_id', '=', accountId).orderBy('created_at').orderBy('id').execute();
  }

  async count(accountId: string): Promise<number> {
    const r = await this.db
      .selectFrom('webhooks')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  find(accountId: string, id: string): Promise<WebhookRow | undefined> {
    return this.db.selectFrom('webhooks').selectAll().where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
  }

  async delete(accountId: string, id: string): Promise<boolean> {
    const r = await this.db.deleteFrom('webhooks').where('id', '=', id).where('account_id', '=', accountId).executeTakeFirst();
    return Number(r.numDeletedRows) > 0;
  }

  /** The account's endpoints subscribed to `event`, read inside the job's finishing transaction. */
  async subscribed(trx: AnyTrx, accountId: string, event: string): Promise<WebhookRow[]> {
    const rows = await (trx as unknown as Kysely<JobTables>).selectFrom('webhooks').selectAll().where('account_id', '=', accountId).execute();
    return rows.filter((w) => w.events.split(',').includes(event));
  }

  async insertDeliveries(trx: AnyTrx, rows: DeliveryRow[]): Promise<void> {
    if (rows.length) await (trx as unknown as Kysely<JobTables>).insertInto('webhook_deliveries').values(rows).execute();
  }

  deliveries(webhookId: string, limit: number): Promise<DeliveryRow[]> {
    return this.db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  /**
   * Claims the next due delivery for `leaseUntil`, with its endpoint, keeping endpoints and accounts
   * apart: an endpoint in back-off (blocked_until) or with an attempt in flight is passed over, as is
   * an account with `perAccount` attempts in flight; of the rest, the endpoint tried least recently goes
   * first. So endpoints that never answer hold at most `perAccount` of the dispatchers, each for one
   * attempt per back-off step, and never another account's deliveries. (On PostgreSQL two processes
   * may each claim for the same endpoint at the same moment: at most one attempt per process.)
   */
  async claimDue(nowIso: string, leaseUntil: string, perAccount: number): Promise<{ delivery: DeliveryRow; hook: WebhookRow } | null> {
    let pick = this.db
      .selectFrom('webhook_deliveries as d')
      .innerJoin('webhooks as w', 'w.id', 'd.webhook_id')
      .select('d.id')
      .where('d.status', '=', 'pending')
      .where('d.next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('d.lease_until', 'is', null), eb('d.lease_until', '<', nowIso)]))
      .where((eb) => eb.or([eb('w.blocked_until', 'is', null), eb('w.blocked_until', '<=', nowIso)]))
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('webhook_deliveries as x')
              .select('x.id')
              .whereRef('x.webhook_id', '=', 'd.webhook_id')
              .where('x.status', '=', 'pending')
              .where('x.lease_until', '>=', nowIso),
          ),
        ),
      )
      .where(
        (eb) =>
          eb
            .selectFrom('webhook_deliveries as y')
            .select((c) => c.fn.countAll<number>().as('n'))
            .whereRef('y.account_id', '=', 'd.account_id')
            .where('y.status', '=', 'pending')
            .where('y.lease_until', '>=', nowIso),
        '<',
        perAccount,
      )
      // coalesce: NULL sorts first on SQLite and last on PostgreSQL; an endpoint never tried goes first on both.
      .orderBy(sql`coalesce(w.last_attempt_at, '')`)
      .orderBy('d.next_attempt_at')
      .limit(1);
    if (this.dialect === 'postgres') pick = pick.forUpdate('d').skipLocked();
    const delivery = await this.db
      .updateTable('webhook_deliveries')
      .set({ lease_until: leaseUntil })
      .where('id', '=', (eb) => eb.selectFrom(pick.as('p')).select('p.id'))
      .where('status', '=', 'pending')
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
      .returningAll()
      .executeTakeFirst();
    if (!delivery) return null;
    const hook = await this.db.selectFrom('webhooks').selectAll().where('id', '=', delivery.webhook_id).executeTakeFirst();
    return hook ? { delivery, hook } : null;
  }

  /** An endpoint's health after an attempt: `blockedUntil` null after a success. */
  async recordEndpoint(id: string, ok: boolean, nowIso: string, blockedUntil: string | null): Promise<void> {
    await this.db
      .updateTable('webhooks')
      .set((eb) => ({ failures: ok ? 0 : eb('failures', '+', 1), blocked_until: blockedUntil, last_attempt_at: nowIso }))
      .where('id', '=', id)
      .execute();
  }

  /** Deliveries still pending once the retry window has passed are failed (their endpoint may have been in back-off all along). */
  async expirePending(createdBeforeIso: string, nowIso: string): Promise<number> {
    const r = await this.db
      .updateTable('webhook_deliveries')
      .set({ status: 'failed', next_attempt_at: null, last_error: 'Not delivered within the retry window.' })
      .where('status', '=', 'pending')
      .where('created_at', '<', createdBeforeIso)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
      .executeTakeFirst();
    return Number(r.numUpdatedRows);
  }

  async recordAttempt(
    id: string,
    set: Partial<Pick<DeliveryRow, 'status' | 'attempts' | 'next_attempt_at' | 'last_status_code' | 'last_error' | 'attempt_log' | 'delivered_at'>>,
  ): Promise<void> {
    await this.db
      .updateTable('webhook_deliveries')
      .set({ ...set, lease_until: null })
      .where('id', '=', id)
      .execute();
  }

  async deleteOlderThan(beforeIso: string): Promise<number> {
    const r = await this.db.deleteFrom('webhook_deliveries').where('created_at', '<', beforeIso).where('status', '!=', 'pending').executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
