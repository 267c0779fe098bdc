// The public structured samples, used in place from ../shared (never copied into the repository).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { convert } from '../../src/engine/convert.js';
import type { EngineResult } from '../../src/engine/types.js';

// The corpus sits beside the repository (../shared) in a normal checkout; a worktree or a clone elsewhere
// finds it at LEDGERLINE_CORPUS or the workplace's /work/shared. Where none exists the corpus tests skip.
const CANDIDATES = [
  process.env.LEDGERLINE_CORPUS,
  join(import.meta.dirname, '../../../shared/corpus'),
  join(import.meta.dirname, '../../../../shared/corpus'),
  '/work/shared/corpus',
].filter((p): p is string => !!p);
export const SHARED = CANDIDATES.find((p) => existsSync(p)) ?? CANDIDATES[0];
/** False on a machine without the shared corpus: the tests that read it skip (it is never copied in). */
export const HAS_CORPUS = existsSync(join(SHARED, 'structured'));
export const MT940_DIR = join(SHARED, 'structured/mt940/mt940_tests');
export const OFX_DIRS = [join(SHARED, 'structured/beancount_reds_importers'), join(SHARED, 'structured/ofxstatement-french')];
export const CAMT_DIR = join(SHARED, 'unlabelled/bankstatementparser/tests/test_data/golden');

export function filesUnder(dir: string, test: (f: string) => boolean): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((e) => (e.isDirectory() ? filesUnder(join(dir, e.name), test) : test(e.name) ? [join(dir, e.name)] : []))
    .sort();
}

export const nameOf = (f: string) => relative(SHARED, f);

export const convertFile = (f: string, opts = {}): Promise<EngineResult> => convert(new Uint8Array(readFileSync(f)), opts);

export const iso = (dmy: string) => dmy.split('/').reverse().join('-');
