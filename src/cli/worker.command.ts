// ledgerline worker: converts job files in this process, taking them from BullMQ (REDIS_URL) or from
// the database (the embedded queue); also delivers webhooks and applies retention. Run as many as you
// like, on any machine that reaches the database (and Redis). SIGTERM finishes the files in hand.
import { prettyLogStream } from '../adapters/pretty-log.js';
import { loadConfig } from '../config.js';
import { createContext } from '../context.js';
import type { QueueLog } from '../adapters/jobs/job-queue.js';

const LEVELS = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: 100 } as const;

/**
 * JSON lines like the server's pino logs (level, time, msg), for the same log pipeline; through the
 * same pretty stream as the server's when LOG_FORMAT is pretty (the default on a terminal).
 */
export function jsonLog(level: string, base: Record<string, unknown> = {}, out: NodeJS.WritableStream = process.stdout): QueueLog {
  const min = LEVELS[level as keyof typeof LEVELS] ?? LEVELS.info;
  const write = (lvl: number) => (obj: object, msg: string) => {
    if (lvl < min) return;
    const fields: Record<string, unknown> = { level: lvl, time: Date.now(), ...base };
    for (const [k, v] of Object.entries(obj)) fields[k] = v instanceof Error ? { type: v.name, message: v.message, code: (v as { code?: unknown }).code } : v;
    out.write(JSON.stringify({ ...fields, msg }) + '\n');
  };
  return { info: write(LEVELS.info), warn: write(LEVELS.warn), error: write(LEVELS.error) };
}

export async function runWorker(): Promise<number> {
  const config = loadConfig();
  const log = jsonLog(config.logLevel, { pid: process.pid, role: 'worker' }, config.logFormat === 'pretty' ? prettyLogStream() : process.stdout);
  const ctx = await createContext(config);
  await ctx.jobs.start({ consume: true, log });
  log.info({ queue: ctx.jobs.queue.kind, concurrency: config.jobConcurrency }, 'worker started');
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'worker stopping: finishing the files in hand');
    setTimeout(() => {
      log.error({ signal }, 'shutdown deadline passed; exiting with work unfinished (its files will be run again)');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      await ctx.close();
      log.info({ signal }, 'worker stopped');
      process.exit(0);
    } catch (err) {
      log.error({ err }, 'worker shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
  return -1;
}
