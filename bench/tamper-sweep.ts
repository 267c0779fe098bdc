// Tamper sweep: the wrong-PASS guard over whole folders. Every statement that converts to PASS has its
// printed figures edited one at a time (test/helpers/tamper.ts says which edits and how each is classed);
// an edit that still says PASS while an amount or balance reads differently is printed as a suspect.
// Statements with a planted break are what the verdict exists for: the synth-uk generator's tampered
// statements, an OCR slip, a figure changed by hand.
//
//   npm run fixtures && node --import tsx bench/tamper-sweep.ts test/.generated/fixtures ../shared/corpus
//     [--sites N] [--match 1,234.56] [--show] [--edges] [--unused] [--write DIR]
//
// Files are read in place; --write saves each suspect's edited file to DIR for a closer look.
//
// Text and dates (what no balance checks): `--text` prints every generated bank layout again with one
// line dropped or moved, two date cells traded, a day's date a row lower or two rows' text merged
// (test/helpers/tamper-text.ts), as PDF and as text, long and multi-page; a PASS that reads a row
// otherwise than printed is a suspect.
//
//   node --import tsx bench/tamper-sweep.ts --text [--sites N]
import fs from 'node:fs';
import path from 'node:path';
import { BANK_LAYOUTS } from '../test/fixtures/pdf/bank-layouts.js';
import { tamperFile, type TamperFinding } from '../test/helpers/tamper.js';
import { tamperText, TEXT_EDITS } from '../test/helpers/tamper-text.js';

const args = process.argv.slice(2);
const flag = (k: string) => {
  const i = args.indexOf(k);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const writeTo = flag('--write');
const match = flag('--match');
const sites = Number(flag('--sites') ?? 40);
const show = args.includes('--show');
const showEdges = args.includes('--edges');
const showUnused = args.includes('--unused');
const roots = args.filter((a) => !a.startsWith('--'));

if (args.includes('--text')) {
  const tally: Record<string, number> = {};
  const SHAPES = [
    { rows: 40, rowsPerPage: 14, nextDayShare: 0.15, longDescriptions: true, seed: 5 },
    { rows: 30, rowsPerPage: 9, splitRows: true, splitLastRows: true, datesRunOn: true, nextDayShare: 0.2, seed: 9 },
  ];
  for (const [name, style] of Object.entries(BANK_LAYOUTS))
    for (const as of style.compactText ? (['text'] as const) : (['pdf', 'text'] as const))
      for (const shape of SHAPES)
        for (const f of await tamperText(style, { ...shape, as }, TEXT_EDITS, process.argv.includes('--sites') ? sites : 4)) {
          tally[f.cls] = (tally[f.cls] ?? 0) + 1;
          if (f.cls === 'suspect') console.log(`suspect ${name} ${as} ${JSON.stringify(shape)} ${f.edit} #${f.site}: ${f.detail}`);
        }
  console.log(
    `tamper text: ${Object.entries(tally)
      .map(([k, v]) => `${k}=${v}`)
      .join(' ')}`,
  );
  process.exit(0);
}

const EXT = /\.(pdf|csv|txt|tsv)$/i;
function walk(p: string, out: string[] = []): string[] {
  if (!fs.statSync(p).isDirectory()) return EXT.test(p) ? [p] : [];
  for (const e of fs.readdirSync(p, { withFileTypes: true })) {
    const q = path.join(p, e.name);
    if (e.isDirectory()) walk(q, out);
    else if (EXT.test(e.name)) out.push(q);
  }
  return out;
}

const total = { files: 0, edits: 0, caught: 0, refused: 0, unused: 0, text: 0, edge: 0, suspect: 0 };
const lines: string[] = [];
const line = (cls: string, file: string, f: TamperFinding, detail: boolean) =>
  `${cls} ${file} ${f.kind} "${f.figure}" (rows ${f.rows[0]} -> ${f.rows[1]})` + (detail ? `\n    was ${f.was}\n    now ${f.now}` : '');
for (const file of roots.flatMap((r) => walk(r))) {
  const r = await tamperFile(fs.readFileSync(file), path.basename(file), { sites, match });
  if (!r.tested) continue;
  total.files++;
  for (const [k, v] of Object.entries(r.tally)) total[k as keyof typeof total] += v;
  r.suspects.forEach((f, i) => {
    lines.push(line('suspect', file, f, show));
    if (writeTo) fs.writeFileSync(path.join(writeTo, `${path.basename(file)}.suspect-${i + 1}${path.extname(file)}`), f.bytes);
  });
  if (showEdges) for (const f of r.edges) lines.push(line('edge', file, f, show));
  if (showUnused) for (const f of r.unused) lines.push(line('unused', file, f, false));
}
console.log(
  `tamper: ${Object.entries(total)
    .map(([k, v]) => `${k}=${v}`)
    .join(' ')}`,
);
for (const l of lines) console.log(l);
