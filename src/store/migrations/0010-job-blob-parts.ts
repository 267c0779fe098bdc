// Job inputs and results kept in parts of at most a megabyte (issue 47): a 50 MB input written or read
// in one statement held the server's event loop, so each part is its own statement with the loop free
// between them. Rows of the old table become part 0 (they open as before). A ZIP entry is kept as it
// came, compressed (`job_files.input_method` 8: raw DEFLATE, inflated in the conversion process; 0: the
// bytes as uploaded), so a 510 KB archive of zeros is stored as 510 KB, not 500 MB.
import { PostgresAdapter, sql, type Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  const blob = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('job_blob_parts')
    .addColumn('file_id', 'varchar(40)', (c) => c.notNull().references('job_files.id').onDelete('cascade'))
    // input | result
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', blob, (c) => c.notNull())
    .addPrimaryKeyConstraint('job_blob_parts_pk', ['file_id', 'kind', 'seq'])
    .execute();
  await sql`insert into job_blob_parts (file_id, kind, seq, data) select file_id, kind, 0, data from job_blobs`.execute(db);
  await db.schema.dropTable('job_blobs').execute();
  await db.schema.alterTable('job_blob_parts').renameTo('job_blobs').execute();
  await db.schema
    .alterTable('job_files')
    .addColumn('input_method', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // Bytes an account has waiting (its unfinished files), summed at every job upload.
  await db.schema.createIndex('job_files_account_status').on('job_files').columns(['account_id', 'status']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('job_files_account_status').execute();
  await db.schema.alterTable('job_files').dropColumn('input_method').execute();
  await db.schema.alterTable('job_blobs').renameTo('job_blob_parts').execute();
  const blob = db.getExecutor().adapter instanceof PostgresAdapter ? sql`bytea` : sql`blob`;
  await db.schema
    .createTable('job_blobs')
    .addColumn('file_id', 'varchar(40)', (c) => c.notNull().references('job_files.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(8)', (c) => c.notNull())
    .addColumn('data', blob, (c) => c.notNull())
    .addPrimaryKeyConstraint('job_blobs_pk', ['file_id', 'kind'])
    .execute();
  await sql`insert into job_blobs (file_id, kind, data) select file_id, kind, data from job_blob_parts where seq = 0`.execute(db);
  await db.schema.dropTable('job_blob_parts').execute();
}
