// Scans of every kind people make (test/fixtures/scan/scan-kinds.ts) from the project's own generated
// statements: per kind, files read, exact files, row F1 (rows matched on Date + Amount), wrong PASS
// (PASS on a file whose rows are not all exact) and seconds per page, for each OCR backend.
// Part of `npm run bench` (section "scans"); also alone:
//   node --import tsx bench/scans.bench.ts [--backend tesseract|tesseractjs] [--kinds fax,rot90] [--files 2]
import { parseArgs } from 'node:util';
import { createOcrBackend, findTesseract } from '../src/adapters/ocr/index.js';
import { convert } from '../src/engine/convert.js';
import type { OcrBackend, OcrImage, OcrWord, RecognizeOptions } from '../src/engine/ocr/ocr-backend.js';
import type { EngineResult } from '../src/engine/types.js';
import { generateStatementPdf, type Layout, type Truth } from '../test/fixtures/pdf/generate.js';
import { makeScan, SCAN_KINDS, type ScanKind } from '../test/fixtures/scan/scan-kinds.js';

/** The statements scanned for each kind: two pages (rotated kinds turn one of them), one for phone photos (phone, angled). */
const PHOTOS: readonly ScanKind[] = ['phone', 'angled'];
const STATEMENTS: { layout: Layout; rows: number; seed: number }[] = [
  { layout: 'split', rows: 40, seed: 11 },
  { layout: 'split-type', rows: 36, seed: 12 },
  { layout: 'paidin-withdrawn', rows: 40, seed: 13 },
];

class Metered implements OcrBackend {
  ms = 0;
  constructor(private readonly inner: OcrBackend) {}
  get name(): string {
    return this.inner.name;
  }
  async recognize(image: OcrImage, opts: RecognizeOptions): Promise<OcrWord[]> {
    const t0 = performance.now();
    const w = await this.inner.recognize(image, opts);
    this.ms += performance.now() - t0;
    return w;
  }
  async release(): Promise<void> {
    await this.inner.release?.();
  }
}

const key = (r: { Date: string; Amount: string }) => `${r.Date}|${Number(r.Amount).toFixed(2)}`;

/** Rows matched on Date + Amount (a multiset): F1's parts, and whether every field of every row is right. */
export function scoreRows(r: EngineResult | null, t: Truth): { matched: number; expected: number; output: number; exact: boolean } {
  const out = r?.transactions ?? [];
  const want = new Map<string, number>();
  for (const x of t.transactions) want.set(key(x), (want.get(key(x)) ?? 0) + 1);
  let matched = 0;
  for (const x of out) {
    const n = want.get(key(x)) ?? 0;
    if (n > 0) {
      matched++;
      want.set(key(x), n - 1);
    }
  }
  const exact =
    out.length === t.transactions.length &&
    out.every((x, i) => {
      const y = t.transactions[i];
      return x.Date === y.Date && x.Description === y.Description && Number(x.Amount) === Number(y.Amount) && Number(x.Balance) === Number(y.Balance);
    });
  return { matched, expected: t.transactions.length, output: out.length, exact };
}

export interface KindScore {
  kind: ScanKind;
  files: number;
  read: number;
  exact: number;
  f1: number;
  wrongPass: number;
  secPerPage: number;
  notes: string[];
}

export async function scoreKind(kind: ScanKind, backend: OcrBackend, files = STATEMENTS.length): Promise<KindScore> {
  let read = 0,
    exact = 0,
    wrongPass = 0,
    m = 0,
    e = 0,
    o = 0,
    pages = 0,
    ms = 0;
  const notes: string[] = [];
  for (const s of STATEMENTS.slice(0, files)) {
    const g = await generateStatementPdf({ ...s, rows: PHOTOS.includes(kind) ? 20 : s.rows, multiLine: !PHOTOS.includes(kind) });
    const scan = await makeScan(kind, g.bytes, s.seed);
    const meter = new Metered(backend);
    let r: EngineResult | null = null;
    try {
      r = await convert(scan.bytes, { bank: 'auto', filename: `scan.${scan.ext}`, ocr: meter });
      read++;
    } catch (err) {
      notes.push(`${s.layout}: ${(err as Error).message.slice(0, 100)}`);
    }
    const sc = scoreRows(r, g.truth);
    m += sc.matched;
    e += sc.expected;
    o += sc.output;
    if (sc.exact) exact++;
    if (r?.reconcile_status === 'PASS' && !sc.exact) wrongPass++;
    if (r && !sc.exact)
      notes.push(`${s.layout}: ${r.reconcile_status} ${sc.matched}/${sc.expected} rows (${sc.output} out) ${r.warnings.map((w) => w.code).join(',')}`);
    // Per page of the statement: trial readings of a turned page and second readings count in its time.
    pages += PHOTOS.includes(kind) ? 1 : g.truth.pages;
    ms += meter.ms;
  }
  const p = o ? m / o : 0,
    rc = e ? m / e : 0;
  return { kind, files, read, exact, f1: p + rc ? (2 * p * rc) / (p + rc) : 0, wrongPass, secPerPage: pages ? ms / 1000 / pages : NaN, notes };
}

export async function main(argv: string[] = []): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { backend: { type: 'string' }, kinds: { type: 'string' }, files: { type: 'string' }, verbose: { type: 'boolean' } },
  });
  const kinds = (values.kinds?.split(',') ?? SCAN_KINDS) as ScanKind[];
  const choices = values.backend ? [values.backend] : (await findTesseract()) ? ['tesseract', 'tesseractjs'] : ['tesseractjs'];
  for (const choice of choices) {
    const backend = createOcrBackend({ choice: choice as 'tesseract' | 'tesseractjs', keepAliveMs: 60_000 });
    for (const kind of kinds) {
      const s = await scoreKind(kind, backend, values.files ? Number(values.files) : undefined);
      console.log(
        `scans ${kind.padEnd(11)} ${backend.name.padEnd(12)} read ${s.read}/${s.files} exact ${s.exact}/${s.files} rowF1 ${s.f1.toFixed(3)} wrongPASS ${s.wrongPass} ${s.secPerPage.toFixed(2)} s/page OCR (all readings of a page)`,
      );
      if (values.verbose) for (const n of s.notes) console.log(`    ${n}`);
    }
    await (backend as { release?: () => Promise<void> }).release?.();
  }
}

export async function run(): Promise<void> {
  await main(['--files', '2']);
}

if (process.argv[1] && import.meta.filename === process.argv[1]) await main(process.argv.slice(2));
