// The conversion pool: a few child processes (src/adapters/process-slot.ts), each under a kernel
// memory limit, fed from a queue that is fair between accounts.
//
// - One account may have `perAccount` jobs running or waiting; beyond that, 503 overloaded at once.
// - One account may run on at most `workers - 1` processes (one when there is one), so a burst from one
//   account always leaves a process for everyone else; waiting jobs are taken round-robin by account.
// - The per-file time limit starts when a process takes the job; a job that waits longer than
//   `queueWaitMs` for one is answered 503 overloaded (the server was busy, the file was never looked at).
// - A task past its time limit, or whose process runs out of memory or dies, ends that process (a new
//   one takes its place) and is logged.
import { fileURLToPath } from 'node:url';
import type { Classification } from '../engine/classify/index.js';
import type { ConvertOptions, EngineResult } from '../engine/types.js';
import { AppError, ERROR_TABLE, type ErrorCode } from '../errors.js';
import type {
  AnsweringConverter,
  ClassifyTask,
  Converter,
  CorrectedText,
  CorrectTask,
  JobInfo,
  RenderedFile,
  RenderTask,
  SideReply,
  SideTasks,
  WorkerReply,
  WriteTask,
} from './converter.js';
import type { AnswerOrders, AnswerPlan, AnswerTail, HeldAnswer, KeptAnswerTask, StoredAnswerTask } from './held-answer.js';
import { PieceQueue } from './piece-queue.js';
import { isSlotEnd, ProcessSlot } from './process-slot.js';

export interface PoolLog {
  warn(obj: Record<string, unknown>, msg: string): void;
  error(obj: Record<string, unknown>, msg: string): void;
}

export interface PoolOptions {
  workers: number;
  maxQueue: number;
  timeoutMs: number;
  /** Memory one conversion may use on top of the runtime (heap, buffers and WebAssembly memory together), MB. */
  memoryMb: number;
  /** Jobs one account may have running or waiting at once (default 4). */
  perAccount?: number;
  /** Longest wait for a free process before 503 overloaded, ms (default 60 s). */
  queueWaitMs?: number;
  /** Tasks one process runs before it is replaced (default MAX_TASKS_PER_PROCESS); tests lower it. */
  maxTasksPerProcess?: number;
  /** The task module; tests substitute a stub to hold workers busy. */
  workerFile?: string;
  /** Environment of the conversion processes (default: this process's). */
  env?: NodeJS.ProcessEnv;
  log?: PoolLog;
}

const WORKER = fileURLToPath(new URL('./convert.worker.mjs', import.meta.url));
const RUNNER = fileURLToPath(new URL('./child-runner.mjs', import.meta.url));

/** What a conversion process needs before any file is read (node, tsx, the engine, pdf.js), MB; measured about 150. */
export const PROCESS_BASE_MB = 256;
/**
 * An idle process above this share of its limit is replaced rather than reused (its heap stays grown).
 * Not lower: a process that has read a few PDFs sits at about 350 MB, and starting a new one costs
 * about 2 s of CPU.
 */
const RECYCLE_SHARE = 0.8;
/**
 * Processes are replaced after this many tasks, so slow leaks in parsers cannot add up (leaks that grow
 * memory are caught sooner by RECYCLE_SHARE). Not fewer: a new process costs about 2 s of CPU (0.75 s to
 * start, 0.35 s for its first PDF, then some 30 conversions at 3 to 6 times the warm time), which at 200
 * tasks was 10 ms of CPU per conversion, twice the warm conversion of a 1-page PDF (about 4 ms).
 */
const MAX_TASKS_PER_PROCESS = 1000;
/**
 * A process whose resident memory grew by more than this during one task (MB) is replaced (as at its
 * task limit: a successor is started, and the grown one ends at its first idle moment once it has):
 * V8 keeps a grown heap, so a 50 MB CSV left its process some 370 MB bigger while idle. Only large
 * files grow a process this much, and they take seconds to convert, so the new process's start is a
 * small share of theirs; a 2-page PDF grows it by a few MB.
 */
const GROWN_MB = 128;
const IDLE_MS = 30_000;

type What = 'file' | 'classification' | 'rendering';

interface Job {
  name?: string;
  payload: unknown;
  /** Several tasks on one process, which stays this job's until they end (convertAnswered). */
  converse?: (slot: ProcessSlot) => Promise<unknown>;
  account: string;
  what: What;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  waitTimer?: NodeJS.Timeout;
}

const overloaded = (detail: string, retryAfter = 10) => new AppError('overloaded', detail, { retryAfter });

export class PoolConverter implements Converter, SideTasks, AnsweringConverter {
  private readonly slots = new Set<ProcessSlot>();
  /** Waiting jobs per account; the map's order is the round-robin order. */
  private readonly waiting = new Map<string, Job[]>();
  private queued = 0;
  private readonly runningBy = new Map<string, number>();
  private readonly inFlightBy = new Map<string, number>();
  private running = 0;
  private closing = false;
  private idleWake: (() => void)[] = [];
  private readonly reaper: NodeJS.Timeout;
  private log: PoolLog | undefined;
  readonly perAccount: number;
  readonly runCap: number;
  readonly queueWaitMs: number;

  constructor(private readonly opts: PoolOptions) {
    this.perAccount = Math.max(1, opts.perAccount ?? 4);
    this.runCap = Math.max(1, opts.workers - 1);
    this.queueWaitMs = opts.queueWaitMs ?? 60_000;
    this.log = opts.log;
    // One process is started now, so the first conversion does not pay for starting node and the engine.
    this.spawn();
    this.reaper = setInterval(() => this.reapIdle(), 10_000);
    this.reaper.unref();
  }

  /** The server's logger, once it exists (the pool is built before the HTTP app). */
  setLogger(log: PoolLog): void {
    this.log = log;
  }

  async convert(bytes: Uint8Array, opts: ConvertOptions, job: JobInfo = {}): Promise<EngineResult> {
    const reply = (await this.submit(undefined, { bytes, opts }, job, 'file')) as WorkerReply;
    if (reply.ok) return reply.result;
    throw this.replyError(reply, job, 'file');
  }

  /**
   * Reads the file and writes its answer on one process (held-answer.ts): the result stays there while
   * `between` runs here. The answer is returned once its head (headers) has come, its bytes streaming
   * in as the process writes them, then its kept copy; the process is this job's until then (the
   * per-file time limit covers every step).
   */
  convertAnswered(
    bytes: Uint8Array,
    opts: ConvertOptions,
    plan: AnswerPlan,
    between: (summary: EngineResult) => Promise<AnswerOrders>,
    job: JobInfo = {},
  ): Promise<HeldAnswer> {
    // (Only the payload is kept for the steps: the slot lets go of its bytes once they are written.)
    const first: { bytes: Uint8Array | null; opts: ConvertOptions; plan: AnswerPlan } = { bytes, opts, plan };
    return new Promise<HeldAnswer>((resolve, reject) => {
      const body = new PieceQueue();
      let keep: (kept: Uint8Array | undefined) => void = () => {};
      const kept = new Promise<Uint8Array | undefined>((r) => (keep = r));
      let answered = false;
      const converse = async (slot: ProcessSlot): Promise<void> => {
        const read = (await slot.run('convertHeld', first)) as SideReply<EngineResult>;
        if (!read.ok) throw this.replyError(read, job, 'file');
        let orders: AnswerOrders;
        try {
          orders = await between(read.value);
        } catch (e) {
          await slot.run('dropHeld', {}).catch(() => undefined);
          throw e;
        }
        const tail = await this.streamed(slot, 'answerHeld', orders, job, body, (head) => {
          answered = true;
          resolve({ ...head, body, kept });
        });
        keep(tail?.kept);
      };
      this.submit(undefined, null, job, 'file', converse).catch((e: unknown) => {
        keep(undefined);
        // Before the head: the request fails; after it, the answer's stream does.
        if (answered) body.fail(e);
        else reject(e);
      });
    });
  }

  /** A job file's stored result answered in a conversion process (held-answer.ts), its bytes streamed. */
  answerStored(task: StoredAnswerTask, job: JobInfo = {}): Promise<HeldAnswer> {
    return this.answerOpened('answerStored', task, job);
  }

  /** A kept result's texts answered in a conversion process (held-answer.ts), its bytes streamed. */
  answerKept(task: KeptAnswerTask, job: JobInfo = {}): Promise<HeldAnswer> {
    return this.answerOpened('answerKept', task, job);
  }

  /** A task that opens a result and answers it, nothing kept: its bytes streamed as they come. */
  private answerOpened(name: 'answerStored' | 'answerKept', task: StoredAnswerTask | KeptAnswerTask, job: JobInfo): Promise<HeldAnswer> {
    return new Promise<HeldAnswer>((resolve, reject) => {
      const body = new PieceQueue();
      let answered = false;
      const converse = async (slot: ProcessSlot): Promise<void> => {
        await this.streamed(slot, name, task, job, body, (head) => {
          answered = true;
          resolve({ ...head, body, kept: Promise.resolve(undefined) });
        });
      };
      this.submit(undefined, null, job, 'rendering', converse).catch((e: unknown) => {
        if (answered) body.fail(e);
        else reject(e);
      });
    });
  }

  /**
   * Runs a task whose reply streams an answer (child-runner.mjs): `onHead` gets the answer's head, its
   * pieces go to `body`; returns the task's tail. A task that fails before its head throws its error.
   */
  private async streamed(
    slot: ProcessSlot,
    name: string,
    payload: unknown,
    job: JobInfo,
    body: PieceQueue,
    onHead: (head: Omit<HeldAnswer, 'body' | 'kept'>) => void,
  ): Promise<AnswerTail | null> {
    let headed = false;
    const last = (await slot.run(name, payload, {
      head: (reply) => {
        const head = reply as SideReply<Omit<HeldAnswer, 'body' | 'kept'>>;
        if (!head.ok) return;
        headed = true;
        onHead(head.value);
      },
      piece: (p) => body.push(p),
      last: () => body.end(),
    })) as (SideReply<unknown> & AnswerTail) | null;
    if (!headed) throw this.replyError(last && !last.ok ? last : { code: 'internal_error', detail: 'The answer was not written.' }, job, 'rendering');
    return last;
  }

  async classify(task: ClassifyTask, job: JobInfo = {}): Promise<Classification[]> {
    return this.side<Classification[]>('classify', task, job, 'classification');
  }

  async render(task: RenderTask, job: JobInfo = {}): Promise<RenderedFile> {
    return this.side<RenderedFile>('render', task, job, 'rendering');
  }

  async write(task: WriteTask, job: JobInfo = {}): Promise<Uint8Array> {
    return this.side<Uint8Array>('write', task, job, 'rendering');
  }

  async correct(task: CorrectTask, job: JobInfo = {}): Promise<CorrectedText> {
    return this.side<CorrectedText>('correct', task, job, 'rendering');
  }

  async checkRule(pattern: string, job: JobInfo = {}): Promise<string | null> {
    return this.side<string | null>('checkRule', pattern, job, 'classification');
  }

  private async side<T>(name: string, task: unknown, job: JobInfo, what: What): Promise<T> {
    const reply = (await this.submit(name, task, job, what)) as SideReply<T>;
    if (reply.ok) return reply.value;
    throw this.replyError(reply, job, what);
  }

  private replyError(reply: { code: string; detail: string; reason?: string }, job: JobInfo, what: What): AppError {
    if (reply.reason === 'memory')
      this.log?.warn({ event: 'conversion_out_of_memory', what, accountId: job.accountId, limitMb: this.opts.memoryMb }, 'a conversion task ran out of memory');
    const code = (reply.code in ERROR_TABLE ? reply.code : 'internal_error') as ErrorCode;
    return new AppError(code, reply.detail);
  }

  private submit(name: string | undefined, payload: unknown, info: JobInfo, what: What, converse?: Job['converse']): Promise<unknown> {
    if (this.closing) return Promise.reject(overloaded('The server is shutting down; retry on another instance.', 5));
    // Jobs without an account (the fuzzer, internal work) are not capped per account; requests always name one.
    const account = info.accountId ?? '';
    const inFlight = this.inFlightBy.get(account) ?? 0;
    if (account && inFlight >= this.perAccount) {
      return Promise.reject(
        overloaded(`Your account already has ${this.perAccount} conversions running or waiting; send the next one when one has finished.`, 5),
      );
    }
    const canStart = this.running < this.opts.workers && (!account || (this.runningBy.get(account) ?? 0) < this.runCap) && !this.waiting.has(account);
    if (!canStart && this.queued >= this.opts.maxQueue) return Promise.reject(overloaded('Too many conversions are waiting; retry shortly.'));
    return new Promise((resolve, reject) => {
      const job: Job = { name, payload, converse, account, what, resolve, reject };
      this.inFlightBy.set(account, inFlight + 1);
      const list = this.waiting.get(account) ?? [];
      list.push(job);
      this.waiting.set(account, list);
      this.queued++;
      job.waitTimer = setTimeout(() => this.expire(job), this.queueWaitMs);
      job.waitTimer.unref();
      this.pump();
    });
  }

  /** A job that found no free process in time: 503, and it never ran. */
  private expire(job: Job): void {
    const list = this.waiting.get(job.account);
    const at = list?.indexOf(job) ?? -1;
    if (!list || at < 0) return;
    list.splice(at, 1);
    if (list.length === 0) this.waiting.delete(job.account);
    this.queued--;
    this.finish(job.account);
    this.log?.warn(
      { event: 'conversion_queue_timeout', what: job.what, accountId: job.account || undefined, waitedMs: this.queueWaitMs },
      'a job waited too long for a conversion process',
    );
    job.reject(overloaded(`No conversion process was free within ${Math.round(this.queueWaitMs / 1000)} s; retry shortly.`));
  }

  /** Starts waiting jobs while processes are free, one account after another. */
  private pump(): void {
    while (this.running < this.opts.workers && this.queued > 0) {
      let picked: Job | undefined;
      for (const [account, list] of this.waiting) {
        if (account && (this.runningBy.get(account) ?? 0) >= this.runCap) continue;
        picked = list.shift();
        // Served accounts go to the back of the round.
        this.waiting.delete(account);
        if (list.length) this.waiting.set(account, list);
        break;
      }
      if (!picked) return;
      this.queued--;
      clearTimeout(picked.waitTimer);
      void this.start(picked);
    }
  }

  /** A free process: a started one, before one being replaced, before one still starting, before a new one. */
  private idleSlot(): ProcessSlot {
    let replaced: ProcessSlot | undefined;
    let starting: ProcessSlot | undefined;
    for (const s of this.slots) {
      if (s.busy || s.dead || s.retired) continue;
      if (!s.started) starting ??= s;
      else if (s.successor) replaced ??= s;
      else return s;
    }
    return replaced ?? starting ?? this.spawn();
  }

  /**
   * A process at its task limit keeps taking tasks until its successor has started, and is ended at its
   * first idle moment after that, so no request waits for a process to start. Meanwhile there may be one
   * process more than `workers` (the successor, starting); no more than `workers` tasks run at once.
   */
  private replace(old: ProcessSlot): void {
    if (old.successor || old.retired) return;
    if (this.closing) return old.retire();
    const next = this.spawn();
    old.successor = next;
    next.ready.then(
      () => {
        if (!old.busy) old.retire();
      },
      () => {
        // The successor did not start: the old process goes on, and tries again after its next task.
        old.successor = undefined;
      },
    );
  }

  private live(): ProcessSlot[] {
    return [...this.slots].filter((s) => !s.dead && !s.retired);
  }

  /**
   * Keeps one idle process ready while there is room for one: starting node and the engine takes about
   * 2 s (much more on a loaded machine), which another account's file would otherwise wait for when
   * one account has just taken the only warm process.
   */
  private ensureSpare(): void {
    const live = this.live();
    if (!this.closing && live.length < this.opts.workers && !live.some((s) => !s.busy)) this.spawn();
  }

  private spawn(): ProcessSlot {
    const slot = new ProcessSlot(
      {
        runner: RUNNER,
        module: this.opts.workerFile ?? WORKER,
        heapMb: this.opts.memoryMb,
        dataLimitMb: this.opts.memoryMb + PROCESS_BASE_MB,
        env: this.opts.env ?? process.env,
      },
      (s) => this.slots.delete(s),
    );
    this.slots.add(slot);
    return slot;
  }

  private async start(job: Job): Promise<void> {
    this.running++;
    this.runningBy.set(job.account, (this.runningBy.get(job.account) ?? 0) + 1);
    const slot = this.idleSlot();
    slot.busy = true;
    this.ensureSpare();
    let rssBefore: number | null = null;
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    try {
      await slot.ready;
      rssBefore = slot.rssMb();
      // The per-file limit starts now: time spent waiting for a process is not the file's fault.
      timer = setTimeout(() => {
        timedOut = true;
        slot.kill();
      }, this.opts.timeoutMs);
      const value = job.converse ? await job.converse(slot) : await slot.run(job.name, job.payload);
      job.resolve(value);
    } catch (e) {
      job.reject(this.translate(e, job, timedOut, slot));
    } finally {
      clearTimeout(timer);
      slot.busy = false;
      slot.jobs++;
      slot.idleSince = Date.now();
      if (!slot.dead) {
        const rss = slot.rssMb() ?? 0;
        if (rss > (this.opts.memoryMb + PROCESS_BASE_MB) * RECYCLE_SHARE || slot.successor?.started) slot.retire();
        else if (slot.jobs >= (this.opts.maxTasksPerProcess ?? MAX_TASKS_PER_PROCESS) || rss - (rssBefore ?? rss) > GROWN_MB) this.replace(slot);
      }
      this.running--;
      const n = (this.runningBy.get(job.account) ?? 1) - 1;
      if (n > 0) this.runningBy.set(job.account, n);
      else this.runningBy.delete(job.account);
      this.finish(job.account);
      this.pump();
    }
  }

  private finish(account: string): void {
    const n = (this.inFlightBy.get(account) ?? 1) - 1;
    if (n > 0) this.inFlightBy.set(account, n);
    else this.inFlightBy.delete(account);
    if (this.running === 0 && this.queued === 0) for (const wake of this.idleWake.splice(0)) wake();
  }

  private translate(e: unknown, job: Job, timedOut: boolean, slot: ProcessSlot): Error {
    const seconds = Math.round(this.opts.timeoutMs / 1000);
    const ctx = { what: job.what, accountId: job.account || undefined, pid: slot.pid };
    if (timedOut) {
      this.log?.warn({ event: 'conversion_timeout', ...ctx, limitMs: this.opts.timeoutMs }, 'a conversion task hit its time limit; its process was ended');
      return job.what === 'file'
        ? new AppError('security_check_failed', `Processing the file took longer than the ${seconds} s limit, so it was stopped.`)
        : new AppError('invalid_request', `The ${job.what} took longer than the ${seconds} s limit, so it was stopped; send less at once.`);
    }
    if (isSlotEnd(e)) {
      const end = e;
      if (end.kind === 'memory') {
        this.log?.warn(
          { event: 'conversion_out_of_memory', ...ctx, limitMb: this.opts.memoryMb, detail: end.detail },
          'a conversion process ran out of memory and ended',
        );
        return job.what === 'file'
          ? new AppError('security_check_failed', 'Processing the file needed more memory than one conversion may use, so it was stopped.')
          : new AppError('invalid_request', `The ${job.what} needed more memory than one request may use; send less at once.`);
      }
      if (end.kind === 'killed') return overloaded('The server is shutting down; retry on another instance.', 5);
      this.log?.error({ event: 'conversion_process_crash', ...ctx, detail: end.detail }, 'a conversion process ended unexpectedly');
      return job.what === 'file'
        ? new AppError('security_check_failed', 'The file could not be processed safely (the converter stopped while reading it).')
        : new Error(`conversion process ended: ${end.detail}`);
    }
    return e instanceof Error ? e : new Error(String(e));
  }

  /** Idle processes beyond the one spare end after IDLE_MS, so one big file's memory is not held for ever. */
  private reapIdle(): void {
    const now = Date.now();
    let idle = this.live().filter((s) => !s.busy).length;
    for (const s of this.live()) {
      if (idle <= 1) break;
      if (!s.busy && now - s.idleSince > IDLE_MS) {
        s.retire();
        idle--;
      }
    }
  }

  stats() {
    return { running: this.running, queued: this.queued };
  }

  async close(): Promise<void> {
    this.closing = true;
    if (this.running > 0 || this.queued > 0) await new Promise<void>((resolve) => this.idleWake.push(resolve));
    clearInterval(this.reaper);
    for (const s of this.slots) s.retire();
  }
}
