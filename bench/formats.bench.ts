// Time and peak memory to write each file format for a 100,000-row result (`npm run bench`).
// Peak memory is sampled RSS and heap while the writer streams into a sink that drops the bytes, so it
// measures the writer, not a buffer holding its output.
import { writerFor } from '../src/formats/index.js';
import { FILE_FORMATS } from '../src/formats/index.js';
import { bigResult, ctxOf } from '../test/formats/fixture.js';

const ROWS = Number(process.env.BENCH_FORMAT_ROWS ?? 100_000);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

export async function run(): Promise<void> {
  const result = bigResult(ROWS);
  console.log(`formats: writing ${ROWS.toLocaleString('en-GB')} rows`);
  for (const format of FILE_FORMATS) {
    (globalThis as { gc?: () => void }).gc?.();
    const base = process.memoryUsage();
    let peakRss = base.rss;
    let peakHeap = base.heapUsed;
    const sample = () => {
      const m = process.memoryUsage();
      peakRss = Math.max(peakRss, m.rss);
      peakHeap = Math.max(peakHeap, m.heapUsed);
    };
    const timer = setInterval(sample, 20);
    const started = process.hrtime.bigint();
    let bytes = 0;
    let chunks = 0;
    for await (const chunk of writerFor(format).write(ctxOf(result))) {
      bytes += chunk.byteLength;
      if (++chunks % 64 === 0) sample();
    }
    const ms = Number(process.hrtime.bigint() - started) / 1e6;
    clearInterval(timer);
    sample();
    console.log(
      `  ${format.padEnd(10)} ${ms.toFixed(0).padStart(6)} ms  ${mb(bytes).padStart(9)} out  ` +
        `peak heap +${mb(peakHeap - base.heapUsed)}  peak rss ${mb(peakRss)}`,
    );
  }
}
