// ledgerline convert with many files: parallel, one line per file with its verdict, files in --out.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN } from '../hostile/server-process.js';
import { NO_ROWS_CSV, statementCsv } from './helpers.js';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-cli-many-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('ledgerline convert FILE... --out DIR/', () => {
  it("converts every file, prints its verdict, names clashes apart, and exits with the first failure's code", () => {
    const inputs = ['jan.csv', 'feb.csv', 'sub/jan.csv', 'empty.csv'].map((n, i) => {
      const p = path.join(dir, 'in', n);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, n === 'empty.csv' ? NO_ROWS_CSV : statementCsv(i));
      return p;
    });
    const out = path.join(dir, 'out') + '/';
    const r = spawnSync(process.execPath, [BIN, 'convert', ...inputs, '--format', 'xero', '--out', out, '--jobs', '2'], { encoding: 'utf8', timeout: 120_000 });
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines.filter((l) => l.startsWith('PASS'))).toHaveLength(3);
    expect(lines.find((l) => l.includes('empty.csv'))).toMatch(/^FAILED\s+\S+empty\.csv: no_transactions_found/);
    expect(lines[4]).toBe(`3 of 4 converted into ${out}`);
    expect(r.status).toBe(3);
    expect(fs.readdirSync(out).sort()).toEqual(['feb-xero.csv', 'jan-xero-2.csv', 'jan-xero.csv']);
    expect(fs.readFileSync(path.join(out, 'feb-xero.csv'), 'utf8')).toContain('CARD PAYMENT SHOP 1-0');
  }, 180_000);
});
