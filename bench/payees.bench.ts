// Payees: exactness on the labelled set, and the time to read the payees of 10,000 rows of which every
// row is a different description (the worst case: a statement repeats descriptions, and each distinct
// one is read once). `npm run bench`.
import { cpus, loadavg } from 'node:os';
import { payeesOf } from '../src/engine/payees/index.js';
import { loadPayees, scorePayees } from '../test/data/payees-labelled.load.js';

const ROWS = 10_000;
const RUNS = 5;

export async function run(): Promise<void> {
  const rows = loadPayees();
  const score = scorePayees(rows);
  const holdout = rows.filter((r) => r.set === 'holdout');
  const holdoutMisses = score.misses.filter((m) => m.row.set === 'holdout').length;
  console.log(
    `payees: exact on the labelled set ${(score.accuracy * 100).toFixed(1)}% (${score.exact}/${score.total}; hold-out ${holdout.length - holdoutMisses}/${holdout.length})`,
  );

  // Every row distinct: the labelled lines with a different figure appended each time.
  const distinct = Array.from({ length: ROWS }, (_, i) => ({ Description: `${rows[i % rows.length].description} ${i}` }));
  payeesOf(distinct.slice(0, 500));
  const wall: number[] = [];
  const cpu: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    payeesOf(distinct);
    wall.push(Number(process.hrtime.bigint() - t0) / 1e6);
    const c = process.cpuUsage(c0);
    cpu.push((c.user + c.system) / 1000);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  console.log(
    `payees: ${ROWS.toLocaleString('en-GB')} distinct descriptions in ${median(wall).toFixed(0)} ms wall, ${median(cpu).toFixed(0)} ms CPU ` +
      `(median of ${RUNS}; load average ${loadavg()[0].toFixed(1)} on ${cpus().length} cores); read in the conversion worker`,
  );
}
