// The currency a job's form states (issue 45): applied to every file of the job, as its bank is.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').addColumn('currency', 'varchar(3)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('jobs').dropColumn('currency').execute();
}
