// Runs one job file: claim it under a lease, open its sealed input, convert it through the
// conversion service (quota reserved when it starts, given back if it fails, metadata recorded), seal
// the result to the job's public key, and record the outcome in the same transaction as the
// conversion record and the kept quota unit. A worker killed anywhere in here leaves the lease to
// expire; the next claim runs the file again and reuses the quota unit the dead attempt held, so the
// file is converted and charged exactly once.
import { setTimeout as sleep } from 'node:timers/promises';
import type { EngineResult } from '../../engine/types.js';
import { AppError, isAppError, type ErrorCode } from '../../errors.js';
import type { AccountRepository } from '../../store/account.repository.js';
import type { Db } from '../../store/db.js';
import { newId } from '../../store/ids.js';
import { LeaseLost, type AnyTrx, type FileOutcome, type JobFileRow, type JobRepository, type JobRow } from '../../store/job.repository.js';
import { isoAt, type Clock } from '../clock.js';
import type { ConversionService } from '../conversion.service.js';
import type { Upload } from '../conversion.types.js';
import type { QuotaService, Reservation } from '../quota.service.js';
import { JOB_MAX_ATTEMPTS, JOB_RETRY_DELAY_MS } from './job-limits.js';
import { sealToJob, type DeploymentSealer } from './sealing.js';
import { inflatedHead } from './zip-input.js';

/** Inflated bytes of a stored ZIP entry enough to tell its type (the sniffer reads up to 256 KB of text). */
const SNIFF_HEAD_BYTES = 256 * 1024;

/** Errors that say "not now" rather than "not this file": the file goes back to the queue. */
const TRANSIENT: ReadonlySet<ErrorCode> = new Set(['overloaded', 'service_unavailable', 'rate_limited']);

export type RunOutcome = { kind: 'done' } | { kind: 'retry'; atMs: number };

/** Called inside the transaction that finished a job's last file (webhook deliveries are queued there). */
export type JobFinalHook = (trx: AnyTrx, job: JobRow) => Promise<void>;

export interface RunnerLog {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** An offer that found nothing to run here comes back after this (ms). */
const OFFER_RETRY_MS = 1000;

export const resultContext = (jobId: string, idx: number) => `${jobId}/${idx}`;
export const inputContext = (fileId: string) => `input|${fileId}`;
export const passwordContext = (jobId: string) => `password|${jobId}`;

export class JobRunner {
  /** Told after a job's final state committed (wakes the webhook dispatcher). */
  onJobFinished: () => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly jobs: JobRepository,
    private readonly accounts: AccountRepository,
    private readonly conversions: ConversionService,
    private readonly quota: QuotaService,
    private readonly sealer: DeploymentSealer,
    private readonly clock: Clock,
    private readonly leaseMs: number,
    private readonly onFinal: JobFinalHook,
    private readonly log: RunnerLog,
    /** Files one account may run at once in this process: one slot less than there are, so another account always finds one. */
    private readonly perAccount = 1,
  ) {}

  /** Files this process is running, per account (an account may hold `perAccount` of its slots). */
  private readonly runningBy = new Map<string, number>();
  /** Claims in this process one at a time, so two slots never both see an account below its share. */
  private claiming: Promise<unknown> = Promise.resolve();

  /**
   * Claims the due file of the account served longest ago, leaving out accounts that already hold
   * their share of this process's slots, and counts it against its account until it is finished.
   */
  private claimFair(token: string): Promise<JobFileRow | null> {
    const claim = this.claiming.then(async () => {
      const now = this.clock();
      const busy = [...this.runningBy].filter(([, n]) => n >= this.perAccount).map(([a]) => a);
      const file = await this.jobs.claimNext(token, isoAt(now), isoAt(now + this.leaseMs), busy);
      if (file) this.runningBy.set(file.account_id, (this.runningBy.get(file.account_id) ?? 0) + 1);
      return file;
    });
    this.claiming = claim.catch(() => {});
    return claim;
  }

  private async runClaimed(file: JobFileRow, token: string): Promise<RunOutcome> {
    try {
      return await this.process(file, token);
    } finally {
      const n = (this.runningBy.get(file.account_id) ?? 1) - 1;
      if (n > 0) this.runningBy.set(file.account_id, n);
      else this.runningBy.delete(file.account_id);
    }
  }

  /** Embedded queue: claims and runs the fairest due file; false when there was none. */
  async runNext(): Promise<boolean> {
    const token = newId('lease');
    const file = await this.claimFair(token);
    if (!file) return false;
    await this.runClaimed(file, token);
    return true;
  }

  /**
   * Redis queue: an offer is a turn to run a file, and the database picks which, as runNext does (the
   * fairest due file, not necessarily the one named). So that no queued file is left without an offer,
   * an offer that finds nothing to run is only spent when its own file is finished and no file waits;
   * otherwise it comes back when its file is due or its lease ends, or in a second. Such an offer keeps
   * its slot a second first, so a slot whose account is at its share polls once a second rather than
   * spinning through that account's thousands of offers.
   */
  async runFile(fileId: string): Promise<RunOutcome> {
    const token = newId('lease');
    const file = await this.claimFair(token);
    if (file) return this.runClaimed(file, token);
    const own = await this.jobs.waitingFile(fileId);
    const waiting = own?.status === 'queued' || own?.status === 'running';
    if (!waiting && !(await this.jobs.anyQueued())) return { kind: 'done' };
    await sleep(OFFER_RETRY_MS);
    // When, on the wall clock BullMQ keeps: the wait measured on the service's clock.
    const after = (iso: string | null | undefined) => Date.now() + Math.max(0, (Date.parse(iso ?? '') || 0) - this.clock());
    if (own?.status === 'running') return { kind: 'retry', atMs: after(own.lease_until) + 100 };
    return { kind: 'retry', atMs: after(own?.status === 'queued' ? own.available_at : null) };
  }

  private async process(file: JobFileRow, token: string): Promise<RunOutcome> {
    const job = await this.jobs.jobById(file.job_id);
    if (!job) return { kind: 'done' };
    await this.jobs.markJobRunning(job.id, isoAt(this.clock()));
    if (file.attempts > JOB_MAX_ATTEMPTS) {
      if (file.reservation_id) {
        const held = await this.quota.adopt(file.reservation_id);
        if (held) await this.quota.release(held);
      }
      await this.fail(file, token, 'internal_error', `Converting this file stopped its worker ${JOB_MAX_ATTEMPTS} times, so it was not tried again.`);
      return { kind: 'done' };
    }
    const account = await this.accounts.findById(job.account_id);
    if (!account) return { kind: 'done' };
    // The lease is renewed while the conversion runs, so only a dead worker's lease expires.
    const heartbeat = setInterval(
      () => {
        this.jobs.renewLease(file.id, token, isoAt(this.clock() + this.leaseMs)).catch(() => {});
      },
      Math.max(250, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    let final = false;
    try {
      const subject = { id: account.id, plan: account.plan };
      // The result is written as stored text where it was read (convertToStore): only its summary and
      // the gzipped text cross to this process, which seals the text to the job's key.
      await this.conversions.convertToStore({
        account: subject,
        source: job.source,
        // Payees are read in the conversion process with the account's rules, as for convert, and kept
        // with the result: a file written from it later (Xero, OFX, QIF...) shows the same payees
        // convert would.
        payees: true,
        readUpload: async () => this.openInput(job, file),
        reserve: async (): Promise<Reservation> => {
          if (file.reservation_id) {
            const held = await this.quota.adopt(file.reservation_id);
            if (held) return held;
          }
          // Reserved and tied to the file in one transaction: a worker killed between the two would
          // leave a unit the re-run could not adopt, and the file would be charged twice.
          return this.quota.reserve(subject, job.source, (trx, id) => this.jobs.setReservation(trx, file.id, token, id));
        },
        onStored: async (gzipped, summary, conversionId) => {
          const sealed = sealToJob(job.seal_public_key, gzipped, resultContext(job.id, file.idx));
          const outcome: FileOutcome = { status: 'done', conversionId, result: sealed, ...resultMeta(summary) };
          return async (trx) => {
            const fin = await this.jobs.finishFile(trx, file.id, token, outcome, isoAt(this.clock()));
            if (fin.final) {
              final = true;
              await this.onFinal(trx, fin.job);
            }
          };
        },
      });
      return { kind: 'done' };
    } catch (e) {
      if (e instanceof LeaseLost) return { kind: 'done' };
      const code: ErrorCode = isAppError(e) ? e.code : 'internal_error';
      if (TRANSIENT.has(code)) {
        const atMs = this.clock() + JOB_RETRY_DELAY_MS;
        await this.jobs.requeue(file.id, token, isoAt(atMs));
        return { kind: 'retry', atMs };
      }
      if (!isAppError(e)) this.log.error({ err: e, jobId: job.id, fileIndex: file.idx }, 'job file failed unexpectedly');
      final = await this.fail(file, token, code, isAppError(e) ? e.detail : 'Unexpected error while converting this file; it has been logged.');
      return { kind: 'done' };
    } finally {
      clearInterval(heartbeat);
      if (final) this.onJobFinished();
    }
  }

  /** The file's input, unsealed a part at a time; a ZIP entry stays compressed (inflated in the conversion process). */
  private async openInput(job: JobRow, file: JobFileRow): Promise<Upload> {
    const parts = await this.jobs.blobParts(file.id, 'input');
    if (!parts.length) throw new AppError('internal_error', 'The uploaded file is no longer held.');
    let bytes: Uint8Array;
    let password: string | undefined;
    try {
      bytes = await this.sealer.openPieces(parts, inputContext(file.id));
      password = job.password_sealed ? this.sealer.openText(job.password_sealed, passwordContext(job.id)) : undefined;
    } catch {
      // Only when processes run with different seal keys, which the start-up check normally catches.
      throw new AppError('internal_error', "The uploaded file could not be unsealed with this worker's seal key.");
    }
    const inflate = Number(file.input_method) === 8 ? { size: Number(file.file_size), head: inflatedHead(bytes, SNIFF_HEAD_BYTES) } : undefined;
    return { bytes, filename: file.filename, bank: job.bank, password, currency: job.currency ?? undefined, inflate };
  }

  /** Records a failed file; true when that finished the job. */
  private async fail(file: JobFileRow, token: string, code: ErrorCode, detail: string): Promise<boolean> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const fin = await this.jobs.finishFile(trx, file.id, token, { status: 'failed', errorCode: code, errorDetail: detail }, isoAt(this.clock()));
        if (fin.final) await this.onFinal(trx, fin.job);
        return fin.final !== null;
      });
    } catch (e) {
      if (e instanceof LeaseLost) return false;
      throw e;
    }
  }
}

/** A file's record from the result's summary (its rows are not there: the count is the result's). */
function resultMeta(r: EngineResult): Omit<FileOutcome, 'status'> {
  return {
    bank: r.bank,
    pageCount: r.meta.pageCount,
    transactionCount: r.transaction_count,
    reconcileStatus: r.reconcile_status,
    reconcileDiff: String(r.reconcile_diff),
  };
}
