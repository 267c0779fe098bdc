// Integrity sweep: false alarms and detections of the integrity signals (docs/integrity-signals.md).
// Every PDF under the folders given (read in place) and every generated layout is converted untouched
// (any signal is a false alarm, listed) and with each of up to N sampled figures edited in turn
// (test/helpers/tamper.ts: a cent changed, a minus added or removed, the figure removed, its DR/CR mark
// swapped). Only edits that change what the result says count (a minus before a paid-out figure, or a
// figure no row uses, changes nothing): an edit is signalled when a signal is raised, caught when the
// verdict is no PASS; one neither signalled nor caught is listed with --show.
//
//   node --import tsx bench/integrity-sweep.ts ../shared/corpus [--sites N] [--no-generated] [--show]
import fs from 'node:fs';
import path from 'node:path';
import { generatedStatements, measureIntegrity, type IntegrityMeasure } from '../test/helpers/integrity-sweep.js';

const args = process.argv.slice(2);
const flag = (k: string) => {
  const i = args.indexOf(k);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const sites = Number(flag('--sites') ?? 6);
const show = args.includes('--show');
const generated = !args.includes('--no-generated');
const roots = args.filter((a) => !a.startsWith('--'));

function walk(p: string, out: string[] = []): string[] {
  if (!fs.statSync(p).isDirectory()) return /\.pdf$/i.test(p) ? [p] : [];
  for (const e of fs.readdirSync(p, { withFileTypes: true })) {
    const q = path.join(p, e.name);
    if (e.isDirectory()) walk(q, out);
    else if (/\.pdf$/i.test(e.name)) out.push(q);
  }
  return out;
}

async function* statements(): AsyncGenerator<{ file: string; bytes: Buffer }> {
  for (const file of roots.flatMap((r) => walk(r))) yield { file, bytes: fs.readFileSync(file) };
  if (generated) yield* generatedStatements();
}

const total = { files: 0, falseAlarms: 0, edits: 0, signalled: 0, caught: 0, neither: 0 };
const byKind = new Map<string, { edits: number; signalled: number; caught: number }>();
const lines: string[] = [];
for await (const { file, bytes } of statements()) {
  const m: IntegrityMeasure = await measureIntegrity(bytes, path.basename(file), { sites });
  if (m.untouched.status === null) continue;
  total.files++;
  if (m.untouched.signals.length) {
    total.falseAlarms++;
    lines.push(`untouched ${file}: ${m.untouched.signals.join(', ')}`);
  }
  for (const e of m.edits) {
    if (!e.changed) continue;
    const k = byKind.get(e.kind) ?? { edits: 0, signalled: 0, caught: 0 };
    byKind.set(e.kind, k);
    k.edits++;
    total.edits++;
    const signalled = e.signals.length > 0;
    const caught = e.status !== 'PASS';
    if (signalled) {
      k.signalled++;
      total.signalled++;
    }
    if (caught) {
      k.caught++;
      total.caught++;
    }
    if (!signalled && !caught) {
      total.neither++;
      if (show) lines.push(`unnoticed ${file} ${e.kind} "${e.figure}"`);
    }
  }
}
console.log(
  `integrity: ${Object.entries(total)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')}`,
);
for (const [kind, k] of byKind) console.log(`  ${kind}: ${k.edits} edits, ${k.signalled} signalled, ${k.caught} not PASS`);
for (const l of lines) console.log(l);
