// Asynchronous jobs (batches of statements), their sealed inputs and results, webhooks and their
// deliveries. Statement bytes live only in job_blobs, and only sealed (see src/adapters/jobs/sealing.ts):
// an input until its file is converted, a result until the job is deleted or expires.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const blob = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;

  await db.schema
    .createTable('jobs')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('source', 'varchar(10)', (c) => c.notNull())
    // receiving (upload not complete; never shown) | queued | running | done | failed
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('bank', 'varchar(40)', (c) => c.notNull())
    // The PDF password of the form, sealed like the inputs (null when none was given).
    .addColumn('password_sealed', 'text')
    .addColumn('file_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_succeeded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('files_failed', 'integer', (c) => c.notNull().defaultTo(0))
    // SHA-256 (hex) of the result key; the key itself is returned once and never stored.
    .addColumn('key_hash', 'varchar(64)', (c) => c.notNull())
    // X25519 public key (base64url) results are sealed to; its private key is derived from the result key.
    .addColumn('seal_public_key', 'varchar(64)', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('updated_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('completed_at', 'varchar(30)')
    .addColumn('expires_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('jobs_account_created').on('jobs').columns(['account_id', 'created_at']).execute();
  await db.schema.createIndex('jobs_expires').on('jobs').column('expires_at').execute();

  await db.schema
    .createTable('job_files')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('job_id', 'varchar(40)', (c) => c.notNull().references('jobs.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('idx', 'integer', (c) => c.notNull())
    .addColumn('filename', 'varchar(255)', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    // receiving | queued | running | done | failed
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('error_code', 'varchar(40)')
    .addColumn('error_detail', 'varchar(500)')
    .addColumn('bank', 'varchar(40)')
    .addColumn('page_count', 'integer')
    .addColumn('transaction_count', 'integer')
    .addColumn('reconcile_status', 'varchar(20)')
    .addColumn('reconcile_diff', 'varchar(40)')
    // Claims so far; a worker killed mid-file leaves its lease to expire and the file is claimed again.
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_token', 'varchar(40)')
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('available_at', 'varchar(30)', (c) => c.notNull())
    // The quota unit held for this file, reused by a re-run so a killed attempt never charges twice.
    .addColumn('reservation_id', 'varchar(40)')
    .addColumn('conversion_id', 'varchar(40)')
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('started_at', 'varchar(30)')
    .addColumn('finished_at', 'varchar(30)')
    .addUniqueConstraint('job_files_job_idx', ['job_id', 'idx'])
    .execute();
  await db.schema.createIndex('job_files_claim').on('job_files').columns(['status', 'available_at']).execute();

  await db.schema
    .createTable('job_blobs')
    .addColumn('file_id', 'varchar(40)', (c) => c.notNull().references('job_files.id').onDelete('cascade'))
    // input | result
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('data', blob, (c) => c.notNull())
    .addPrimaryKeyConstraint('job_blobs_pk', ['file_id', 'kind'])
    .execute();

  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('url', 'varchar(2048)', (c) => c.notNull())
    // Comma-separated event names.
    .addColumn('events', 'varchar(200)', (c) => c.notNull())
    // The signing secret, sealed with the deployment's seal key (it must be readable to sign).
    .addColumn('secret_sealed', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_account').on('webhooks').column('account_id').execute();

  await db.schema
    .createTable('webhook_deliveries')
    .addColumn('id', 'varchar(40)', (c) => c.primaryKey())
    .addColumn('webhook_id', 'varchar(40)', (c) => c.notNull().references('webhooks.id').onDelete('cascade'))
    .addColumn('account_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('job_id', 'varchar(40)', (c) => c.notNull())
    .addColumn('event', 'varchar(40)', (c) => c.notNull())
    // The JSON body (job metadata only, never rows), signed afresh at each attempt.
    .addColumn('payload', 'text', (c) => c.notNull())
    // pending | delivered | failed
    .addColumn('status', 'varchar(12)', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'varchar(30)')
    .addColumn('lease_until', 'varchar(30)')
    .addColumn('last_status_code', 'integer')
    .addColumn('last_error', 'varchar(300)')
    // JSON array of {at, status_code, error, duration_ms}, the most recent 30.
    .addColumn('attempt_log', 'text', (c) => c.notNull())
    .addColumn('created_at', 'varchar(30)', (c) => c.notNull())
    .addColumn('delivered_at', 'varchar(30)')
    .execute();
  await db.schema.createIndex('webhook_deliveries_due').on('webhook_deliveries').columns(['status', 'next_attempt_at']).execute();
  await db.schema.createIndex('webhook_deliveries_hook').on('webhook_deliveries').columns(['webhook_id', 'created_at']).execute();

  // One row: an HMAC of a fixed text under the deployment's seal key, so a process started with a
  // different key refuses to start instead of failing every file.
  await db.schema
    .createTable('seal_check')
    .addColumn('id', 'varchar(10)', (c) => c.primaryKey())
    .addColumn('check_value', 'varchar(64)', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['seal_check', 'webhook_deliveries', 'webhooks', 'job_blobs', 'job_files', 'jobs']) await db.schema.dropTable(t).execute();
}
