// Fair turns between accounts for job files (issue 47): when each account was last served, as a
// number that grows with every claim (a clock would tie under a test's fixed time). The embedded and
// the Redis queue both claim the due file of the account served longest ago, so one account's 7,000
// queued files no longer hold another account's one-file job.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('job_turns')
    .addColumn('account_id', 'varchar(40)', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    .addColumn('served', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('job_turns').execute();
}
