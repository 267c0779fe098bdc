// Issue 49's CSV target (a 100,000-row export converted in at most 0.8x a bare csv-parse of the same
// bytes) against a sketch of the sound design's floor, run alone (`node --import tsx
// bench/csv-columns-sketch.ts`): rows kept as columns (figures as bigint minor units in
// BigInt64Arrays, dates as day numbers in an Int32Array, descriptions as the reader made them, no
// row object and no figure or date string built before a writer asks), the balance chain checked on the columns. It
// decides nothing (no header search, date order, separators, labels or warnings), so a columns engine
// can only come near it; and the same with a JSON writer streaming from the columns (six fields a row
// made as its piece is written). Printed: each one's median CPU time of 5 warm runs (the
// machine is shared), and the ratios to csv-parse.
import { parse } from 'csv-parse/sync';
import { RecordReader } from '../src/engine/csv/records.js';
import { parseMoney } from '../src/engine/money.js';
import { convert } from './compiled-engine.js';
import { buildExport } from './csv-export.js';

const ROWS = 100_000;
const bytes = buildExport(ROWS);

function columns(input: Uint8Array, json = false): number {
  const text = new TextDecoder('utf-8', { fatal: true }).decode(input);
  const records = new RecordReader(text, ',');
  records.next();
  const amount = new BigInt64Array(ROWS);
  const balance = new BigInt64Array(ROWS);
  const day = new Int32Array(ROWS);
  const line = new Int32Array(ROWS);
  const texts: string[] = new Array<string>(ROWS);
  let n = 0;
  while (records.next()) {
    const [date, desc, out, inn, bal] = records.cells;
    const a = inn ? parseMoney(inn)!.value : -parseMoney(out)!.value;
    if (a === 0n) continue;
    amount[n] = a;
    balance[n] = parseMoney(bal)!.value;
    // dd/mm/yyyy as a day number (the date order decided once for the column, not per row)
    day[n] = Date.UTC(+date.slice(6, 10), +date.slice(3, 5) - 1, +date.slice(0, 2)) / 86_400_000;
    texts[n] = desc;
    line[n] = records.line;
    n++;
  }
  let breaks = 0;
  for (let i = 1; i < n; i++) if (balance[i - 1] + amount[i] !== balance[i]) breaks++;
  if (breaks) throw new Error('the sketch read the export wrongly');
  if (json) {
    // The JSON writer streaming from the columns: each row's fields made as its piece is written.
    const money = (v: bigint) => {
      const neg = v < 0n;
      const s = String(neg ? -v : v).padStart(3, '0');
      return `${neg ? '-' : ''}${s.slice(0, -2)}.${s.slice(-2)}`;
    };
    let size = 0;
    let piece: string[] = [];
    for (let i = 0; i < n; i++) {
      const d = new Date(day[i] * 86_400_000);
      const date = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
      const a = amount[i];
      piece.push(
        JSON.stringify({ Date: date, Description: texts[i], Amount: money(a), Balance: money(balance[i]), Type: a < 0n ? 'DEBIT' : 'CREDIT', Line: line[i] }),
      );
      if (piece.length === 8192 || i === n - 1) {
        size += piece.join(',').length;
        piece = [];
      }
    }
    if (!size) throw new Error('nothing written');
  }
  return n;
}

async function median(f: () => unknown): Promise<number> {
  for (let i = 0; i < 2; i++) await f();
  const ms: number[] = [];
  for (let i = 0; i < 5; i++) {
    const c = process.cpuUsage();
    await f();
    const d = process.cpuUsage(c);
    ms.push((d.user + d.system) / 1000);
  }
  return ms.sort((a, b) => a - b)[2];
}

const bare = await median(() => parse(Buffer.from(bytes)));
const engine = await median(() => convert(bytes, { filename: 'bench.csv' }));
const sketch = await median(() => columns(bytes));
const withJson = await median(() => columns(bytes, true));
const bare2 = await median(() => parse(Buffer.from(bytes)));
const csvParse = (bare + bare2) / 2;
console.log(
  `csv ${ROWS} rows: bare csv-parse ${csvParse.toFixed(0)} ms | engine ${engine.toFixed(0)} ms, ${(engine / csvParse).toFixed(2)}x (target <= 0.8x) | columns sketch, nothing decided ${sketch.toFixed(0)} ms, ${(sketch / csvParse).toFixed(2)}x; with its JSON written from the columns ${withJson.toFixed(0)} ms, ${(withJson / csvParse).toFixed(2)}x`,
);
