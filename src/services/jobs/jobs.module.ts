// Builds the jobs feature from the configuration (queue, sealing, services) and runs its background
// work in a server or worker process: converting files, delivering webhooks, deleting what retention
// says is due. Nothing runs until start() is called, so tests and CLI commands stay quiet.
import { BullMqJobQueue } from '../../adapters/jobs/bullmq.job-queue.js';
import { DbJobQueue } from '../../adapters/jobs/db.job-queue.js';
import type { JobQueue, QueueLog } from '../../adapters/jobs/job-queue.js';
import { checkSealer, deploymentSealer } from '../../adapters/jobs/seal-key.js';
import type { Config } from '../../config.js';
import type { AccountRepository } from '../../store/account.repository.js';
import type { DbHandle } from '../../store/db.js';
import { JobRepository } from '../../store/job.repository.js';
import { WebhookRepository } from '../../store/webhook.repository.js';
import { isoAt, type Clock } from '../clock.js';
import type { ConversionService } from '../conversion.service.js';
import type { QuotaService } from '../quota.service.js';
import type { KeptResultService } from '../kept-results.service.js';
import { WEBHOOK_DELIVERY_RETENTION_MS } from './job-limits.js';
import { JobRunner } from './job-runner.js';
import { JobService } from './job.service.js';
import type { DeploymentSealer } from './sealing.js';
import { WebhookService, type Sender } from './webhook.service.js';

export interface JobsDeps {
  accounts: AccountRepository;
  conversions: ConversionService;
  quota: QuotaService;
  clock: Clock;
  /** Kept results: their retention runs with the jobs' sweep (issue 50). */
  kept?: Pick<KeptResultService, 'sweep'>;
}

export interface StartOptions {
  /** Convert job files in this process. */
  consume: boolean;
  log?: QueueLog;
  /** Ms between retention sweeps (default 60 s). */
  sweepEveryMs?: number;
}

/** The process's logger once start() names it; quiet before (CLI commands, tests). */
export class DeferredLog implements QueueLog {
  target: QueueLog = { info() {}, warn() {}, error() {} };
  info(o: object, m: string) {
    this.target.info(o, m);
  }
  warn(o: object, m: string) {
    this.target.warn(o, m);
  }
  error(o: object, m: string) {
    this.target.error(o, m);
  }
}

export class JobsModule {
  readonly service: JobService;
  readonly webhooks: WebhookService;
  readonly runner: JobRunner;
  private stopped = false;
  private started = false;
  private loops: Promise<void>[] = [];
  private sleepers: (() => void)[] = [];
  private timers: NodeJS.Timeout[] = [];

  constructor(
    readonly config: Config,
    readonly queue: JobQueue,
    readonly repo: JobRepository,
    readonly hooks: WebhookRepository,
    readonly sealer: DeploymentSealer,
    private readonly deps: JobsDeps,
    private readonly dbh: DbHandle,
    private readonly log: DeferredLog,
    sender?: Sender,
  ) {
    this.webhooks = new WebhookService(
      hooks,
      repo,
      sealer,
      deps.clock,
      { allowLoopback: config.webhookAllowLoopback, retryBaseMs: config.webhookRetryBaseMs, retryWindowMs: config.webhookRetryWindowMs },
      sender,
    );
    this.runner = new JobRunner(
      dbh.db,
      repo,
      deps.accounts,
      deps.conversions,
      deps.quota,
      sealer,
      deps.clock,
      config.jobLeaseMs,
      (trx, job) => this.webhooks.enqueueForJob(trx, job),
      {
        warn: (o, m) => this.log.warn(o, m),
        error: (o, m) => this.log.error(o, m),
      },
      // One slot less than there are, as the conversion pool leaves a process for other accounts.
      Math.max(1, config.jobConcurrency - 1),
    );
    this.runner.onJobFinished = () => this.wakeDispatcher();
    this.service = new JobService(repo, deps.quota, sealer, queue, deps.clock, {
      retentionHours: config.jobRetentionHours,
      maxFileBytes: config.maxUploadBytes,
      maxJobBytes: config.jobMaxUploadBytes,
      abandonAfterMs: config.requestTimeoutMs + 60_000,
      // Two full jobs: one can wait while the next is uploaded.
      maxWaitingBytes: 2 * config.jobMaxUploadBytes,
    });
  }

  /** Starts the background work of this process. */
  async start(opts: StartOptions): Promise<void> {
    if (this.started) return;
    this.started = true;
    await checkSealer(this.sealer, this.config, this.dbh.db);
    if (opts.log) this.log.target = opts.log;
    if (opts.consume) {
      await this.queue.consume(
        {
          runNext: () => this.runner.runNext(),
          runFile: (id) => this.runner.runFile(id),
          overdue: () => this.repo.overdueFiles(isoAt(this.deps.clock() - this.config.jobLeaseMs)),
        },
        this.config.jobConcurrency,
      );
    }
    // A few deliveries at once; an account holds at most WEBHOOK_IN_FLIGHT_PER_ACCOUNT of them (claimDue).
    for (let i = 0; i < 4; i++) this.loops.push(this.dispatchLoop());
    const sweep = () => void this.sweep().catch((err: unknown) => this.log.warn({ err }, 'jobs: retention sweep failed'));
    sweep();
    // Every minute, or more often when the retention itself is short (tests).
    const t = setInterval(sweep, opts.sweepEveryMs ?? Math.max(500, Math.min(60_000, (this.config.jobRetentionHours * 3600_000) / 4)));
    t.unref();
    this.timers.push(t);
  }

  /** Deletes expired jobs (results included), abandoned uploads, old delivery records and expired kept results. */
  async sweep(): Promise<void> {
    const deleted = await this.service.sweep();
    if (deleted) this.log.info({ deleted }, 'jobs: expired jobs deleted');
    await this.webhooks.expire();
    const expired = (await this.deps.kept?.sweep()) ?? 0;
    if (expired) this.log.info({ deleted: expired }, 'kept results: expired results deleted');
    await this.hooks.deleteOlderThan(isoAt(this.deps.clock() - WEBHOOK_DELIVERY_RETENTION_MS));
  }

  wakeDispatcher(): void {
    for (const w of this.sleepers.splice(0)) w();
  }

  private async dispatchLoop(): Promise<void> {
    const pollMs = Math.min(1000, this.config.webhookRetryBaseMs);
    while (!this.stopped) {
      let did = false;
      try {
        did = await this.webhooks.deliverNext();
      } catch (err) {
        this.log.warn({ err }, 'webhooks: delivery bookkeeping failed; retrying');
      }
      if (!did && !this.stopped) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(done, pollMs);
          function done() {
            clearTimeout(timer);
            resolve();
          }
          this.sleepers.push(done);
        });
      }
    }
  }

  /** Stops taking work, waits for files and deliveries in progress, closes the queue. */
  async close(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearInterval(t);
    this.wakeDispatcher();
    await this.queue.close();
    await Promise.all(this.loops);
  }
}

export async function createJobs(config: Config, dbh: DbHandle, deps: JobsDeps, sender?: Sender): Promise<JobsModule> {
  const sealer = deploymentSealer(config);
  const log = new DeferredLog();
  const queue: JobQueue = config.redisUrl
    ? new BullMqJobQueue({ redisUrl: config.redisUrl, prefix: `${config.redisPrefix}bull`, leaseMs: config.jobLeaseMs }, log)
    : new DbJobQueue(log);
  return new JobsModule(config, queue, new JobRepository(dbh.db, dbh.dialect), new WebhookRepository(dbh.db, dbh.dialect), sealer, deps, dbh, log, sender);
}
