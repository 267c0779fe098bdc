// Engine cases as folders, in the style of beangulp's importer tests: each folder under
// test/engine-cases/ is named for the rule it holds and keeps an input beside the result the engine
// must give for it (expected.json), so a case is read, reviewed and added without writing code.
//
//   test/engine-cases/<rule>/input.<ext>     the statement, as a bank prints or exports it
//   test/engine-cases/<rule>/options.json    optional: convert options (bank, password, ...)
//   test/engine-cases/<rule>/expected.json   what the engine gives: verdict, balances, warnings, rows
//
// UPDATE_EXPECTED=1 npx vitest run test/engine-cases   writes every expected.json from the engine (a new
// case's first one too); review the diff before committing it. See docs/testing.md.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import type { ConvertOptions, EngineResult } from '../../src/engine/types.js';

const CASES = import.meta.dirname;
const UPDATE = process.env.UPDATE_EXPECTED === '1';

/** The part of a result a case holds: what a customer sees, and the lines each row came from. */
function expectedOf(r: EngineResult) {
  return {
    reconcile_status: r.reconcile_status,
    reconcile_diff: r.reconcile_diff,
    bank: r.bank,
    opening_balance: r.meta.openingBalance,
    closing_balance: r.meta.closingBalance,
    warnings: r.warnings.map((w) => ({ code: w.code, row: w.row, page: w.page, blocks: w.blocks, message: w.message })),
    transactions: r.transactions,
    lines: r.provenance.map((p) => p?.lines ?? null),
  };
}

const folders = fs
  .readdirSync(CASES, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name)
  .sort();

describe('engine cases (test/engine-cases/<rule>/)', () => {
  it('every case folder holds one input, and its name says the rule', () => {
    expect(folders.length).toBeGreaterThan(0);
    for (const name of folders) {
      expect(name, 'kebab-case, named for the rule').toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(
        fs.readdirSync(path.join(CASES, name)).filter((f) => f.startsWith('input.')),
        name,
      ).toHaveLength(1);
    }
  });

  for (const name of folders) {
    it(name, async () => {
      const dir = path.join(CASES, name);
      const input = fs.readdirSync(dir).find((f) => f.startsWith('input.'))!;
      const optionsFile = path.join(dir, 'options.json');
      const options: Partial<ConvertOptions> = {
        bank: 'auto',
        filename: input,
        ...(fs.existsSync(optionsFile) ? (JSON.parse(fs.readFileSync(optionsFile, 'utf8')) as Partial<ConvertOptions>) : {}),
      };
      const actual = expectedOf(await convert(new Uint8Array(fs.readFileSync(path.join(dir, input))), options));
      const expectedFile = path.join(dir, 'expected.json');
      // Through JSON, as the file holds it (undefined fields left out).
      const text = JSON.stringify(actual, null, 2) + '\n';
      if (UPDATE) fs.writeFileSync(expectedFile, text);
      expect(fs.existsSync(expectedFile), `${name}: no expected.json yet; write it with UPDATE_EXPECTED=1 and review it`).toBe(true);
      expect(JSON.parse(text)).toEqual(JSON.parse(fs.readFileSync(expectedFile, 'utf8')));
    });
  }
});
