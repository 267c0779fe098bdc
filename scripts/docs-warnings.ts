// `npm run docs:warnings`: writes the table of warning codes into README.md from the engine's one table
// (src/engine/warnings.ts), between its markers; src/engine/warnings.test.ts fails while they differ.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { warningTableMarkdown } from '../src/engine/warnings.js';

const readme = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../README.md');
const text = fs.readFileSync(readme, 'utf8');
const out = text.replace(/(<!-- warnings:start[^>]*-->\n)[\s\S]*?(<!-- warnings:end -->)/, `$1\n${warningTableMarkdown()}\n\n$2`);
if (out === text) console.log('README.md: the table of warnings is up to date');
else {
  fs.writeFileSync(readme, out);
  console.log('README.md: the table of warnings written');
}
