// CSV engine throughput: a 100,000-row export (Date, Description, Paid out, Paid in, Balance) through
// the whole engine, reporting rows per second (issue 14's target: 500,000) and peak resident memory.
import { convert } from '../src/engine/convert.js';

function buildExport(rows: number): Uint8Array {
  const lines = ['Date,Description,Paid out,Paid in,Balance'];
  let bal = 1_000_000; // minor units
  for (let i = 0; i < rows; i++) {
    const day = new Date(Date.UTC(2020, 0, 1) + Math.floor(i / 50) * 86400000);
    const amt = ((i * 7919) % 20000) - 9000;
    bal += amt;
    const f = (v: number) => `${Math.floor(Math.abs(v) / 100)}.${String(Math.abs(v) % 100).padStart(2, '0')}`;
    const d = `${String(day.getUTCDate()).padStart(2, '0')}/${String(day.getUTCMonth() + 1).padStart(2, '0')}/${day.getUTCFullYear()}`;
    lines.push(`${d},"SHOP ${i % 997}, LONDON",${amt < 0 ? f(amt) : ''},${amt >= 0 ? f(amt) : ''},${bal < 0 ? '-' : ''}${f(bal)}`);
  }
  return new TextEncoder().encode(lines.join('\n') + '\n');
}

export async function run(): Promise<void> {
  const rows = 100_000;
  const bytes = buildExport(rows);
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  // A worker converts many files: the first (cold) run is printed, then the median of 3 warm ones.
  const runs: { ms: number; cpu: number; status: string }[] = [];
  for (let i = 0; i < 4; i++) {
    const t0 = performance.now();
    const c0 = process.cpuUsage();
    const r = await convert(bytes, { filename: 'bench.csv' });
    const c = process.cpuUsage(c0);
    runs.push({ ms: performance.now() - t0, cpu: (c.user + c.system) / 1000, status: r.reconcile_status });
  }
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  const warm = runs.slice(1).sort((a, b) => a.ms - b.ms)[1];
  const rate = (ms: number) => Math.round(rows / (ms / 1000));
  console.log(
    `csv: ${rows} rows: cold ${runs[0].ms.toFixed(0)} ms, warm ${warm.ms.toFixed(0)} ms = ${rate(warm.ms)} rows/s (CPU ${rate(warm.cpu)} rows/s; target >= 500,000), verdict ${warm.status}, peak RSS ${(peak / 1048576).toFixed(0)} MB`,
  );
}
