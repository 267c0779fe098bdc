// Kept results (issue 50): a conversion's result, and the corrections a person saved to it, kept sealed
// at rest (AES-256-GCM under a key derived from the deployment seal key, src/services/kept-results.service.ts)
// until it expires, so the account can reopen and download it again. The account's own keeping period
// (0-90 days; none: the deployment's KEEP_RESULTS_DAYS) is one row of `result_keeping`. Deleting the
// account deletes both (cascade). Portable types; the blob column is bytea on PostgreSQL, as in 0006-jobs.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const blob = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('kept_results')
    .addColumn('conversion_id', 'varchar(40)', (c) => c.primaryKey().references('conversions.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    // The result as converted: gzipped result text (src/services/jobs/result-text.ts), sealed.
    .addColumn('result_sealed', blob, (c) => c.notNull())
    // The result as a person corrected it (with its audit trail), sealed; null while uncorrected.
    .addColumn('corrected_sealed', blob)
    .addColumn('corrected_at', 'varchar(30)')
    // Rows edited, added or deleted, and the verdict of the corrected rows (metadata, as `conversions`).
    .addColumn('corrected_rows', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('corrected_status', 'varchar(20)')
    .execute();
  await db.schema.createIndex('kept_results_account').on('kept_results').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('kept_results_expires').on('kept_results').column('expires_at').execute();

  await db.schema
    .createTable('result_keeping')
    .addColumn('account_id', 'varchar(40)', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
    // Days a new result is kept (0-90); 0 keeps nothing.
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('result_keeping').execute();
  await db.schema.dropTable('kept_results').execute();
}
