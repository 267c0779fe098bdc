// Which PDF library reads statements best: pdf.js (pdfjs-dist) against PDFium through both of its
// MIT-licensed WebAssembly wrappers (@embedpdf/pdfium, the one installed, and @hyzyla/pdfium when
// present: `npm install --no-save @hyzyla/pdfium@2.1.13`). For every PDF of ../shared/corpus (or the
// folder given) and generated fixtures: bare extraction of text with positions (median of 7 warm
// runs, CPU time), and whether the engine's result with each PDFium build is the same.
//
//   node --import tsx bench/pdf-libraries.ts [corpus dir]
//
// Not part of `npm run bench` (about 3 minutes); the figures are in docs/performance.md.
import fs from 'node:fs';
import path from 'node:path';
import { convert } from '../src/engine/convert.js';
import { instantiate, selectPdfiumWrapper, type Pdfium, type Wrapper } from '../src/engine/pdf/pdfium-loader.js';
import { pdfiumExtract } from './pdf-bare.js';
import { generateStatementPdf } from '../test/fixtures/pdf/generate.js';

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
const PDFJS_DIR = path.resolve('node_modules/pdfjs-dist');

async function pdfjsExtract(pdfjs: PdfjsModule, bytes: Uint8Array): Promise<number> {
  const doc = await pdfjs.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    verbosity: 0,
    useWasm: false,
    cMapUrl: `${PDFJS_DIR}/cmaps/`,
    cMapPacked: true,
    standardFontDataUrl: `${PDFJS_DIR}/standard_fonts/`,
  }).promise;
  let n = 0;
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      const tc = await page.getTextContent();
      n += tc.items.length;
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
  return n;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
/** Median CPU milliseconds of 7 warm runs (CPU time moves less with other processes' load). */
async function timed(fn: () => unknown, runs = 7): Promise<number> {
  await fn();
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const c = process.cpuUsage();
    await fn();
    const u = process.cpuUsage(c);
    out.push((u.user + u.system) / 1000);
  }
  return median(out);
}

function pdfsUnder(dir: string): string[] {
  const out: string[] = [];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) out.push(...pdfsUnder(p));
    else if (e.name.toLowerCase().endsWith('.pdf')) out.push(p);
  }
  return out.sort();
}

async function tryInstantiate(w: Wrapper): Promise<{ pdfium: Pdfium; initMs: number } | null> {
  const t = performance.now();
  try {
    return { pdfium: await instantiate(w), initMs: performance.now() - t };
  } catch {
    return null;
  }
}

async function engineResult(w: Wrapper, bytes: Uint8Array): Promise<string> {
  selectPdfiumWrapper(w);
  try {
    const r = await convert(bytes, { filename: 'x.pdf' });
    return JSON.stringify([r.reconcile_status, r.transactions, r.warnings]);
  } catch (e) {
    return `error ${(e as { code?: string }).code}`;
  }
}

export async function run(corpus = path.resolve('../shared/corpus')): Promise<void> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const embed = await tryInstantiate('embedpdf');
  const hyz = await tryInstantiate('hyzyla');
  console.log(
    `init: @embedpdf/pdfium ${embed ? `${embed.initMs.toFixed(0)} ms` : 'not installed'}, @hyzyla/pdfium ${hyz ? `${hyz.initMs.toFixed(0)} ms` : 'not installed'}`,
  );
  const files: { name: string; bytes: Uint8Array }[] = fs.existsSync(corpus)
    ? pdfsUnder(corpus).map((f) => ({ name: path.relative(corpus, f), bytes: new Uint8Array(fs.readFileSync(f)) }))
    : [];
  for (const [name, spec] of [
    ['fixture split 1 page', { layout: 'split', rows: 20 }],
    ['fixture split-type 10 pages', { layout: 'split-type', rows: 280, rowsPerPage: 28 }],
    ['fixture embedded font 3 pages', { layout: 'paidin-withdrawn', rows: 80, font: 'embedded' }],
    ['fixture card 2 pages', { layout: 'card', rows: 40 }],
  ] as const) {
    files.push({ name, bytes: (await generateStatementPdf(spec)).bytes });
  }
  console.log('file | pdf.js ms | PDFium @embedpdf ms | PDFium @hyzyla ms | our conversion ms | conversion / @embedpdf | same result with both builds');
  const ratios: number[] = [];
  const speedups: number[] = [];
  let same = 0,
    compared = 0;
  for (const f of files) {
    const js = await timed(() => pdfjsExtract(pdfjs, f.bytes).catch(() => -1));
    const e = embed ? await timed(() => pdfiumExtract(embed.pdfium, f.bytes)) : NaN;
    const h = hyz ? await timed(() => pdfiumExtract(hyz.pdfium, f.bytes)) : NaN;
    selectPdfiumWrapper('embedpdf');
    const conv = await timed(() => convert(f.bytes, { filename: 'x.pdf' }).catch(() => null));
    let verdict = '-';
    if (embed && hyz) {
      const a = await engineResult('embedpdf', f.bytes),
        b = await engineResult('hyzyla', f.bytes);
      compared++;
      if (a === b) same++;
      verdict = a === b ? 'same' : 'DIFFERENT';
      selectPdfiumWrapper('embedpdf');
    }
    if (e > 0.5) {
      ratios.push(conv / e);
      speedups.push(js / e);
    }
    console.log(`${f.name} | ${js.toFixed(1)} | ${e.toFixed(1)} | ${h.toFixed(1)} | ${conv.toFixed(1)} | ${(conv / e).toFixed(2)}x | ${verdict}`);
  }
  const geo = (xs: number[]) => Math.exp(xs.reduce((s, x) => s + Math.log(x), 0) / Math.max(1, xs.length));
  console.log(
    `geometric means: pdf.js / PDFium ${geo(speedups).toFixed(1)}x; conversion / bare PDFium ${geo(ratios).toFixed(2)}x; same engine result with both builds: ${same}/${compared}`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await run(process.argv[2]);
