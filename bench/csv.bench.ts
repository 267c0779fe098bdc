// CSV engine throughput: a 100,000-row export (Date, Description, Paid out, Paid in, Balance) through
// the whole engine, reporting rows per second and peak resident memory.
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
  const timer = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  const t0 = performance.now();
  const r = await convert(bytes, { filename: 'bench.csv' });
  const ms = performance.now() - t0;
  clearInterval(timer);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`csv: ${rows} rows in ${ms.toFixed(0)} ms = ${Math.round(rows / (ms / 1000))} rows/s, verdict ${r.reconcile_status}, peak RSS ${(peak / 1048576).toFixed(0)} MB`);
}
