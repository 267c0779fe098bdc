// Runs every bench/*.bench.ts in turn (`npm run bench`); each exports `run(): Promise<void>`.
// `npm run bench -- pdf csv` runs only the benches whose file names contain one of the words.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const dir = dirname(fileURLToPath(import.meta.url));
for (const file of readdirSync(dir)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => process.argv.length <= 2 || process.argv.slice(2).some((word) => f.includes(word)))
  .sort()) {
  const mod = (await import(pathToFileURL(join(dir, file)).href)) as { run?: () => Promise<void> };
  if (typeof mod.run === 'function') await mod.run();
}
