// `npm run examples`: writes examples/ — sample statements made by the project's own fixture
// generators (test/fixtures/), so the README's "Try it" commands work on a fresh checkout:
//   statement.pdf        a two-page PDF statement whose balances all agree (PASS)
//   statement-break.pdf  the same layout with one amount misprinted by 1.00 (RECONCILE_WARN, row named)
//   statement.csv        a CSV export (Date,Description,Money Out,Money In,Balance; PASS)
// The files are checked in; test/examples.happy.test.ts converts each one and checks its verdict.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateFixtures } from '../test/fixtures/csv/generate.js';
import { generateStatementPdf } from '../test/fixtures/pdf/generate.js';

const dir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../examples');
fs.mkdirSync(dir, { recursive: true });
const write = (name: string, bytes: Uint8Array) => {
  fs.writeFileSync(path.join(dir, name), bytes);
  console.log(`examples/${name} (${bytes.length} bytes)`);
};
write('statement.pdf', (await generateStatementPdf({ layout: 'split', rows: 40 })).bytes);
write('statement-break.pdf', (await generateStatementPdf({ layout: 'split', rows: 40, plantBreak: 7 })).bytes);
const csv = generateFixtures().find((f) => f.name === 'generic-newest-first.csv');
if (!csv) throw new Error('the CSV generator has no generic-newest-first.csv any more');
write('statement.csv', csv.bytes);
