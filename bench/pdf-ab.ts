// Two builds of the engine against PDFium's bare extraction, in fresh processes taking turns: the PDF
// target's ratio (issue 49: at most 1.5x) for each build, on the 2-page statement with an embedded font
// and the 25-page one. Not part of `npm run bench` (no .bench.ts suffix).
//
//   node --import tsx bench/pdf-ab.ts <baseline checkout> [--rounds 8]
//
// <baseline> is another checkout with its dist/ built (as for engine-ab.ts); this checkout's dist/ must
// be built too (`npm run build`). Each process warms each file as a conversion process would, then
// times the conversion and the bare extraction in turn (p50 of their wall and CPU milliseconds), so each
// ratio is taken under one load; the rounds' medians are printed per build.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { StatementSpec } from '../test/fixtures/pdf/generate.js';
import { once, p50 } from './timing.js';

const here = fileURLToPath(import.meta.url);
const root = path.resolve(path.dirname(here), '..');
const args = process.argv.slice(2);

/** Name, statement, warm-up conversions, timed runs. */
const FILES: [string, StatementSpec, number, number][] = [
  ['2 pages, embedded font', { layout: 'paidin-withdrawn', rows: 56, rowsPerPage: 28, font: 'embedded' }, 150, 31],
  ['25 pages', { layout: 'split-type', rows: 700, rowsPerPage: 28 }, 4, 9],
];

/** In a child: one build's wall and CPU ratios to bare, "wall cpu" per file, joined by ";". */
async function child(checkout: string): Promise<void> {
  const { convert } = (await import(pathToFileURL(path.join(checkout, 'dist/engine/convert.js')).href)) as typeof import('../src/engine/convert.js');
  const { loadPdfium } = (await import(
    pathToFileURL(path.join(checkout, 'dist/engine/pdf/pdfium-loader.js')).href
  )) as typeof import('../src/engine/pdf/pdfium-loader.js');
  const { pdfiumExtract } = await import('./pdf-bare.js');
  const { generateStatementPdf } = await import('../test/fixtures/pdf/generate.js');
  const pdfium = await loadPdfium();
  const out: string[] = [];
  for (const [, spec, warm, runs] of FILES) {
    const { bytes } = await generateStatementPdf(spec);
    for (let w = 0; w < warm; w++) {
      await convert(bytes, { filename: 'b.pdf' });
      pdfiumExtract(pdfium, bytes);
    }
    const ours: [number, number][] = [];
    const bare: [number, number][] = [];
    for (let i = 0; i < runs; i++) {
      ours.push(await once(() => convert(bytes, { filename: 'b.pdf' })));
      bare.push(await once(() => pdfiumExtract(pdfium, bytes)));
    }
    const ratio = (k: 0 | 1) => p50(ours.map((x) => x[k])) / p50(bare.map((x) => x[k]));
    out.push(`${ratio(0)} ${ratio(1)}`);
  }
  console.log(out.join(';'));
}

function main(): void {
  const baseline = path.resolve(args[0] ?? '');
  if (!args[0]) throw new Error('usage: node --import tsx bench/pdf-ab.ts <baseline checkout> [--rounds 8]');
  const r = args.indexOf('--rounds');
  const rounds = r >= 0 ? Number(args[r + 1]) : 8;
  const builds: [string, string][] = [
    ['baseline', baseline],
    ['this checkout', root],
  ];
  const ratios = builds.map(() => FILES.map((): [number, number][] => []));
  for (let round = 0; round < rounds; round++) {
    // Alternating which build goes first, so neither always runs on the machine the other left.
    for (const b of round % 2 ? [1, 0] : [0, 1]) {
      const p = spawnSync(process.execPath, ['--import', 'tsx', here, '--child', builds[b][1]], { cwd: root, encoding: 'utf8' });
      if (p.status !== 0) throw new Error(`the ${builds[b][0]} process failed: ${p.stderr}`);
      p.stdout
        .trim()
        .split(';')
        .forEach((part, f) => ratios[b][f].push(part.split(' ').map(Number) as [number, number]));
    }
  }
  console.log(`pdf ratio to bare PDFium (target <= 1.5x), ${rounds} rounds, median wall (CPU) [every round's wall]:`);
  for (const [f, [name]] of FILES.entries()) {
    for (const [b, [label]] of builds.entries()) {
      const xs = ratios[b][f];
      console.log(
        `  ${name.padEnd(22)} ${label.padEnd(13)} ${p50(xs.map((x) => x[0])).toFixed(2)}x (${p50(xs.map((x) => x[1])).toFixed(2)}x) [${xs.map((x) => x[0].toFixed(2)).join(' ')}]`,
      );
    }
  }
}

if (args[0] === '--child') await child(args[1]);
else main();
