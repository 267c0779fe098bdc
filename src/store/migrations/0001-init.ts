// Portable schema: only types and constraints that SQLite and PostgreSQL both understand.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('accounts')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('email', 'varchar(320)', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('plan', 'varchar(20)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('api_keys')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'varchar(100)', (c) => c.notNull())
    .addColumn('prefix', 'varchar(20)', (c) => c.notNull())
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_used_at', 'varchar(30)')
    .addColumn('revoked_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('api_keys_account').on('api_keys').column('account_id').execute();

  await db.schema
    .createTable('conversions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_type', 'varchar(10)')
    .addColumn('file_size', 'integer')
    .addColumn('page_count', 'integer')
    .addColumn('bank', 'varchar(40)')
    .addColumn('format', 'varchar(20)', (c) => c.notNull())
    .addColumn('status', 'varchar(10)', (c) => c.notNull())
    .addColumn('error_code', 'varchar(40)')
    .addColumn('transaction_count', 'integer')
    .addColumn('reconcile_status', 'varchar(20)')
    .addColumn('reconcile_diff', 'varchar(40)')
    .addColumn('duration_ms', 'integer', (c) => c.notNull())
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('conversions_account_created').on('conversions').columns(['account_id', 'created_at']).execute();

  await db.schema
    .createTable('monthly_usage')
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('month', 'varchar(7)', (c) => c.notNull())
    .addColumn('used', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('monthly_usage_pk', ['account_id', 'month'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['monthly_usage', 'conversions', 'api_keys', 'accounts']) await db.schema.dropTable(t).execute();
}
