// One conversion slot: a child process that runs one task at a time, under a kernel limit on its
// memory. Uploaded bytes are parsed here rather than in the server process, so whatever the parser
// allocates (V8 heap, ArrayBuffers, WebAssembly memory, native zlib buffers) counts against this
// process's limit, and a task that runs away is ended by killing the process.
//
// Why RLIMIT_DATA (`ulimit -d`) and not RLIMIT_AS (`ulimit -v`): V8 and WebAssembly reserve large
// virtual ranges that are never used (a wasm memory reserves about 10 GB of address space), so an
// address-space limit breaks them long before real memory is used. RLIMIT_DATA counts the private
// writable memory actually made usable (Linux >= 4.7 counts mprotect'ed heap pages and grown wasm
// memory too), so heap, buffers and wasm memory are bounded together while reservations stay free.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { pack, Slices, unpack, type Crossing, type Slice } from './table-codec.mjs';

export interface SlotOptions {
  /** The child entry (src/adapters/child-runner.mjs). */
  runner: string;
  /** The task module the runner loads (its default export converts; named exports are other tasks). */
  module: string;
  /** V8 old-generation cap, MB (a heap overrun ends the process with a clear message). */
  heapMb: number;
  /** RLIMIT_DATA of the whole process, MB. */
  dataLimitMb: number;
  /** Environment of the child (without the server's secrets). */
  env: NodeJS.ProcessEnv;
}

/** Why a slot's process ended while a task was on it. */
// A plain value, not an Error, on purpose: isSlotEnd tells a process's end from an error the task threw.
export type SlotEnd = { kind: 'memory' | 'crash' | 'killed'; detail: string };
export const isSlotEnd = (e: unknown): e is SlotEnd => typeof e === 'object' && e !== null && 'kind' in e && 'detail' in e && !(e instanceof Error);

type Reply =
  | { id: number; ok: true; value: Crossing }
  | { id: number; ok: false; error: { name?: string; message?: string } }
  | { id: number; slice: Slice }
  | { id: number; head?: Crossing; piece?: Uint8Array; last?: true };

/**
 * Told of a streaming task's reply as it comes: its head (the reply without its bytes), each piece of
 * its bytes, and that the last piece has come (the task's end, with its tail, follows).
 */
export interface PieceListener {
  head(reply: unknown): void;
  piece(bytes: Uint8Array): void;
  last(): void;
}

// Text V8 and Node print when an allocation fails past the limit (heap, zone, or a native buffer).
const OUT_OF_MEMORY = /out of memory|heap limit|allocation failed|Cannot allocate|ENOMEM|std::bad_alloc/i;
// The page renderer behind OCR (@napi-rs/canvas) allocates through mimalloc, which by default maps its
// first 1 GiB arena read-write up front: untouched, but RLIMIT_DATA counts it, so loading the renderer
// took ~1 GB of a conversion's limit and a 40-page PDF then failed for want of memory. Committing arena
// pages as they are used keeps the limit about real memory (loading the renderer then adds ~40 MB).
const CHILD_ENV = { MIMALLOC_ARENA_EAGER_COMMIT: '0' };

// Exit status the runner's shell uses when the limit itself could not be set.
const NO_LIMIT = 78;

/** How much nicer a conversion process is than the server (niceness runs to 19, the lowest priority): see the constructor. */
const NICER_BY = 10;

/** A conversion process's niceness, from the server's own. */
export const conversionNiceness = (server = os.getPriority()) => Math.min(19, server + NICER_BY);

let seq = 0;

export class ProcessSlot {
  readonly ready: Promise<void>;
  /** The process has loaded the engine and takes tasks without a wait. */
  started = false;
  /** The process that takes over from this one once it has started (this one is at its task limit). */
  successor: ProcessSlot | undefined;
  busy = false;
  dead = false;
  /** Being ended: takes no more tasks. */
  retired = false;
  jobs = 0;
  idleSince = Date.now();
  private readonly child: ChildProcess;
  private current: { id: number; resolve: (v: unknown) => void; reject: (e: unknown) => void; listener?: PieceListener } | null = null;
  /** The current task's reply rows that came ahead in slices. */
  private slices = new Slices();
  private stderrTail = '';
  private killedByUs = false;
  /** Highest data-segment size seen during the current task, MB (sampled every 100 ms). */
  peakDataMb = 0;
  private sampler: NodeJS.Timeout | undefined;
  private readonly dataLimitMb: number;

  constructor(
    opts: SlotOptions,
    private readonly onExit: (slot: ProcessSlot) => void,
  ) {
    const dataKb = Math.max(64 * 1024, Math.round(opts.dataLimitMb * 1024));
    this.dataLimitMb = dataKb / 1024;
    // The young generation stays a small share of the heap cap (MB): with a young space as large as a
    // small cap, V8 aborted instead of reporting the heap limit.
    const semiMb = Math.max(1, Math.min(16, Math.floor(opts.heapMb / 16)));
    const nodeArgs = [`--max-old-space-size=${opts.heapMb}`, `--max-semi-space-size=${semiMb}`, opts.runner, opts.module];
    // `$0` is the limit in KB, "$@" the node command line: the limit is set on the shell, then exec
    // replaces the shell with node, which inherits it.
    this.child = spawn('/bin/sh', ['-c', `ulimit -d "$0" || exit ${NO_LIMIT}; exec "$@"`, String(dataKb), process.execPath, ...nodeArgs], {
      stdio: ['pipe', 'ignore', 'pipe', 'ipc'],
      serialization: 'advanced',
      env: { ...opts.env, ...CHILD_ENV },
    });
    // Conversions are batch work and the server's event loop is not: the process runs at a lower
    // scheduling priority, so on a machine whose cores conversions fill the server still answers at once
    // (/healthz held 140-300 ms while two 40,000-row files converted on two cores). Alone on the
    // machine a conversion runs as fast as before; raising niceness needs no privilege.
    try {
      if (this.child.pid) os.setPriority(this.child.pid, conversionNiceness());
    } catch {
      /* (the process already ended: its exit is reported below) */
    }
    this.child.stderr!.on('data', (c: Buffer) => {
      this.stderrTail = (this.stderrTail + c.toString('utf8')).slice(-4096);
    });
    this.ready = new Promise<void>((resolve, reject) => {
      const onMessage = (m: unknown) => {
        if ((m as { ready?: boolean })?.ready) {
          this.child.off('message', onMessage);
          resolve();
        }
      };
      this.child.on('message', onMessage);
      this.child.once('exit', (code) =>
        reject(
          new Error(
            code === NO_LIMIT
              ? 'the memory limit of a conversion process could not be set (ulimit -d)'
              : `a conversion process did not start (exit ${code}): ${this.stderrTail.slice(-500)}`,
          ),
        ),
      );
    });
    this.ready.then(
      () => (this.started = true),
      () => {},
    );
    this.child.on('message', (m: unknown) => this.onMessage(m as Reply));
    this.child.on('error', () => {});
    // A process that ends while bytes are being written fails the write (EPIPE); its end is reported
    // by the exit handler.
    this.child.stdin!.on('error', () => {});
    this.child.once('exit', (code, signal) => {
      this.dead = true;
      clearInterval(this.sampler);
      const cur = this.current;
      this.current = null;
      if (cur) cur.reject(this.endReason(code, signal));
      this.onExit(this);
    });
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  private endReason(code: number | null, signal: NodeJS.Signals | null): SlotEnd {
    if (this.killedByUs) return { kind: 'killed', detail: 'stopped by the pool' };
    if (OUT_OF_MEMORY.test(this.stderrTail)) return { kind: 'memory', detail: lastLine(this.stderrTail) };
    // An allocation refused at the limit can also end V8 with a signal and no message.
    if (this.peakDataMb >= this.dataLimitMb * 0.85)
      return { kind: 'memory', detail: `ended by ${signal ?? `exit ${code}`} at ${Math.round(this.peakDataMb)} MB of ${Math.round(this.dataLimitMb)} MB` };
    return { kind: 'crash', detail: `exit ${code ?? ''}${signal ? ` signal ${signal}` : ''}: ${lastLine(this.stderrTail)}` };
  }

  private onMessage(m: Reply): void {
    const cur = this.current;
    if (!cur || typeof m !== 'object' || m === null || m.id !== cur.id) return;
    // Rebuilt as each slice comes, so no one message holds the event loop long.
    if ('slice' in m) return this.slices.add(m.slice);
    // A streaming reply (child-runner.mjs): its head, its bytes and their end, each handed on as it comes.
    if ('head' in m && m.head) cur.listener?.head(unpack(m.head, this.slices.rows));
    if ('piece' in m && m.piece) cur.listener?.piece(m.piece);
    if ('last' in m && m.last) cur.listener?.last();
    if (!('ok' in m)) return;
    this.current = null;
    const received = this.slices.rows;
    // (Not kept past the task: the rows belong to its result.)
    this.slices = new Slices();
    if (m.ok) cur.resolve(unpack(m.value, received));
    else cur.reject(Object.assign(new Error(m.error?.message ?? 'conversion task failed'), { name: m.error?.name ?? 'Error' }));
  }

  /**
   * Runs one task; rejects with a SlotEnd when the process ends under it. A task whose reply streams
   * bytes tells `listener` of its head and pieces, and resolves once the last piece has come.
   */
  async run(name: string | undefined, payload: unknown, listener?: PieceListener): Promise<unknown> {
    await this.ready;
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- a SlotEnd (see its type)
    if (this.dead) throw { kind: 'crash', detail: 'the process had ended' } satisfies SlotEnd;
    const id = ++seq;
    this.peakDataMb = 0;
    this.sample();
    this.sampler = setInterval(() => this.sample(), 100);
    this.sampler.unref();
    const done = () => clearInterval(this.sampler);
    return new Promise((resolve, reject) => {
      this.current = { id, resolve: (v) => (done(), resolve(v)), reject: (e) => (done(), reject(e)), listener };
      this.slices = new Slices();
      this.send(id, name, payload).catch((err: unknown) => {
        if (this.current?.id !== id) return;
        this.current = null;
        done();
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- a SlotEnd (see its type)
        reject({ kind: 'crash', detail: `the task could not be sent: ${(err as Error)?.message ?? String(err)}` } satisfies SlotEnd);
      });
    });
  }

  /**
   * Sends a task. A payload's `bytes` longer than DIRECT_BYTES go over the process's stdin, written from
   * their own memory, and the message says how many follow: in the message they would be serialised
   * (a copy of the upload in this process, two while the serialiser's buffer grows), so the server held
   * three uploads' worth during a 50 MB upload rather than one. Once written, the payload's `bytes` is null.
   */
  private async send(id: number, name: string | undefined, payload: unknown): Promise<void> {
    const bytes = largeBytes(payload);
    if (!bytes) return this.post({ id, name, payload: pack(payload) });
    await this.post({ id, name, payload: pack({ ...(payload as object), bytes: null }), stdin: bytes.length });
    // The process ended (its task was rejected) meanwhile: nothing is written.
    if (this.current?.id !== id) return;
    await new Promise<void>((resolve, reject) => this.child.stdin!.write(bytes, (err) => (err ? reject(err) : resolve())));
    // Written: the payload lets go of them, so a caller that keeps it for later steps (convertAnswered)
    // does not keep the upload too.
    (payload as { bytes: Uint8Array | null }).bytes = null;
  }

  private post(message: object): Promise<void> {
    return new Promise((resolve, reject) => {
      this.child.send(message, (err) => (err ? reject(err) : resolve()));
    });
  }

  /** Resident memory of the process in MB (Linux /proc), or null where that cannot be read. */
  rssMb(): number | null {
    return this.statm(1);
  }

  private sample(): void {
    const data = this.statm(5);
    if (data !== null && data > this.peakDataMb) this.peakDataMb = data;
  }

  /** One field of /proc/PID/statm (pages) in MB. */
  private statm(field: number): number | null {
    try {
      const pages = Number(fs.readFileSync(`/proc/${this.child.pid}/statm`, 'utf8').split(' ')[field]);
      return Number.isFinite(pages) ? (pages * 4096) / 1048576 : null;
    } catch {
      return null;
    }
  }

  /** Ends the process at once (a task on it is rejected with kind 'killed'). */
  kill(): void {
    this.retired = true;
    if (this.dead) return;
    this.killedByUs = true;
    this.child.kill('SIGKILL');
  }

  /** Ends an idle process politely (the runner exits when its channel closes). */
  retire(): void {
    this.retired = true;
    if (this.dead) return;
    this.killedByUs = true;
    if (this.child.connected) this.child.disconnect();
    setTimeout(() => this.child.kill('SIGKILL'), 2000).unref();
  }
}

/** A payload's bytes up to this size (64 KiB) go inside its message; longer ones over stdin. */
export const DIRECT_BYTES = 64 * 1024;

/** A payload's `bytes`, when they are long enough to go over stdin. */
function largeBytes(payload: unknown): Uint8Array | null {
  const bytes = typeof payload === 'object' && payload !== null && 'bytes' in payload ? payload.bytes : null;
  return bytes instanceof Uint8Array && bytes.length > DIRECT_BYTES ? bytes : null;
}

const lastLine = (s: string) => s.trim().split('\n').filter(Boolean).slice(-1)[0]?.slice(0, 300) ?? '';
