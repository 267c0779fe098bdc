// Per-account classification rules (beta). Portable types only, as in 0001-init.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('classify_rules')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('pattern', 'varchar(400)', (c) => c.notNull())
    .addColumn('category', 'varchar(40)', (c) => c.notNull())
    .addColumn('classification', 'varchar(10)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('classify_rules_account_created').on('classify_rules').columns(['account_id', 'created_at']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('classify_rules').execute();
}
