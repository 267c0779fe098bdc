// Web sessions: only the SHA-256 of the session token is stored, so a copy of the database cannot
// be used to log in. The CSRF token is a per-session synchronizer token (not a credential on its own).
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('web_sessions')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull().unique())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('csrf_token', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('last_seen_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('web_sessions_account').on('web_sessions').column('account_id').execute();
  await db.schema.createIndex('web_sessions_expires').on('web_sessions').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('web_sessions').execute();
}
