// Mutation fuzzing of the engine: seeds from the shared corpus (read in place, never copied) and
// generated fixtures, mutated by bit flips, byte deletions and insertions, truncations, duplicated
// runs and splices of two seeds. Each case runs in the real worker pool (per-file time limit and heap
// cap), and every outcome must be a result or a contract 4xx error; a timeout, a 5xx or an unknown
// error is a finding, saved for replay.
//
//   npm run fuzz -- --iterations 5000 [--seed 7] [--timeout-ms 30000] [--max-seed-kb 400] [--workers 2]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PoolConverter } from '../../src/adapters/pool.converter.js';
import { ERROR_TABLE, isAppError } from '../../src/errors.js';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';
import { SAMPLE_CSV } from '../helpers/multipart.js';
import { badFontPdf, circularPdf, plainPdf } from './pdf-craft.js';

export const CORPUS_DIR = path.resolve(new URL('../../../shared/corpus', import.meta.url).pathname);
const SEED_EXT = /\.(csv|pdf|xlsx|xls|txt|tsv)$/i;

export interface Seed {
  name: string;
  bytes: Uint8Array;
}

export interface FuzzFinding {
  seed: string;
  mutation: string;
  outcome: string;
  file: string;
}

export interface FuzzReport {
  iterations: number;
  outcomes: Record<string, number>;
  findings: FuzzFinding[];
}

/** Small deterministic PRNG (mulberry32), so a seed number replays a run exactly. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function walk(dir: string, out: string[], maxBytes: number): void {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out, maxBytes);
    else if (SEED_EXT.test(e.name) && fs.statSync(p).size <= maxBytes) out.push(p);
  }
}

/** Corpus files up to `maxBytes` (the big corpus PDFs take seconds each: CLI runs only) plus generated fixtures. */
export async function loadSeeds(maxBytes = 100 * 1024): Promise<Seed[]> {
  const seeds: Seed[] = [];
  if (fs.existsSync(CORPUS_DIR)) {
    const files: string[] = [];
    walk(CORPUS_DIR, files, maxBytes);
    for (const f of files.sort()) seeds.push({ name: path.relative(CORPUS_DIR, f), bytes: new Uint8Array(fs.readFileSync(f)) });
  }
  seeds.push({ name: 'gen:sample.csv', bytes: new Uint8Array(Buffer.from(SAMPLE_CSV)) });
  seeds.push({ name: 'gen:split.pdf', bytes: (await generateStatementPdf({ layout: 'split', rows: 12 })).bytes });
  seeds.push({ name: 'gen:day-balance.pdf', bytes: (await generateStatementPdf({ layout: 'day-balance', rows: 12 })).bytes });
  seeds.push({ name: 'gen:plain.pdf', bytes: plainPdf('Date Description Amount Balance') });
  seeds.push({ name: 'gen:font.pdf', bytes: badFontPdf() });
  seeds.push({ name: 'gen:loop.pdf', bytes: circularPdf() });
  return seeds;
}

type Rand = () => number;
const int = (r: Rand, n: number) => Math.floor(r() * n);

/** One mutation of `b` (sometimes spliced with `other`); returns the bytes and a replayable label. */
export function mutate(r: Rand, b: Uint8Array, other: Uint8Array): { bytes: Uint8Array; label: string } {
  const out = Buffer.from(b);
  const kind = int(r, 7);
  const at = int(r, Math.max(1, out.length));
  switch (kind) {
    case 0: {
      const n = 1 + int(r, 16);
      for (let i = 0; i < n; i++) {
        const p = int(r, Math.max(1, out.length));
        if (out.length) out[p] ^= 1 << int(r, 8);
      }
      return { bytes: out, label: `flip x${n}` };
    }
    case 1: {
      const n = 1 + int(r, 256);
      return { bytes: Buffer.concat([out.subarray(0, at), out.subarray(at + n)]), label: `delete ${n}@${at}` };
    }
    case 2: {
      const junk = Buffer.from(Array.from({ length: 1 + int(r, 64) }, () => int(r, 256)));
      return { bytes: Buffer.concat([out.subarray(0, at), junk, out.subarray(at)]), label: `insert ${junk.length}@${at}` };
    }
    case 3:
      return { bytes: out.subarray(0, at), label: `truncate @${at}` };
    case 4: {
      const n = 1 + int(r, 512);
      const run = out.subarray(at, at + n);
      return { bytes: Buffer.concat([out.subarray(0, at), run, run, run, out.subarray(at)]), label: `repeat ${n}@${at} x3` };
    }
    case 5: {
      const cut = int(r, Math.max(1, other.length));
      return { bytes: Buffer.concat([out.subarray(0, at), Buffer.from(other).subarray(cut)]), label: `splice @${at}+other@${cut}` };
    }
    default: {
      // Structure-aware for text and PDF syntax: swap in delimiters, quotes and PDF keywords.
      const tokens = [
        ',',
        ';',
        '"',
        '\n',
        '\r',
        '\t',
        '\0',
        '(',
        ')',
        '<<',
        '>>',
        '[',
        ']',
        '/Length 999999999',
        ' obj ',
        'endobj',
        'stream\n',
        '-',
        '£',
        '\u00a0',
      ];
      const t = Buffer.from(tokens[int(r, tokens.length)], 'utf8');
      return { bytes: Buffer.concat([out.subarray(0, at), t, out.subarray(at + int(r, 4))]), label: `token ${JSON.stringify(t.toString())}@${at}` };
    }
  }
}

/** Runs `iterations` mutated cases through a worker pool; every finding is written to `outDir`. */
export async function runFuzz(opts: {
  iterations: number;
  seed?: number;
  timeoutMs?: number;
  workers?: number;
  maxSeedBytes?: number;
  outDir?: string;
  log?: (s: string) => void;
}): Promise<FuzzReport> {
  const r = prng(opts.seed ?? 1);
  const seeds = await loadSeeds(opts.maxSeedBytes);
  const outDir = opts.outDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'll-fuzz-'));
  const pool = new PoolConverter({ workers: opts.workers ?? 2, maxQueue: 64, timeoutMs: opts.timeoutMs ?? 10_000, memoryMb: 512 });
  const report: FuzzReport = { iterations: opts.iterations, outcomes: {}, findings: [] };
  const cases = Array.from({ length: opts.iterations }, (_, i) => {
    const s = seeds[int(r, seeds.length)];
    const o = seeds[int(r, seeds.length)];
    const m = mutate(r, s.bytes, o.bytes);
    return { i, seed: s.name, ...m };
  });
  try {
    let next = 0;
    const lane = async () => {
      while (next < cases.length) {
        const c = cases[next++];
        let outcome: string;
        let bad = false;
        try {
          // A copy: the bytes handed to the pool may be moved to the worker; the case must stay replayable.
          await pool.convert(new Uint8Array(c.bytes), { bank: 'auto', filename: 'fuzz' });
          outcome = '200';
        } catch (e) {
          if (isAppError(e)) {
            outcome = `${e.status} ${e.code}`;
            // A timeout is a contract answer, but in the fuzz it means a hang: a finding.
            bad = e.status >= 500 || /longer than the .* limit/.test(e.detail) || !(e.code in ERROR_TABLE);
          } else {
            outcome = `crash ${(e as Error)?.name}: ${String((e as Error)?.message).slice(0, 120)}`;
            bad = true;
          }
        }
        report.outcomes[outcome.startsWith('crash') ? 'crash' : outcome] = (report.outcomes[outcome.startsWith('crash') ? 'crash' : outcome] ?? 0) + 1;
        if (bad) {
          const file = path.join(outDir, `case-${c.i}.bin`);
          fs.writeFileSync(file, c.bytes);
          report.findings.push({ seed: c.seed, mutation: c.label, outcome, file });
          opts.log?.(`FINDING #${c.i} ${c.seed} [${c.label}] -> ${outcome} (${file})`);
        }
      }
    };
    await Promise.all(Array.from({ length: (opts.workers ?? 2) + 1 }, lane));
  } finally {
    await pool.close();
  }
  return report;
}

function arg(name: string, dflt: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : dflt;
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(new URL(import.meta.url).pathname)) {
  const iterations = arg('iterations', 2000);
  const seed = arg('seed', Date.now() % 100000);
  const started = Date.now();
  console.log(`fuzz: ${iterations} iterations, seed ${seed}`);
  const report = await runFuzz({
    iterations,
    seed,
    timeoutMs: arg('timeout-ms', 30_000),
    workers: arg('workers', 2),
    maxSeedBytes: arg('max-seed-kb', 400) * 1024,
    log: console.log,
  });
  console.log(JSON.stringify(report.outcomes, null, 2));
  console.log(`${report.findings.length} findings in ${Math.round((Date.now() - started) / 1000)} s (replay: --seed ${seed})`);
  process.exit(report.findings.length ? 1 : 0);
}
