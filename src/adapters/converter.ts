// Where conversions run. The server uses a worker pool so a heavy or hostile file never blocks the
// event loop; the CLI and some tests run the engine in-process.
import type { ConvertOptions, EngineResult } from '../engine/types.js';

export interface ConverterStats {
  /** Conversions running in workers. */
  running: number;
  /** Conversions waiting for a worker. */
  queued: number;
}

export interface Converter {
  /** May take the bytes over (the pool moves large uploads to its worker): read what you need first. */
  convert(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult>;
  stats(): ConverterStats;
  /** Waits for running conversions, then stops. */
  close(): Promise<void>;
}

/** What crosses the worker boundary: AppErrors do not survive structured cloning, so they travel as data. */
export type WorkerReply =
  | { ok: true; result: EngineResult }
  | { ok: false; code: string; detail: string };
