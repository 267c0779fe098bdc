// Layout sweep: every generated bank layout (test/fixtures/pdf/bank-layouts.ts) x a grid of generator
// options, as PDF and as text, converted and compared with the truth. Finds statement shapes the
// engine reads wrong that the fixed fixture knobs hide (a sparse money-in column was one).
//
//   node --import tsx bench/layout-sweep.ts [--layout NAME] [--as pdf|text] [--shard i/n] [--json out.json] [--show N]
//
// A case is: rows right (Date, Description, Amount all equal the truth's, in order) and the verdict.
// Classes, worst first: wrong-pass (PASS with any row wrong), silent (rows wrong, NO_BAL with the
// truth NO_BAL), warn-rows (rows wrong under an honest RECONCILE_WARN), lost-pass (rows right, not
// PASS where the truth is), verdict (other verdict differences), ok.
import fs from 'node:fs';
import { convert } from '../src/engine/convert.js';
import { BANK_LAYOUTS } from '../test/fixtures/pdf/bank-layouts.js';
import { renderStatement, type RenderOptions } from '../test/fixtures/pdf/render-statement.js';

type As = 'pdf' | 'text';
const args = process.argv.slice(2);
const arg = (k: string) => {
  const i = args.indexOf(k);
  return i >= 0 ? args[i + 1] : undefined;
};
const onlyLayout = arg('--layout');
const onlyAs = arg('--as') as As | undefined;
const [shard, shards] = (arg('--shard') ?? '0/1').split('/').map(Number);
const show = Number(arg('--show') ?? 0);
const onlyCase = arg('--case');

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// One knob at a time from the fixtures' base (40 rows, 24 a page), then random combinations.
const KNOBS: Record<string, unknown[]> = {
  creditShare: [0.03, 0.3, 0.95],
  rows: [3, 40, 150],
  rowsPerPage: [6, 24, 60],
  newestFirst: [false, true],
  splitRows: [false, true],
  multiEvery: [0, 1, 3],
  opening: [150000, -250000, 0],
  doubleSpaced: [false, true],
  seed: [11, 3, 29],
  amountScale: [1, 0.01, 1000],
  longDescriptions: [false, true],
  startDate: ['2023-12-01', '2023-12-20', '2024-02-01'],
  nextDayShare: [0.5, 0.1, 0.9],
};
type Opts = RenderOptions & Record<string, unknown>;
function grid(as: As): Opts[] {
  const out: Opts[] = [{ rows: 40 }];
  for (const [k, vs] of Object.entries(KNOBS)) {
    if (k === 'doubleSpaced' && as === 'pdf') continue;
    for (const v of vs.slice(1)) out.push({ rows: 40, [k]: v });
  }
  const rand = rng(as === 'pdf' ? 7 : 8);
  for (let i = 0; i < 16; i++) {
    const o: Opts = {};
    for (const [k, vs] of Object.entries(KNOBS)) {
      if (k === 'doubleSpaced' && as === 'pdf') continue;
      if (rand() < 0.5) o[k] = vs[Math.floor(rand() * vs.length)];
    }
    o.rows ??= 40;
    out.push(o);
  }
  return out;
}

const rowKey = (t: { Date: string; Description: string; Amount: string }) => `${t.Date} | ${t.Description} | ${t.Amount}`;

interface Result {
  layout: string;
  as: As;
  opts: Opts;
  cls: string;
  verdict: string;
  truthVerdict: string;
  rows: number;
  right: number;
  firstDiff?: { i: number; got?: string; want?: string };
  warnings: string[];
}

async function run(): Promise<void> {
  const results: Result[] = [];
  let k = 0;
  for (const [name, style] of Object.entries(BANK_LAYOUTS)) {
    if (onlyLayout && name !== onlyLayout) continue;
    for (const as of style.compactText ? (['text'] as const) : (['pdf', 'text'] as const)) {
      if (onlyAs && as !== onlyAs) continue;
      for (const opts of grid(as)) {
        if (k++ % shards !== shard) continue;
        const key = JSON.stringify(opts);
        if (onlyCase && key !== onlyCase) continue;
        const { bytes, truth, text } = await renderStatement(style, { ...opts, as });
        let r;
        try {
          r = await convert(bytes, { filename: as === 'pdf' ? 's.pdf' : 's.txt' });
        } catch (e) {
          results.push({
            layout: name,
            as,
            opts,
            cls: 'error',
            verdict: String((e as Error).message).slice(0, 80),
            truthVerdict: truth.reconcile_status,
            rows: truth.transactions.length,
            right: 0,
            warnings: [],
          });
          continue;
        }
        const got = r.transactions.map(rowKey);
        const want = truth.transactions.map(rowKey);
        let right = 0;
        let firstDiff: Result['firstDiff'];
        for (let i = 0; i < Math.max(got.length, want.length); i++) {
          if (got[i] === want[i]) right++;
          else firstDiff ??= { i, got: got[i], want: want[i] };
        }
        const exact = !firstDiff;
        const v = r.reconcile_status;
        const cls = !exact
          ? v === 'PASS'
            ? 'wrong-pass'
            : v === 'NO_BAL'
              ? 'silent'
              : 'warn-rows'
          : v === truth.reconcile_status
            ? 'ok'
            : truth.reconcile_status === 'PASS'
              ? 'lost-pass'
              : 'verdict';
        const warnings = [...new Set(r.warnings.map((w) => w.code))];
        results.push({ layout: name, as, opts, cls, verdict: v, truthVerdict: truth.reconcile_status, rows: want.length, right, firstDiff, warnings });
        if (onlyCase && show) {
          console.log(text.split('\n').slice(0, show).join('\n'));
          console.log(JSON.stringify(r.warnings.slice(0, 10)));
          for (let i = 0; i < Math.max(got.length, want.length); i++) if (got[i] !== want[i]) console.log(i, 'got ', got[i], '\n  want', want[i]);
        }
      }
    }
  }
  const count = (c: string) => results.filter((x) => x.cls === c).length;
  const rows = results.reduce((a, x) => a + x.rows, 0);
  const right = results.reduce((a, x) => a + x.right, 0);
  console.log(
    `cases=${results.length} exact=${count('ok') + count('lost-pass') + count('verdict')} rows=${right}/${rows} ok=${count('ok')} wrong-pass=${count('wrong-pass')} silent=${count('silent')} warn-rows=${count('warn-rows')} lost-pass=${count('lost-pass')} verdict=${count('verdict')} error=${count('error')}`,
  );
  for (const x of results.filter((y) => y.cls !== 'ok'))
    console.log(
      `${x.cls.padEnd(10)} ${x.layout}/${x.as} ${JSON.stringify(x.opts)} ${x.verdict}(want ${x.truthVerdict}) ${x.right}/${x.rows} [${x.warnings.join(',')}]` +
        (x.firstDiff ? `\n    #${x.firstDiff.i} got  ${x.firstDiff.got}\n        want ${x.firstDiff.want}` : ''),
    );
  const out = arg('--json');
  if (out) fs.writeFileSync(out, JSON.stringify(results, null, 1));
}

await run();
