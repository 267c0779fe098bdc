// The CSV benches' 100,000-row export (Date, Description, Paid out, Paid in, Balance), in a module of
// its own so that a process importing it loads no engine (bench/engine-ab.ts times another build's).
export function buildExport(rows: number): Uint8Array {
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
