// PDF engine bench: 1-, 10- and 100-page generated statements. Prints pages/second, p50 latency,
// peak RSS, and our whole conversion against pdfjs's bare text extraction of the same file.
import { convert } from '../src/engine/convert.js';
import { openPdf } from '../src/engine/pdf/pdfjs-loader.js';
import { generateStatementPdf } from '../test/fixtures/pdf/generate.js';

async function bareExtract(bytes: Uint8Array): Promise<void> {
  const doc = await openPdf(bytes, undefined);
  try {
    for (let p = 1; p <= doc.numPages; p++) {
      const page = await doc.getPage(p);
      await page.getTextContent();
      page.cleanup();
    }
  } finally {
    await doc.destroy();
  }
}

const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function time(fn: () => Promise<unknown>, runs: number): Promise<number[]> {
  const out: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await fn();
    out.push(performance.now() - t);
  }
  return out;
}

export async function run(): Promise<void> {
  console.log('pdf engine: pages | pages/s | p50 ms | bare pdfjs p50 ms | ratio | peak RSS MB');
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 5);
  try {
    for (const pages of [1, 10, 100]) {
      const { bytes } = await generateStatementPdf({ layout: 'split-type', rows: pages * 28, rowsPerPage: 28 });
      const runs = pages === 100 ? 5 : pages === 10 ? 9 : 21;
      await convert(bytes, { filename: 'b.pdf' }); // warm-up
      await bareExtract(bytes);
      // Interleave so both see the same machine load.
      const ours: number[] = [];
      const bare: number[] = [];
      for (let i = 0; i < runs; i++) {
        ours.push(...(await time(() => convert(bytes, { filename: 'b.pdf' }), 1)));
        bare.push(...(await time(() => bareExtract(bytes), 1)));
      }
      const o = p50(ours), b = p50(bare);
      console.log(`  ${String(pages).padStart(3)} | ${(pages / (o / 1000)).toFixed(1).padStart(7)} | ${o.toFixed(1).padStart(6)} | ${b.toFixed(1).padStart(6)} | ${(o / b).toFixed(2)}x | ${(peak / 1048576).toFixed(0)}`);
    }
  } finally {
    clearInterval(timer);
  }
}
