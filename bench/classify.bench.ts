// Accuracy of the classifier on the labelled set as a confusion table, and the time to classify 10,000
// rows (target: under 100 ms). `npm run bench`.
import { cpus, loadavg } from 'node:os';
import { classify, CATEGORY_IDS } from '../src/engine/classify/index.js';
import { loadLabelled, scoreLabelled, toTransactions } from '../test/data/classify-labelled.load.js';

const ROWS = 10_000;
const RUNS = 7;

/** Short column heads so the table fits a terminal: the first letters of each part of the id. */
const head = (id: string): string =>
  id
    .split('_')
    .map((p) => p.slice(0, 4))
    .join('_')
    .slice(0, 9);

function printConfusion(): void {
  const score = scoreLabelled();
  const ids = CATEGORY_IDS.filter((id) => score.confusion.has(id) || [...score.confusion.values()].some((m) => m.has(id)));
  console.log(`classify: accuracy on the labelled set ${(score.accuracy * 100).toFixed(1)}% (${score.correct}/${score.total})`);
  console.log('classify: confusion table (rows: true category, columns: predicted)');
  const w = 10;
  console.log(''.padEnd(24) + ids.map((id) => head(id).padStart(w)).join(''));
  for (const truth of ids) {
    const line = score.confusion.get(truth) ?? new Map<string, number>();
    console.log(truth.padEnd(24) + ids.map((p) => String(line.get(p) ?? (p === truth ? 0 : '.')).padStart(w)).join(''));
  }
  for (const m of score.misses) console.log(`  miss: "${m.row.description}" is ${m.row.category}, got ${m.got.category} (${m.got.confidence})`);

  // How far confidence can be trusted: accuracy within each confidence band.
  const got = classify(toTransactions(loadLabelled()));
  const rows = loadLabelled();
  const bands = [0, 0.5, 0.7, 0.85, 1.01];
  for (let b = 0; b < bands.length - 1; b++) {
    const idx = got.map((c, i) => [c, i] as const).filter(([c]) => c.confidence >= bands[b] && c.confidence < bands[b + 1]);
    const right = idx.filter(([c, i]) => c.category === rows[i].category).length;
    const label = `${bands[b].toFixed(2)}..${Math.min(1, bands[b + 1]).toFixed(2)}`;
    console.log(`classify: confidence ${label}: ${idx.length} rows, ${idx.length ? ((right / idx.length) * 100).toFixed(1) : '-'}% right`);
  }
}

function timeTenThousand(): void {
  const base = toTransactions(loadLabelled());
  // Spread the rows over many days, as a real statement would be, so same-day pairing does real work.
  const rows = Array.from({ length: ROWS }, (_, i) => ({ ...base[i % base.length], Date: `${String((i % 28) + 1).padStart(2, '0')}/0${(i % 9) + 1}/2024` }));
  classify(rows);
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    classify(rows);
    wall.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  // On a shared machine wall time includes waiting for a core; CPU time is the work itself.
  console.log(
    `classify: ${ROWS.toLocaleString('en-GB')} rows in ${median(wall).toFixed(1)} ms wall, ${median(cpu).toFixed(1)} ms CPU ` +
      `(median of ${RUNS}; wall min ${Math.min(...wall).toFixed(1)}; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores; target < 100 ms)`,
  );
}

export async function run(): Promise<void> {
  printConfusion();
  timeTenThousand();
}
