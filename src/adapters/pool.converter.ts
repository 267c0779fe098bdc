// A piscina worker pool with a per-file time limit, a heap cap per worker and a bounded queue.
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import type { ConvertOptions, EngineResult } from '../engine/types.js';
import { AppError, ERROR_TABLE, type ErrorCode } from '../errors.js';
import type { Converter, WorkerReply } from './converter.js';

export interface PoolOptions {
  workers: number;
  maxQueue: number;
  timeoutMs: number;
  memoryMb: number;
  /** The worker module; tests substitute a stub to hold workers busy. */
  workerFile?: string;
}

const WORKER = fileURLToPath(new URL('./convert.worker.mjs', import.meta.url));

// A 50 MB upload is moved to the worker rather than copied (one copy less in memory, and no 50 MB
// clone on the event loop). Only a view that owns its whole buffer can be moved: moving a slice of a
// pooled Buffer would detach its neighbours. The caller's bytes are empty afterwards.
function ownsWholeBuffer(bytes: Uint8Array): boolean {
  return bytes.buffer instanceof ArrayBuffer && bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength && bytes.byteLength > 64 * 1024;
}

export class PoolConverter implements Converter {
  private readonly pool: Piscina;
  private closing = false;
  private inFlight = 0;

  constructor(private readonly opts: PoolOptions) {
    this.pool = new Piscina({
      filename: opts.workerFile ?? WORKER,
      minThreads: 1,
      maxThreads: Math.max(1, opts.workers),
      maxQueue: Math.max(0, opts.maxQueue),
      // Idle workers are recycled, so one big file's heap is not held for ever.
      idleTimeout: 30_000,
      // The young generation stays a small share of the cap (MB). Seen here: with a young space as large
      // as a 64 MB cap, a worker running out of memory aborted the whole process ("Reached heap limit")
      // instead of ending only that worker with ERR_WORKER_OUT_OF_MEMORY.
      resourceLimits: { maxOldGenerationSizeMb: opts.memoryMb, maxYoungGenerationSizeMb: Math.max(4, Math.min(64, Math.floor(opts.memoryMb / 8))), stackSizeMb: 4 },
    });
    // A worker that dies fails its own task only; the pool replaces it.
    this.pool.on('error', () => {});
  }

  async convert(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
    if (this.closing) throw new AppError('overloaded', 'The server is shutting down; retry on another instance.', { retryAfter: 5 });
    if (this.pool.queueSize >= this.opts.maxQueue) {
      throw new AppError('overloaded', 'Too many conversions are waiting; retry shortly.', { retryAfter: 10 });
    }
    const signal = AbortSignal.timeout(this.opts.timeoutMs);
    let reply: WorkerReply;
    this.inFlight++;
    try {
      reply = await this.pool.run({ bytes, opts }, { signal, transferList: ownsWholeBuffer(bytes) ? [bytes.buffer as ArrayBuffer] : undefined });
    } catch (e) {
      throw this.translate(e);
    } finally {
      this.inFlight--;
    }
    if (reply.ok) return reply.result;
    const code = (reply.code in ERROR_TABLE ? reply.code : 'internal_error') as ErrorCode;
    throw new AppError(code, reply.detail);
  }

  private translate(e: unknown): Error {
    const err = e as { name?: string; code?: string; message?: string };
    if (err?.name === 'AbortError' || err?.name === 'TimeoutError') {
      return new AppError('security_check_failed', `Processing the file took longer than the ${Math.round(this.opts.timeoutMs / 1000)} s limit, so it was stopped.`);
    }
    if (err?.code === 'ERR_WORKER_OUT_OF_MEMORY') {
      return new AppError('security_check_failed', 'Processing the file needed more memory than one conversion may use, so it was stopped.');
    }
    if (/queue is at limit/i.test(String(err?.message))) {
      return new AppError('overloaded', 'Too many conversions are waiting; retry shortly.', { retryAfter: 10 });
    }
    return e instanceof Error ? e : new Error(String(e));
  }

  stats() {
    const queued = this.pool.queueSize;
    return { running: Math.max(0, this.inFlight - queued), queued };
  }

  async close(): Promise<void> {
    this.closing = true;
    await this.pool.close({ force: false });
  }
}
