// Continuity across uploads (issue 18): per account of the user, the period, opening and closing balance
// and conversion id of each converted statement, keyed by a salted hash of the statement's account
// identifiers (never the number itself). Metadata only: no rows, no descriptions. Deleting the user's
// account deletes these with it (cascade). Portable types only, as in 0001-init.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('statement_history')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** HMAC-SHA256 hex of the statement's account identifiers (src/services/account-keys.ts). */
    .addColumn('account_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('conversion_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('period_from', 'varchar(10)', (c) => c.notNull())
    .addColumn('period_to', 'varchar(10)', (c) => c.notNull())
    .addColumn('opening_balance', 'varchar(40)')
    .addColumn('closing_balance', 'varchar(40)')
    .addColumn('currency', 'varchar(3)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('statement_history_account_key').on('statement_history').columns(['account_id', 'account_key', 'period_to']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('statement_history').execute();
}
