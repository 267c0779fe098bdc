// Per-account payee rules ("descriptions containing X are payee Y"). Portable types only, as in 0001-init.
// Numbered 0007: 0005 and 0006 are taken by other work in flight.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('payee_rules')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('pattern', 'varchar(400)', (c) => c.notNull())
    .addColumn('payee', 'varchar(400)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('payee_rules_account_created').on('payee_rules').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('payee_rules').execute();
}
