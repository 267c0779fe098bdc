// OCR bench (`npm run bench`): seconds per page for each OCR backend on the same scanned page
// (a generated statement rendered at 300 dpi with noise, blur and a 1.2° tilt), then accuracy on
// the scans of the shared synth-uk statements (bench/ocr-corpus.ts: row F1, verdicts, silent
// errors per resolution and input kind, for each backend). The binary backend is skipped with a
// note when Debian's tesseract is not installed; the corpus part when the shared corpus is absent.
import { findTesseract, TesseractCliBackend } from '../src/adapters/ocr/index.js';
import { TesseractJsBackend } from '../src/adapters/ocr/tesseract-js.backend.js';
import type { OcrBackend } from '../src/engine/ocr/ocr-backend.js';
import { convert } from '../src/engine/convert.js';
import { generateStatementPdf } from '../test/fixtures/pdf/generate.js';
import { pngDims, scanPages } from '../test/ocr/scan-fixture.js';

const PAGES = 2;

export async function run(): Promise<void> {
  const { bytes } = await generateStatementPdf({ layout: 'split', rows: 28 * PAGES, seed: 5 });
  const pngs = (await scanPages(bytes, { angleDeg: 1.2, blur: 0.7, noise: 40 })).slice(0, PAGES);
  const bin = await findTesseract();
  const backends: OcrBackend[] = [new TesseractJsBackend({ keepAliveMs: 60_000 })];
  if (bin) backends.push(new TesseractCliBackend(bin));
  else console.log('ocr: tesseract binary not installed (apt-get install tesseract-ocr tesseract-ocr-eng): binary backend skipped');
  for (const b of backends) {
    // Warm-up (tesseract.js loads its wasm and model once per worker), not timed.
    await b.recognize({ png: pngs[0], ...pngDims(pngs[0]) }, { timeoutMs: 300_000, page: 1 });
    const t0 = performance.now();
    let words = 0;
    for (const [i, png] of pngs.entries()) words += (await b.recognize({ png, ...pngDims(png) }, { timeoutMs: 300_000, page: i + 1 })).length;
    const perPage = (performance.now() - t0) / 1000 / pngs.length;
    // Whole conversion of one scanned page (OCR + layout + balance check + digit repair).
    const t1 = performance.now();
    const r = await convert(new Uint8Array(pngs[0]), { ocr: b });
    const conv = (performance.now() - t1) / 1000;
    console.log(
      `ocr ${b.name}: ${perPage.toFixed(2)} s/page OCR (${pngs.length} pages of 2481x3508 px, ${words} words), whole conversion of one page ${conv.toFixed(2)} s, ${r.reconcile_status} ${r.transaction_count} rows`,
    );
    await (b as TesseractJsBackend).terminate?.();
  }
  // Accuracy on the synth-uk scans: every set with the binary (fast); tesseract.js on one set per
  // resolution (about 5-10 s a page here, so the whole matrix would take most of an hour).
  const { main: corpus } = await import('./ocr-corpus.js');
  if (bin) await corpus(['--backend', 'tesseract']);
  await corpus(['--backend', 'tesseractjs', '--sets', '300-pdf,200-tiff']);
}
