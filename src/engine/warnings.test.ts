// The one table of warnings: every code the code base can give is declared in it, with words for people.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ERROR_TABLE } from '../errors.js';
import { WARNING_CODES, WARNINGS, warningTableMarkdown } from './warnings.js';

const src = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const walk = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? walk(path.join(dir, e.name)) : [path.join(dir, e.name)]));

describe('the table of warnings', () => {
  it('declares every code that plain JavaScript gives (TypeScript is held to it by the Warning type)', () => {
    const used = new Map<string, string>();
    for (const f of walk(src).filter((f) => /\.(m?js)$/.test(f))) {
      for (const m of fs.readFileSync(f, 'utf8').matchAll(/\bcode:\s*'([a-z_]+)'/g)) used.set(m[1], path.relative(src, f));
    }
    const unknown = [...used].filter(([code]) => !Object.hasOwn(WARNINGS, code) && !Object.hasOwn(ERROR_TABLE, code));
    expect(unknown).toEqual([]);
  });
  it('gives every code words for people and says what it does to the verdict', () => {
    for (const code of WARNING_CODES) {
      const w = WARNINGS[code];
      expect(['note', 'check', 'error'], code).toContain(w.severity);
      expect([true, false, 'instance'], code).toContain(w.blocks);
      expect(w.title, code).toMatch(/^[A-Z][a-z]* /);
      expect(w.title, code).not.toMatch(/_/);
      expect(w.means, code).toMatch(/\.$/);
    }
  });
  it('never lets a figure that disagrees, or a guess, pass: errors block, notes never do', () => {
    for (const code of WARNING_CODES) {
      const w = WARNINGS[code];
      if (w.severity === 'error') expect(w.blocks, code).toBe(true);
    }
    for (const code of [
      'direction_ambiguous',
      'date_invalid',
      'decimal_ambiguous',
      'grouping_uncertain',
      'rows_undecided',
      'page_unread',
      'text_unplaced',
    ] as const)
      expect(WARNINGS[code].blocks, code).toBe(true);
  });
});

describe("the README's table of warnings", () => {
  it('is the one table, as `npm run docs:warnings` writes it', () => {
    const readme = fs.readFileSync(path.resolve(src, '../README.md'), 'utf8');
    const block = /<!-- warnings:start[^>]*-->\n([\s\S]*?)<!-- warnings:end -->/.exec(readme)?.[1].trim();
    expect(block).toBe(warningTableMarkdown());
  });
});
