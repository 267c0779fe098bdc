// The Redis queue: BullMQ carries file ids to `ledgerline worker` processes on any machine. BullMQ
// re-offers a file whose worker died (its lock expires: a stalled job); the database lease decides who
// runs it, so a file is converted once however often it is offered. A sweep re-offers files the
// database says are overdue, in case Redis lost them (a restart without persistence).
import { DelayedError, Queue, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type { FileWork, JobQueue, QueueLog } from './job-queue.js';

const QUEUE = 'jobs';

export interface BullOptions {
  redisUrl: string;
  /** Prefix of every key (REDIS_PREFIX + 'bull'). */
  prefix: string;
  /** Lock and stall timing (ms), the same as the database lease. */
  leaseMs: number;
}

export class BullMqJobQueue implements JobQueue {
  readonly kind = 'redis' as const;
  private producerConnection: Redis | null = null;
  private queue: Queue | null = null;
  private worker: Worker | null = null;
  private workerConnection: Redis | null = null;
  private sweeper: NodeJS.Timeout | null = null;

  constructor(
    private readonly opts: BullOptions,
    private readonly log: QueueLog,
  ) {}

  /** Made on first offer, so processes that never offer (CLI commands) never connect. */
  private producer(): Queue {
    if (!this.queue) {
      // The producer fails fast while Redis is away (the request still succeeds; the sweep offers later).
      this.producerConnection = new Redis(this.opts.redisUrl, { maxRetriesPerRequest: 1, connectTimeout: 2000 });
      this.producerConnection.on('error', () => {});
      this.queue = new Queue(QUEUE, { connection: this.producerConnection, prefix: this.opts.prefix });
      this.queue.on('error', () => {});
    }
    return this.queue;
  }

  async offer(fileIds: string[]): Promise<void> {
    if (!fileIds.length) return;
    try {
      // The file id is the BullMQ job id: offering a file twice while it waits is a no-op.
      await this.producer().addBulk(
        fileIds.map((id) => ({ name: 'file', data: { fileId: id }, opts: { jobId: id, removeOnComplete: true, removeOnFail: true } })),
      );
    } catch (err) {
      this.log.warn({ err, files: fileIds.length }, 'job queue: Redis did not take the files now; the sweep will offer them again');
    }
  }

  async consume(work: FileWork, concurrency: number): Promise<void> {
    // A worker's connection must wait for Redis rather than fail its blocking calls.
    this.workerConnection = new Redis(this.opts.redisUrl, { maxRetriesPerRequest: null });
    this.workerConnection.on('error', () => {});
    this.worker = new Worker<{ fileId: string }>(
      QUEUE,
      async (job: Job<{ fileId: string }>, token?: string) => {
        const r = await work.runFile(job.data.fileId);
        if (r.kind === 'retry') {
          await job.moveToDelayed(Math.max(Date.now() + 50, r.atMs), token);
          throw new DelayedError();
        }
      },
      {
        connection: this.workerConnection,
        prefix: this.opts.prefix,
        concurrency,
        lockDuration: this.opts.leaseMs,
        stalledInterval: Math.max(500, Math.floor(this.opts.leaseMs / 2)),
        maxStalledCount: 5,
      },
    );
    this.worker.on('error', (err) => this.log.warn({ err }, 'job worker: Redis error'));
    this.worker.on('failed', (job, err) => {
      if (job)
        this.log.warn(
          { err, fileId: (job.data as { fileId?: string }).fileId },
          'job worker: BullMQ gave a file up; the sweep offers it again if it is not finished',
        );
    });
    const sweep = async () => {
      try {
        await this.offer(await work.overdue());
      } catch (err) {
        this.log.warn({ err }, 'job queue: sweep failed');
      }
    };
    this.sweeper = setInterval(() => void sweep(), Math.max(1000, this.opts.leaseMs));
    this.sweeper.unref();
    void sweep();
  }

  async close(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper);
    // Waits for the files being converted here to finish.
    await this.worker?.close().catch(() => {});
    await this.queue?.close().catch(() => {});
    this.workerConnection?.disconnect();
    this.producerConnection?.disconnect();
  }
}
