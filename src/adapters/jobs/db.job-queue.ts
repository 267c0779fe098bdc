// The embedded queue: workers claim due files straight from the database (FOR UPDATE SKIP LOCKED on
// PostgreSQL; SQLite has one writer at a time), so no Redis is needed. Offers made in this process
// wake its idle workers at once; other processes find the work at their next poll.
import type { FileWork, JobQueue, QueueLog } from './job-queue.js';

export class DbJobQueue implements JobQueue {
  readonly kind = 'database' as const;
  private stopped = false;
  private loops: Promise<void>[] = [];
  private sleepers: (() => void)[] = [];

  constructor(
    private readonly log: QueueLog,
    private readonly pollMs = 500,
  ) {}

  async offer(_fileIds: string[]): Promise<void> {
    this.wake();
  }

  private wake(): void {
    for (const w of this.sleepers.splice(0)) w();
  }

  private idle(): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.sleepers.push(done);
    });
  }

  async consume(work: FileWork, concurrency: number): Promise<void> {
    for (let i = 0; i < concurrency; i++) {
      this.loops.push(
        (async () => {
          while (!this.stopped) {
            let did = false;
            try {
              did = await work.runNext();
            } catch (err) {
              this.log.warn({ err }, 'job worker: claiming or running a file failed; retrying');
            }
            if (!did && !this.stopped) await this.idle();
          }
        })(),
      );
    }
  }

  async close(): Promise<void> {
    this.stopped = true;
    this.wake();
    await Promise.all(this.loops);
  }
}
