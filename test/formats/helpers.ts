// Shared by the writer tests: collect a writer's bytes, and run the Python readers of test/formats/.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { needsGuard } from '../../src/formats/formula-guard.js';
import { writerFor } from '../../src/formats/index.js';
import type { WriteContext } from '../../src/formats/types.js';
import type { FileFormat } from '../../src/formats/index.js';

const here = dirname(fileURLToPath(import.meta.url));

export async function bytesOf(format: FileFormat, ctx: WriteContext): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const chunk of writerFor(format).write(ctx)) parts.push(chunk);
  return Buffer.concat(parts);
}

export const textOf = async (format: FileFormat, ctx: WriteContext) => (await bytesOf(format, ctx)).toString('utf8');

/** Debian's python3 (where python3-openpyxl / python3-ofxparse install), else whatever python3 is on PATH. */
const PYTHON = existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';

/**
 * Whether the Debian Python modules (.ci/apt-packages.txt) are importable. On CI a missing module fails
 * the run instead of skipping, so a broken install cannot pass as green.
 */
export function pythonHas(...modules: string[]): boolean {
  const r = spawnSync(PYTHON, ['-c', modules.map((m) => `import ${m}`).join('; ')], { encoding: 'utf8' });
  if (r.status === 0) return true;
  if (process.env.CI) throw new Error(`python modules ${modules.join(', ')} missing on CI: ${r.stderr || r.error}`);
  return false;
}

/** Writes `bytes` to a temporary file and returns the JSON a reader script prints for it. */
export function readWithPython(script: string, bytes: Uint8Array, suffix: string): any {
  const dir = mkdtempSync(join(tmpdir(), 'll-formats-'));
  const file = join(dir, `out${suffix}`);
  writeFileSync(file, bytes);
  return JSON.parse(execFileSync(PYTHON, [join(here, script), file], { encoding: 'utf8', maxBuffer: 64 << 20 }));
}

/** Removes the formula guard's `'`, checking it was only added where a formula could start. */
export const unguard = (cell: string): string => {
  if (needsGuard(cell)) throw new Error(`unguarded formula trigger: ${JSON.stringify(cell)}`);
  return cell.startsWith("'") && needsGuard(cell.slice(1)) ? cell.slice(1) : cell;
};
