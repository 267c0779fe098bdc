// How job files reach workers. The database is the record of every file's state (claims, leases,
// outcomes); a queue only offers work. With REDIS_URL that is BullMQ, so `ledgerline worker`
// processes on any number of machines share the load; without it the database itself is polled, so
// `npm start` alone runs jobs.
import type { RunOutcome } from '../../services/jobs/job-runner.js';

export interface FileWork {
  /** Embedded queue: claim and run the next due file (false when there is none). */
  runNext(): Promise<boolean>;
  /** Redis queue: run this file unless it is finished or held by another live worker. */
  runFile(fileId: string): Promise<RunOutcome>;
  /** Files that should be in a worker's hands by now (re-offered in case Redis lost them). */
  overdue(): Promise<string[]>;
}

export interface QueueLog {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface JobQueue {
  readonly kind: 'redis' | 'database';
  /** Offers committed files to workers. Never fails the caller: a file not offered now is found again by the sweep. */
  offer(fileIds: string[]): Promise<void>;
  /** Starts converting in this process, `concurrency` files at once. */
  consume(work: FileWork, concurrency: number): Promise<void>;
  /** Stops taking files, waits for the ones running, and closes connections. */
  close(): Promise<void>;
}
