// SQL of webhook endpoints and their deliveries. Reads by clients are scoped by account; a delivery is
// claimed under a short lease so two processes never send the same attempt.
import type { Kysely } from 'kysely';
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

  /** Claims the next due delivery for `leaseUntil`, with its endpoint. */
  async claimDue(nowIso: string, leaseUntil: string): Promise<{ delivery: DeliveryRow; hook: WebhookRow } | null> {
    let pick = this.db
      .selectFrom('webhook_deliveries')
      .select('id')
      .where('status', '=', 'pending')
      .where('next_attempt_at', '<=', nowIso)
      .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', nowIso)]))
      .orderBy('next_attempt_at')
      .limit(1);
    if (this.dialect === 'postgres') pick = pick.forUpdate().skipLocked();
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
