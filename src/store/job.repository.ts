// SQL of jobs, their files and sealed blobs. Every read by a client is scoped by account; claims and
// finishes are conditional updates, so two workers can never both own or both finish a file.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { Db, Dialect } from './db.js';
import type { JobFilesTable, JobsTable, JobTables } from './job.schema.js';

export type JobRow = JobsTable;
export type JobFileRow = JobFilesTable;
export type JobDb = Kysely<JobTables>;
/** A transaction opened by another repository (the conversion record), seen with the job tables. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the caller's transaction spans other repositories' tables
export type AnyTrx = Transaction<any>;

/** Free pages handed back per statement (4 KB each: 8 MB). */
const VACUUM_PAGES = 2048;

export interface FileOutcome {
  status: 'done' | 'failed';
  errorCode?: string | null;
  errorDetail?: string | null;
  bank?: string | null;
  pageCount?: number | null;
  transactionCount?: number | null;
  reconcileStatus?: string | null;
  reconcileDiff?: string | null;
  conversionId?: string | null;
  result?: Uint8Array;
}

export interface FinishedJob {
  job: JobRow;
  /** Set when this finish completed the job: exactly one finish per job sees it. */
  final: 'done' | 'failed' | null;
}

const FILE_META = [
  'id',
  'job_id',
  'account_id',
  'idx',
  'filename',
  'file_size',
  'status',
  'error_code',
  'error_detail',
  'bank',
  'page_count',
  'transaction_count',
  'reconcile_status',
  'reconcile_diff',
  'attempts',
  'lease_token',
  'lease_until',
  'available_at',
  'reservation_id',
  'conversion_id',
  'created_at',
  'started_at',
  'finished_at',
  'input_method',
] as const;

export class JobRepository {
  private readonly db: JobDb;

  constructor(
    db: Db,
    private readonly dialect: Dialect,
  ) {
    this.db = db.withTables<JobTables>() as unknown as JobDb;
  }

  private on(trx?: AnyTrx): JobDb {
    return trx ? (trx as unknown as JobDb) : this.db;
  }

  async createJob(row: JobRow): Promise<void> {
    await this.db.insertInto('jobs').values(row).execute();
  }

  /**
   * One file of an upload in progress, then its sealed bytes a part per statement, the event loop free
   * between parts (one 50 MB statement held it). No transaction is needed: until the job is committed
   * nothing reads its files, and an upload that never completes is deleted (with its parts) by the sweep.
   */
  async addFile(file: JobFileRow, sealedInput: AsyncIterable<Uint8Array>): Promise<void> {
    await this.db.insertInto('job_files').values(file).execute();
    let seq = 0;
    for await (const data of sealedInput) {
      await this.db.insertInto('job_blobs').values({ file_id: file.id, kind: 'input', seq: seq++, data }).execute();
      await nextTurn();
    }
  }

  /** Bytes of the account's files not finished yet (as they will be once inflated). */
  async waitingBytes(accountId: string): Promise<number> {
    const r = await this.db
      .selectFrom('job_files')
      .select((eb) => eb.fn.sum<number>('file_size').as('n'))
      .where('account_id', '=', accountId)
      .where('status', 'in', ['receiving', 'queued', 'running'])
      .executeTakeFirst();
    return Number(r?.n ?? 0);
  }

  /** The upload is complete: the job and its files become visible to workers. */
  async commitJob(
    jobId: string,
    fileCount: number,
    bank: string,
    passwordSealed: string | null,
    nowIso: string,
    currency: string | null = null,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('jobs')
        .set({ status: 'queued', file_count: fileCount, bank, password_sealed: passwordSealed, currency, updated_at: nowIso })
        .where('id', '=', jobId)
        .execute();
      await trx.updateTable('job_files').set({ status: 'queued', available_at: nowIso }).where('job_id', '=', jobId).execute();
    });
  }

  async deleteJob(jobId: string, accountId?: string): Promise<boolean> {
    let q = this.db.deleteFrom('jobs').where('id', '=', jobId);
    if (accountId !== undefined) q = q.where('account_id', '=', accountId);
    return Number((await q.executeTakeFirst()).numDeletedRows) > 0;
  }

  findJob(accountId: string, jobId: string): Promise<JobRow | undefined> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('id', '=', jobId)
      .where('account_id', '=', accountId)
      .where('status', '!=', 'receiving')
      .executeTakeFirst();
  }

  jobById(jobId: string, trx?: AnyTrx): Promise<JobRow | undefined> {
    return this.on(trx).selectFrom('jobs').selectAll().where('id', '=', jobId).executeTakeFirst();
  }

  listJobs(accountId: string, limit: number): Promise<JobRow[]> {
    return this.db
      .selectFrom('jobs')
      .selectAll()
      .where('account_id', '=', accountId)
      .where('status', '!=', 'receiving')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  files(jobId: string, trx?: AnyTrx): Promise<JobFileRow[]> {
    return this.on(trx).selectFrom('job_files').select(FILE_META).where('job_id', '=', jobId).orderBy('idx').execute();
  }

  file(fileId: string): Promise<JobFileRow | undefined> {
    return this.db.selectFrom('job_files').select(FILE_META).where('id', '=', fileId).executeTakeFirst();
  }

  /** A sealed blob's parts, in order (empty when there is none), read a part per statement with the event loop free between them. */
  async blobParts(fileId: string, kind: 'input' | 'result'): Promise<Uint8Array[]> {
    const parts: Uint8Array[] = [];
    for (let seq = 0; ; seq++) {
      const row = await this.db
        .selectFrom('job_blobs')
        .select('data')
        .where('file_id', '=', fileId)
        .where('kind', '=', kind)
        .where('seq', '=', seq)
        .executeTakeFirst();
      if (!row) return parts;
      parts.push(new Uint8Array(row.data));
      await nextTurn();
    }
  }

  /**
   * The next claimable file (queued and due, or running under an expired lease) of the account served
   * longest ago, leaving out `busyAccounts` (those at their share of this process's slots): accounts
   * take turns, as they do for convert in the conversion pool. Within an account, oldest first.
   */
  async claimNext(token: string, nowIso: string, leaseUntil: string, busyAccounts: readonly string[] = []): Promise<JobFileRow | null> {
    const due = (eb: ExpressionBuilder<JobTables & { f: JobFilesTable }, 'f'>) =>
      eb.or([
        eb.and([eb('f.status', '=', 'queued'), eb('f.available_at', '<=', nowIso)]),
        eb.and([eb('f.status', '=', 'running'), eb('f.lease_until', '<', nowIso)]),
      ]);
    let pick = this.db
      .selectFrom('job_files as f')
      .leftJoin('job_turns as t', 't.account_id', 'f.account_id')
      .select('f.id')
      .where(due)
      .orderBy(sql`coalesce(t.served, 0)`)
      .orderBy('f.available_at')
      .orderBy('f.idx')
      .limit(1);
    if (busyAccounts.length) pick = pick.where('f.account_id', 'not in', busyAccounts);
    if (this.dialect === 'postgres') pick = pick.forUpdate('f').skipLocked();
    const row = await this.db
      .updateTable('job_files')
      .set((eb) => ({ status: 'running', lease_token: token, lease_until: leaseUntil, attempts: eb('attempts', '+', 1), started_at: nowIso }))
      .where('id', '=', (eb) => eb.selectFrom(pick.as('p')).select('p.id'))
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('available_at', '<=', nowIso)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', nowIso)]),
        ]),
      )
      .returning(FILE_META)
      .executeTakeFirst();
    if (!row) return null;
    // The account goes to the back of the turns.
    await this.db
      .insertInto('job_turns')
      .values((eb) => ({
        account_id: row.account_id,
        served: eb.selectFrom('job_turns').select(sql<number>`coalesce(max(served), 0) + 1`.as('n')),
      }))
      .onConflict((oc) => oc.column('account_id').doUpdateSet((eb) => ({ served: eb.ref('excluded.served') })))
      .execute();
    return row;
  }

  /** Whether a file still waits to run, and when it may (the Redis queue's offers keep their turn while it does). */
  async waitingFile(fileId: string): Promise<{ status: string; available_at: string; lease_until: string | null } | undefined> {
    return this.db.selectFrom('job_files').select(['status', 'available_at', 'lease_until']).where('id', '=', fileId).executeTakeFirst();
  }

  /** Whether any file is queued (due or not). */
  async anyQueued(): Promise<boolean> {
    return Boolean(await this.db.selectFrom('job_files').select('id').where('status', '=', 'queued').limit(1).executeTakeFirst());
  }

  async renewLease(fileId: string, token: string, leaseUntil: string): Promise<boolean> {
    const r = await this.db
      .updateTable('job_files')
      .set({ lease_until: leaseUntil })
      .where('id', '=', fileId)
      .where('lease_token', '=', token)
      .where('status', '=', 'running')
      .executeTakeFirst();
    return Number(r.numUpdatedRows) > 0;
  }

  /**
   * Records the quota reservation a claimed file holds, inside the reserving transaction; throws
   * LeaseLost (rolling the reservation back) when the lease is no longer `token`'s.
   */
  async setReservation(trx: AnyTrx, fileId: string, token: string, reservationId: string): Promise<void> {
    const upd = await this.on(trx)
      .updateTable('job_files')
      .set({ reservation_id: reservationId })
      .where('id', '=', fileId)
      .where('lease_token', '=', token)
      .executeTakeFirst();
    if (Number(upd.numUpdatedRows) === 0) throw new LeaseLost(fileId);
  }

  /** Gives a claimed file back to the queue (a transient failure), without counting the attempt. */
  async requeue(fileId: string, token: string, availableAt: string): Promise<void> {
    await this.db
      .updateTable('job_files')
      .set((eb) => ({ status: 'queued', lease_token: null, lease_until: null, available_at: availableAt, attempts: eb('attempts', '-', 1) }))
      .where('id', '=', fileId)
      .where('lease_token', '=', token)
      .where('status', '=', 'running')
      .execute();
  }

  async markJobRunning(jobId: string, nowIso: string): Promise<void> {
    await this.db.updateTable('jobs').set({ status: 'running', updated_at: nowIso }).where('id', '=', jobId).where('status', '=', 'queued').execute();
  }

  /**
   * Records a file's outcome under its lease, inside `trx` (the caller's transaction, so the conversion
   * record and kept quota unit commit with it). Throws LeaseLost when the lease is no longer this
   * worker's (the job was deleted, or the file was claimed again after this worker stalled), which
   * rolls the whole transaction back.
   */
  async finishFile(trx: AnyTrx, fileId: string, token: string, o: FileOutcome, nowIso: string): Promise<FinishedJob> {
    const t = this.on(trx);
    const upd = await t
      .updateTable('job_files')
      .set({
        status: o.status,
        error_code: o.errorCode ?? null,
        error_detail: o.errorDetail ? o.errorDetail.slice(0, 500) : null,
        bank: o.bank ?? null,
        page_count: o.pageCount ?? null,
        transaction_count: o.transactionCount ?? null,
        reconcile_status: o.reconcileStatus ?? null,
        reconcile_diff: o.reconcileDiff ?? null,
        conversion_id: o.conversionId ?? null,
        reservation_id: null,
        lease_token: null,
        lease_until: null,
        finished_at: nowIso,
      })
      .where('id', '=', fileId)
      .where('lease_token', '=', token)
      .where('status', '=', 'running')
      .returning(['job_id'])
      .executeTakeFirst();
    if (!upd) throw new LeaseLost(fileId);
    await t.deleteFrom('job_blobs').where('file_id', '=', fileId).where('kind', '=', 'input').execute();
    if (o.result) await t.insertInto('job_blobs').values({ file_id: fileId, kind: 'result', seq: 0, data: o.result }).execute();
    // The job row is the lock that orders concurrent finishes: each sees the counts the others committed.
    const job = await t
      .updateTable('jobs')
      .set((eb) => ({
        files_succeeded: o.status === 'done' ? eb('files_succeeded', '+', 1) : eb.ref('files_succeeded'),
        files_failed: o.status === 'failed' ? eb('files_failed', '+', 1) : eb.ref('files_failed'),
        status: sql`case when status = 'queued' then 'running' else status end`,
        updated_at: nowIso,
      }))
      .where('id', '=', upd.job_id)
      .returningAll()
      .executeTakeFirstOrThrow();
    if (job.files_succeeded + job.files_failed < job.file_count || (job.status !== 'running' && job.status !== 'queued')) return { job, final: null };
    const final = job.files_succeeded > 0 ? 'done' : 'failed';
    await t.updateTable('jobs').set({ status: final, completed_at: nowIso }).where('id', '=', job.id).execute();
    return { job: { ...job, status: final, completed_at: nowIso }, final };
  }

  /** Jobs past their retention, and uploads that never completed. Returns how many were deleted. */
  async deleteExpired(nowIso: string, abandonedBeforeIso: string): Promise<number> {
    const r = await this.db
      .deleteFrom('jobs')
      .where((eb) => eb.or([eb('expires_at', '<=', nowIso), eb.and([eb('status', '=', 'receiving'), eb('created_at', '<', abandonedBeforeIso)])]))
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }

  /**
   * Gives the space of deleted inputs and results back to the file system (SQLite: the database runs
   * with auto_vacuum = INCREMENTAL, src/store/db.ts), a few megabytes per statement with the event loop
   * free between them. PostgreSQL's autovacuum makes the space reusable by itself.
   */
  async giveSpaceBack(): Promise<void> {
    if (this.dialect !== 'sqlite') return;
    for (;;) {
      const free = await sql<{ freelist_count: number }>`pragma freelist_count`.execute(this.db);
      if (!Number(free.rows[0]?.freelist_count ?? 0)) return;
      await sql`pragma incremental_vacuum(${sql.raw(String(VACUUM_PAGES))})`.execute(this.db);
      await nextTurn();
    }
  }

  /** Files that should be in a worker's hands by now (the Redis queue re-offers them if Redis lost them). */
  async overdueFiles(beforeIso: string, limit = 500): Promise<string[]> {
    const rows = await this.db
      .selectFrom('job_files')
      .select('id')
      .where((eb) =>
        eb.or([
          eb.and([eb('status', '=', 'queued'), eb('available_at', '<', beforeIso)]),
          eb.and([eb('status', '=', 'running'), eb('lease_until', '<', beforeIso)]),
        ]),
      )
      .orderBy('available_at')
      .limit(limit)
      .execute();
    return rows.map((r) => r.id);
  }
}

export class LeaseLost extends Error {
  constructor(fileId: string) {
    super(`lease on ${fileId} lost`);
    this.name = 'LeaseLost';
  }
}
