// Two builds of the engine compared in fresh processes taking turns: the way to tell whether a change
// to the engine made it faster. Not part of `npm run bench` (no .bench.ts suffix).
//
//   node --import tsx bench/engine-ab.ts <baseline> [--file csv|pdf1|pdf100] [--rounds 8]
//
// <baseline> is another checkout whose dist/ is built (for example `git archive <rev> | tar -x -C
// /tmp/base`, node_modules linked, `node scripts/build.mjs` run there); this checkout's own build is
// brought up to date first. Each round starts one process a build, in alternating order, and each
// process converts the file as a conversion process does: the median of runs 2-4 (warm, the figure
// `npm run bench` prints for CSV) and of the runs after the fifth (steady).
//
// Why processes and not one process converting with both builds in turn: on 2026-11-25 that method
// put two identical builds up to 5% apart, and a change up to 12% ahead, in which fresh processes
// taking turns then found no gain (BENCHMARKS.md, thirteenth pass). The two builds share one heap
// there, so each pays for the other's garbage and for the heap's growth. This way still leaves
// differences under about 3% unresolved: identical builds came out 0.98x in two runs of four rounds.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

type FileName = 'csv' | 'pdf1' | 'pdf100';
const FILES: FileName[] = ['csv', 'pdf1', 'pdf100'];
const RUNS: Record<FileName, number> = { csv: 12, pdf1: 200, pdf100: 12 };

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..');
const args = process.argv.slice(2);
const flag = (k: string) => {
  const i = args.indexOf(k);
  return i >= 0 ? args[i + 1] : undefined;
};

async function input(file: FileName): Promise<{ bytes: Uint8Array; filename: string }> {
  if (file === 'csv') return { bytes: (await import('./csv-export.js')).buildExport(100_000), filename: 'bench.csv' };
  const { generateStatementPdf } = await import('../test/fixtures/pdf/generate.js');
  const pages = file === 'pdf1' ? 1 : 100;
  return { bytes: (await generateStatementPdf({ layout: 'split-type', rows: 28 * pages, rowsPerPage: 28 })).bytes, filename: 'b.pdf' };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/** In a child: converts the file with one build's engine and prints "warm steady" in ms. */
async function child(checkout: string, file: FileName): Promise<void> {
  const { convert } = (await import(pathToFileURL(path.join(checkout, 'dist/engine/convert.js')).href)) as typeof import('../src/engine/convert.js');
  const { bytes, filename } = await input(file);
  const ms: number[] = [];
  for (let i = 0; i < RUNS[file]; i++) {
    const t = performance.now();
    await convert(bytes, { filename });
    ms.push(performance.now() - t);
  }
  console.log(`${median(ms.slice(1, 4))} ${median(ms.slice(5))}`);
}

function measure(checkout: string, file: FileName): [number, number] {
  const r = spawnSync(process.execPath, ['--import', 'tsx', here, '--child', checkout, '--file', file], { cwd: root, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`the ${checkout} process failed: ${r.stderr}`);
  const [warm, steady] = r.stdout.trim().split(' ').map(Number);
  return [warm, steady];
}

async function main(): Promise<void> {
  const file = (flag('--file') ?? 'csv') as FileName;
  if (!FILES.includes(file)) throw new Error(`--file is one of ${FILES.join(', ')}`);
  const childOf = flag('--child');
  if (childOf) return child(childOf, file);
  const baseline = args.find((a, i) => !a.startsWith('--') && !args[i - 1]?.startsWith('--'));
  if (!baseline) throw new Error('usage: engine-ab.ts <baseline checkout> [--file csv|pdf1|pdf100] [--rounds 8]');
  // @ts-expect-error plain JavaScript module without type declarations
  const { ensureBuilt } = (await import('../scripts/build.mjs')) as { ensureBuilt: () => Promise<void> };
  await ensureBuilt();
  const rounds = Number(flag('--rounds') ?? 8);
  const base = path.resolve(baseline);
  if (base === root) throw new Error('the baseline must be another checkout than this one');
  const a: [number, number][] = [];
  const b: [number, number][] = [];
  for (let i = 0; i < rounds; i++) for (const dir of i % 2 ? [root, base] : [base, root]) (dir === root ? b : a).push(measure(dir, file));
  const line = (name: string, xs: [number, number][]) =>
    `${name} warm ${median(xs.map((x) => x[0])).toFixed(1)} ms, steady ${median(xs.map((x) => x[1])).toFixed(1)} ms`;
  const ratio = (k: 0 | 1) => (median(b.map((x) => x[k])) / median(a.map((x) => x[k]))).toFixed(3);
  console.log(`${file}, ${rounds} rounds: ${line('baseline', a)} | ${line('this checkout', b)} | this/baseline warm ${ratio(0)}, steady ${ratio(1)}`);
}

await main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exitCode = 2;
});
