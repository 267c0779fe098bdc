// ledgerline convert a.pdf b.csv ... --out dir/: many files at once, in parallel worker threads (the
// server's pool: the same time limit and heap cap per file), one line per file with its verdict.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PoolConverter } from '../adapters/pool.converter.js';
import { presentResult, type JsonOptions } from '../http/result.presenter.js';
import { loadConfig } from '../config.js';
import { exitCodeFor, isAppError, type ErrorCode } from '../errors.js';
import { readInput } from './inputs.js';
import { PAYEE_FORMATS, safeStem, writerFor } from '../formats/index.js';
import type { WriterOptions } from '../formats/types.js';
import type { OutputFormat } from '../formats/index.js';

export interface ManyOptions {
  format: OutputFormat;
  outDir: string;
  bank: string;
  /** --currency: the accounts' currency where a statement prints none (ISO 4217). */
  currency?: string;
  password?: string;
  /** JSON: the parts --include asked for (formats that print a payee always read payees). */
  json: JsonOptions;
  writerOptions: WriterOptions;
  /** Files converted at once (worker threads). */
  jobs?: number;
  /** Where the lines go (stdout). */
  print?: (line: string) => void;
}

/** A name in `dir` not taken yet by this run (jan.pdf and jan.csv both make jan-xero.csv). */
function uniqueName(taken: Set<string>, name: string): string {
  const ext = path.extname(name);
  const stem = name.slice(0, name.length - ext.length);
  let candidate = name;
  for (let i = 2; taken.has(candidate.toLowerCase()); i++) candidate = `${stem}-${i}${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

export async function convertMany(files: string[], o: ManyOptions): Promise<number> {
  const config = loadConfig();
  const print = o.print ?? ((l: string) => process.stdout.write(l + '\n'));
  const workers = Math.max(1, o.jobs ?? Math.min(4, os.availableParallelism()));
  fs.mkdirSync(o.outDir, { recursive: true });
  const converter = new PoolConverter({
    workers,
    maxQueue: files.length + workers,
    timeoutMs: config.convertTimeoutMs,
    memoryMb: config.convertWorkerMemoryMb,
  });
  const taken = new Set<string>();
  let firstFailure: ErrorCode | null = null;
  let next = 0;
  let ok = 0;
  const one = async (file: string) => {
    const filename = path.basename(file);
    try {
      const bytes = readInput(file);
      const payees = o.json.payees || PAYEE_FORMATS.has(o.format) ? { rules: [] } : undefined;
      const result = await converter.convert(bytes, { bank: o.bank, currency: o.currency, filename, password: o.password, payees });
      let name: string;
      let body: AsyncIterable<Uint8Array>;
      if (o.format === 'json') {
        name = `${safeStem(filename)}.json`;
        body = Readable.from([Buffer.from(JSON.stringify(presentResult(result, o.json), null, 2) + '\n')]);
      } else {
        const writer = writerFor(o.format);
        writer.check(result, o.writerOptions);
        name = writer.fileName(safeStem(filename), result);
        body = writer.write({ result, options: o.writerOptions, stem: safeStem(filename), now: new Date() });
      }
      const out = path.join(o.outDir, uniqueName(taken, name));
      await pipeline(Readable.from(body), fs.createWriteStream(out));
      ok++;
      const diff = result.reconcile_status === 'RECONCILE_WARN' ? ` diff ${result.reconcile_diff}` : '';
      print(
        `${result.reconcile_status.padEnd(14)} ${file} -> ${out} (${result.transactions.length} transactions, bank ${result.bank}${diff}${result.warnings.length ? `, ${result.warnings.length} warnings` : ''})`,
      );
    } catch (e) {
      const code: ErrorCode = isAppError(e) ? e.code : 'internal_error';
      const detail = isAppError(e) ? e.detail : `Unexpected error: ${(e as Error)?.message ?? e}`;
      firstFailure ??= code;
      print(`${'FAILED'.padEnd(14)} ${file}: ${code}: ${detail}`);
    }
  };
  try {
    await Promise.all(
      Array.from({ length: Math.min(workers, files.length) }, async () => {
        while (next < files.length) await one(files[next++]);
      }),
    );
  } finally {
    await converter.close();
  }
  print(`${ok} of ${files.length} converted into ${o.outDir}`);
  return firstFailure ? exitCodeFor(firstFailure) : 0;
}
