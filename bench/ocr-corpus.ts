// Scans of the shared synth-uk statements (test/fixtures/scan/scan-statements.ts) converted with an
// OCR backend and scored by the shared scorer: row F1, verdicts, silent errors and seconds per page,
// per resolution and input kind. Part of `npm run bench` (bench/ocr.bench.ts); also runnable alone:
//   node --import tsx bench/ocr-corpus.ts [--backend tesseract|tesseractjs] [--sets 300-pdf,200-tiff]
//        [--filter hsbc] [--cache]   (--cache: reuse OCR words of identical page images, for development)
// Skips with a note when the shared corpus or the scans are absent (they are made on first use).
import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createOcrBackend } from '../src/adapters/ocr/index.js';
import { presentResult } from '../src/http/result.presenter.js';
import { convert } from '../src/engine/convert.js';
import type { OcrBackend, OcrImage, OcrWord, RecognizeOptions } from '../src/engine/ocr/ocr-backend.js';
import { DEFAULT_OUT, HAS_SYNTH_UK, SHARED_SCORER } from '../test/fixtures/scan/scan-statements.js';

const GENERATED = join(import.meta.dirname, '../test/.generated');

/** Wraps a backend: counts pages and time; optionally answers repeated images from a disk cache. */
class MeteredBackend implements OcrBackend {
  pages = 0;
  ms = 0;
  constructor(
    private readonly inner: OcrBackend,
    private readonly cacheDir: string | null,
  ) {}
  get name(): string {
    return this.inner.name;
  }
  async recognize(image: OcrImage, opts: RecognizeOptions): Promise<OcrWord[]> {
    const key = this.cacheDir
      ? join(
          this.cacheDir,
          `${createHash('sha1')
            .update(image.png)
            .update(JSON.stringify(opts.variant ?? {}))
            .digest('hex')}.json`,
        )
      : null;
    if (key && existsSync(key)) return JSON.parse(readFileSync(key, 'utf8')) as OcrWord[];
    const t0 = performance.now();
    const words = await this.inner.recognize(image, opts);
    this.ms += performance.now() - t0;
    // Second readings (strips of unsure words) are part of a page's OCR time, not pages.
    if (!opts.variant) this.pages++;
    if (key) writeFileSync(key, JSON.stringify(words));
    return words;
  }
  async release(): Promise<void> {
    await this.inner.release?.();
  }
}

export interface SetScore {
  set: string;
  backend: string;
  files: number;
  rowF1: number;
  verdict: string;
  silent: number;
  secPerPage: number;
  convertSecPerPage: number;
  line: string;
}

export async function scoreSet(
  set: string,
  backendChoice: 'tesseract' | 'tesseractjs',
  opts: { filter?: string; cache?: boolean; jobs?: number } = {},
): Promise<SetScore | null> {
  const dir = join(DEFAULT_OUT, set);
  if (!existsSync(dir)) return null;
  const outDir = join(GENERATED, 'scan-out', `${set}-${backendChoice}`);
  const cacheDir = opts.cache ? join(GENERATED, 'ocr-cache', backendChoice) : null;
  mkdirSync(outDir, { recursive: true });
  if (cacheDir) mkdirSync(cacheDir, { recursive: true });
  const inputs = readdirSync(dir)
    .filter((f) => !f.endsWith('.json') && (!opts.filter || f.includes(opts.filter)))
    .sort();
  const queue = [...inputs];
  const meters: MeteredBackend[] = [];
  let convertMs = 0;
  const worker = async () => {
    const backend = new MeteredBackend(createOcrBackend({ choice: backendChoice, keepAliveMs: 60_000 }), cacheDir);
    meters.push(backend);
    for (let f = queue.shift(); f; f = queue.shift()) {
      try {
        const t0 = performance.now();
        const r = await convert(new Uint8Array(readFileSync(join(dir, f))), { bank: 'auto', filename: f, ocr: backend });
        convertMs += performance.now() - t0;
        writeFileSync(join(outDir, `${f}.json`), JSON.stringify(presentResult(r, {})));
      } catch (e) {
        writeFileSync(join(outDir, `${f}.json`), JSON.stringify({ status: 422, detail: String(e) }));
      }
    }
    await (backend as unknown as { inner: { terminate?: () => Promise<void> } }).inner.terminate?.();
  };
  await Promise.all(Array.from({ length: opts.jobs ?? 2 }, worker));
  const filters = opts.filter ? ['--filter', opts.filter] : [];
  const report = execFileSync(
    'node',
    [SHARED_SCORER, '--corpus', dir, '--cmd', `cat ${outDir}/$(basename {file}).json`, '--jobs', '2', ...filters, '--json', join(outDir, 'score.json')],
    { encoding: 'utf8' },
  );
  const score = JSON.parse(readFileSync(join(outDir, 'score.json'), 'utf8')) as { totals: Record<string, number> };
  const t = score.totals;
  const pages = meters.reduce((s, m) => s + m.pages, 0);
  const ms = meters.reduce((s, m) => s + m.ms, 0);
  const line = report
    .trim()
    .split('\n')
    .filter((l) => l.startsWith('score:') || l.startsWith('rows:'))
    .join(' | ');
  return {
    set,
    backend: backendChoice,
    files: inputs.length,
    rowF1: Number(t.rowF1 ?? t.row_f1 ?? NaN),
    verdict: `${t.verdict_ok}/${t.verdict_applicable}`,
    silent: Number(t.silent ?? NaN),
    secPerPage: pages ? ms / 1000 / pages : NaN,
    convertSecPerPage: pages ? convertMs / 1000 / pages : NaN,
    line,
  };
}

export async function main(argv = process.argv.slice(2)): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { backend: { type: 'string' }, sets: { type: 'string' }, filter: { type: 'string' }, cache: { type: 'boolean' } },
  });
  if (!HAS_SYNTH_UK) {
    console.log('ocr corpus: shared corpus absent, skipped');
    return;
  }
  const sets = (values.sets ?? '300-pdf,300-tiff,200-pdf,200-tiff').split(',');
  if (sets.some((s) => !existsSync(join(DEFAULT_OUT, s)))) {
    execFileSync('node', ['--import', 'tsx', join(import.meta.dirname, '../test/fixtures/scan/scan-statements.ts')], { stdio: 'inherit' });
  }
  for (const set of sets) {
    const s = await scoreSet(set, (values.backend ?? 'tesseract') as 'tesseract' | 'tesseractjs', { filter: values.filter, cache: values.cache });
    if (s)
      console.log(
        `ocr ${set} ${s.backend}: ${s.secPerPage.toFixed(2)} s/page OCR, ${s.convertSecPerPage.toFixed(2)} s/page whole conversion (2 files at a time on this machine) | ${s.line}`,
      );
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await main();
