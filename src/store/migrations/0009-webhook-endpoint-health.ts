// Webhook endpoints keep their own health (issue 47): consecutive failed attempts and the time before
// which none of their deliveries is tried again, so an endpoint that never answers costs one attempt
// per back-off step, not one per pending delivery; and when it was last tried, so endpoints are
// served in turn.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webhooks')
    .addColumn('failures', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('webhooks').addColumn('blocked_until', 'varchar(30)').execute();
  await db.schema.alterTable('webhooks').addColumn('last_attempt_at', 'varchar(30)').execute();
  await db.schema.createIndex('webhook_deliveries_account').on('webhook_deliveries').columns(['account_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('webhook_deliveries_account').execute();
  for (const c of ['last_attempt_at', 'blocked_until', 'failures']) await db.schema.alterTable('webhooks').dropColumn(c).execute();
}
