// The jobs use case for clients: create a job from an upload (each file sealed and stored as it
// arrives), read its state, open its sealed results with the result key, list and delete jobs, and
// delete what retention says is due.
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { resultFromText } from './result-text.js';
import type { JobQueue } from '../../adapters/jobs/job-queue.js';
import { isAcceptedBank } from '../../engine/profiles/index.js';
import type { EngineResult } from '../../engine/types.js';
import { AppError, ERROR_TABLE, type ErrorCode } from '../../errors.js';
import { newId } from '../../store/ids.js';
import type { JobFileRow, JobRepository, JobRow } from '../../store/job.repository.js';
import { isoAt, type Clock } from '../clock.js';
import type { QuotaService, QuotaSubject } from '../quota.service.js';
import { JOB_LIST_LIMIT, JOB_MAX_FILES, JOB_MAX_ZIP_RECORDS } from './job-limits.js';
import { inputContext, passwordContext, resultContext } from './job-runner.js';
import { newJobKeys, openWithResultKey, resultKeyMatches, type DeploymentSealer } from './sealing.js';
import { isZipArchive, zipEntries } from './zip-input.js';

const gunzipAsync = promisify(gunzip);

/** Receives each uploaded file as it is read; the upload reader calls it in order. */
export type FileSink = (filename: string, bytes: Uint8Array) => Promise<void>;
/** Reads the request's files into the sink and returns its other fields. */
export type JobUploadReader = (sink: FileSink) => Promise<{ bank: string; password?: string; currency?: string }>;

export interface JobSettings {
  retentionHours: number;
  /** One file's limit (the convert limit, 50 MB). */
  maxFileBytes: number;
  /** All files of one job together. */
  maxJobBytes: number;
  /** A job whose upload never completed is deleted after this (ms). */
  abandonAfterMs: number;
  /** Bytes of statements one account may have waiting for a conversion, all its jobs together. */
  maxWaitingBytes: number;
}

export interface CreatedJob {
  job: JobRow;
  files: JobFileRow[];
  resultKey: string;
}

const mb = (n: number) => Math.round(n / 1048576);

export class JobService {
  constructor(
    private readonly jobs: JobRepository,
    private readonly quota: QuotaService,
    private readonly sealer: DeploymentSealer,
    private readonly queue: JobQueue,
    private readonly clock: Clock,
    private readonly settings: JobSettings,
  ) {}

  /**
   * Creates a job from an upload. Each file is sealed and stored as it arrives, a piece at a time with
   * the event loop free between pieces; a ZIP's statements are found from its central directory alone
   * and stored compressed as they came (zip-input.ts). `eachFile` runs before each file is stored (the
   * web counts its conversions there).
   */
  async create(
    account: QuotaSubject,
    source: 'api' | 'web',
    read: JobUploadReader,
    cleanName: (n: string) => string,
    eachFile: () => Promise<void> = async () => {},
  ): Promise<CreatedJob> {
    const status = await this.quota.status(account, source);
    if (status.remaining <= 0) {
      throw new AppError(
        'monthly_limit_reached',
        `This month's ${status.limit} conversions are used up; the quota resets on ${new Date(status.resetAtMs).toISOString().slice(0, 10)}.`,
        { retryAfter: status.resetSeconds },
      );
    }
    // Statements waiting for a conversion are held (sealed) until then: an account may have at most
    // maxWaitingBytes of them, so uploads cannot fill the disk faster than they are converted.
    const waiting = await this.jobs.waitingBytes(account.id);
    const tooMuchWaiting = () =>
      new AppError(
        'overloaded',
        `Your account already has ${mb(waiting)} MB of statements waiting to be converted, the most one account may have (${mb(this.settings.maxWaitingBytes)} MB); send more once some have been converted.`,
        { retryAfter: 30 },
      );
    if (waiting >= this.settings.maxWaitingBytes) throw tooMuchWaiting();
    const now = this.clock();
    const id = newId('job', now);
    const keys = newJobKeys(id);
    const job: JobRow = {
      id,
      account_id: account.id,
      source,
      status: 'receiving',
      bank: 'auto',
      password_sealed: null,
      currency: null,
      file_count: 0,
      files_succeeded: 0,
      files_failed: 0,
      key_hash: keys.keyHash,
      seal_public_key: keys.publicKey,
      created_at: isoAt(now),
      updated_at: isoAt(now),
      completed_at: null,
      expires_at: isoAt(now + this.settings.retentionHours * 3600_000),
    };
    await this.jobs.createJob(job);
    const files: JobFileRow[] = [];
    let total = 0;
    /** `data` as stored: the bytes as uploaded (method 0) or a ZIP entry's raw DEFLATE of `size` bytes (method 8). */
    const store = async (name: string, data: Uint8Array, method: 0 | 8, size: number) => {
      if (files.length >= JOB_MAX_FILES) throw new AppError('invalid_request', `A job holds at most ${JOB_MAX_FILES} statements.`);
      total += size;
      if (total > this.settings.maxJobBytes)
        throw new AppError('file_too_large', `The job's files are over the ${mb(this.settings.maxJobBytes)} MB limit of one job.`);
      if (waiting + total > this.settings.maxWaitingBytes) throw tooMuchWaiting();
      await eachFile();
      const fileId = newId('jf', this.clock());
      const row: JobFileRow = {
        id: fileId,
        job_id: id,
        account_id: account.id,
        idx: files.length,
        filename: cleanName(name),
        file_size: size,
        status: 'receiving',
        error_code: null,
        error_detail: null,
        bank: null,
        page_count: null,
        transaction_count: null,
        reconcile_status: null,
        reconcile_diff: null,
        attempts: 0,
        lease_token: null,
        lease_until: null,
        available_at: isoAt(now),
        reservation_id: null,
        conversion_id: null,
        created_at: isoAt(this.clock()),
        started_at: null,
        finished_at: null,
        input_method: method,
      };
      await this.jobs.addFile(row, this.sealer.sealPieces(data, inputContext(fileId)));
      files.push(row);
    };
    try {
      const fields = await read(async (name, bytes) => {
        if (!isZipArchive(bytes, JOB_MAX_ZIP_RECORDS)) return store(name, bytes, 0, bytes.length);
        const limits = {
          maxEntries: JOB_MAX_FILES - files.length,
          maxRecords: JOB_MAX_ZIP_RECORDS,
          maxEntryBytes: this.settings.maxFileBytes,
          maxTotalBytes: this.settings.maxJobBytes - total,
        };
        for (const entry of zipEntries(bytes, limits)) await store(entry.name, entry.data, entry.method, entry.size);
      });
      if (!files.length) throw new AppError('invalid_request', 'The job has no statements: send one or more "file" parts (or one ZIP of statements).');
      const bank = (fields.bank ?? '').trim().toLowerCase() || 'auto';
      if (!isAcceptedBank(bank))
        throw new AppError('unsupported_bank', `No bank profile is called "${bank.slice(0, 40)}". GET /api/v1/banks lists the accepted values.`);
      const password = fields.password ? this.sealer.sealText(fields.password, passwordContext(id)) : null;
      await this.jobs.commitJob(id, files.length, bank, password, isoAt(this.clock()), fields.currency ?? null);
    } catch (e) {
      await this.jobs.deleteJob(id).catch(() => {});
      throw e;
    }
    await this.queue.offer(files.map((f) => f.id));
    const committed = { ...job, status: 'queued' as const, file_count: files.length };
    return { job: committed, files: files.map((f) => ({ ...f, status: 'queued' as const })), resultKey: keys.resultKey };
  }

  /** The job of this account, or 404 (also once it has expired, even before the sweep deleted it). */
  async job(accountId: string, jobId: string): Promise<JobRow> {
    const job = await this.jobs.findJob(accountId, jobId);
    if (!job || Date.parse(job.expires_at) <= this.clock())
      throw new AppError('not_found', 'No such job (jobs and their results are deleted after the retention period).');
    return job;
  }

  async get(accountId: string, jobId: string): Promise<{ job: JobRow; files: JobFileRow[] }> {
    const job = await this.job(accountId, jobId);
    return { job, files: await this.jobs.files(job.id) };
  }

  async list(accountId: string): Promise<JobRow[]> {
    const now = this.clock();
    return (await this.jobs.listJobs(accountId, JOB_LIST_LIMIT)).filter((j) => Date.parse(j.expires_at) > now);
  }

  /** Deletes the job, its results and any inputs not converted yet, now. */
  async remove(accountId: string, jobId: string): Promise<void> {
    await this.job(accountId, jobId);
    await this.jobs.deleteJob(jobId, accountId);
  }

  /** Checks the result key of a job of this account; 404 before 403, so other accounts learn nothing. */
  /** The job, its files and the key that opened them (checked here, so callers hold a key that works). */
  async unlock(accountId: string, jobId: string, resultKey: string | undefined): Promise<{ job: JobRow; files: JobFileRow[]; key: string }> {
    const job = await this.job(accountId, jobId);
    if (!resultKey) throw new AppError('invalid_job_key', "Send the job's result_key in the X-Job-Key header to read its results.");
    if (!resultKeyMatches(resultKey, job.key_hash)) throw new AppError('invalid_job_key', "The X-Job-Key does not open this job's results.");
    return { job, files: await this.jobs.files(job.id), key: resultKey };
  }

  /** The job's file `index` when converted; a file still converting is 409, a failed one answers with its own error. */
  private doneFile(job: JobRow, files: JobFileRow[], index: number): JobFileRow {
    const file = files.find((f) => Number(f.idx) === index);
    if (!file) throw new AppError('not_found', `The job has no file ${index} (files are numbered from 0 to ${files.length - 1}).`);
    if (file.status === 'failed') {
      const code = (file.error_code && file.error_code in ERROR_TABLE ? file.error_code : 'internal_error') as ErrorCode;
      throw new AppError(code, file.error_detail ?? 'This file could not be converted.');
    }
    if (file.status !== 'done')
      throw new AppError('result_not_ready', `File ${index} is ${file.status}; poll GET /api/v1/jobs/${job.id} or wait for the webhook.`, { retryAfter: 2 });
    return file;
  }

  /**
   * One file's result as stored (sealed to the job's key), to be opened and written in a conversion
   * process (a file download: src/adapters/held-answer.ts answerStored), with the same answers as
   * openFileWithKey for a file that is not there, failed or still converting.
   */
  async openSealedWithKey(
    accountId: string,
    jobId: string,
    index: number,
    resultKey: string | undefined,
  ): Promise<{ file: JobFileRow; sealed: { bytes: Uint8Array; resultKey: string; jobId: string; context: string } }> {
    const { job, files, key } = await this.unlock(accountId, jobId, resultKey);
    const file = this.doneFile(job, files, index);
    return { file, sealed: await this.sealedResult(job, file, key) };
  }

  /** A file's result as stored, with what opens it (for a conversion process: held-answer.ts answerStored). */
  async sealedResult(job: JobRow, file: JobFileRow, resultKey: string): Promise<{ bytes: Uint8Array; resultKey: string; jobId: string; context: string }> {
    const parts = await this.jobs.blobParts(file.id, 'result');
    if (!parts.length) throw new AppError('not_found', 'This result has been deleted.');
    return { bytes: Buffer.concat(parts), resultKey, jobId: job.id, context: resultContext(job.id, Number(file.idx)) };
  }

  async openResult(job: JobRow, file: JobFileRow, resultKey: string): Promise<EngineResult> {
    const parts = await this.jobs.blobParts(file.id, 'result');
    if (!parts.length) throw new AppError('not_found', 'This result has been deleted.');
    const plain = openWithResultKey(resultKey, job.id, Buffer.concat(parts), resultContext(job.id, Number(file.idx)));
    return resultFromText<EngineResult>(await gunzipAsync(plain));
  }

  /** Deletes expired jobs and uploads that never completed, and gives their space back; returns how many jobs. */
  async sweep(): Promise<number> {
    const now = this.clock();
    const deleted = await this.jobs.deleteExpired(isoAt(now), isoAt(now - this.settings.abandonAfterMs));
    await this.jobs.giveSpaceBack();
    return deleted;
  }
}
