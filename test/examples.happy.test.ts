// examples/ (npm run examples, from the fixture generators): each sample converts with the verdict the
// README promises, and `ledgerline convert ... --out` prints that verdict and each warning on stderr.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { convert } from '../src/engine/convert.js';

const root = path.resolve(import.meta.dirname, '..');
const example = (name: string) => new Uint8Array(fs.readFileSync(path.join(root, 'examples', name)));

describe('examples/', () => {
  it('holds a PASS PDF, a PDF with one break, and a CSV export that reads as generic', async () => {
    const pass = await convert(example('statement.pdf'), { bank: 'auto', filename: 'statement.pdf' });
    expect(pass.reconcile_status).toBe('PASS');
    expect(pass.transactions).toHaveLength(40);
    const broken = await convert(example('statement-break.pdf'), { bank: 'auto', filename: 'statement-break.pdf' });
    expect(broken.reconcile_status).toBe('RECONCILE_WARN');
    expect(broken.warnings.find((w) => w.code === 'balance_mismatch')?.row).toBe(8);
    const csv = await convert(example('statement.csv'), { bank: 'auto', filename: 'statement.csv' });
    expect(csv.reconcile_status).toBe('PASS');
    expect(csv.bank).toBe('generic');
  });

  it('ledgerline convert --out writes the file and prints the verdict and each warning on stderr', async () => {
    const out = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'll-examples-')), 'broken.csv');
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      [path.join(root, 'bin/ledgerline.mjs'), 'convert', 'examples/statement-break.pdf', '--format', 'csv', '--out', out],
      { cwd: root },
    );
    expect(stdout).toBe('');
    const lines = stderr.trim().split('\n');
    expect(lines[0]).toMatch(/^RECONCILE_WARN {2}statement-break\.pdf -> .*broken\.csv {2}\(40 transactions, bank generic, off by 1\.00 GBP\)$/);
    expect(lines[1]).toMatch(/^ {2}warning balance_mismatch \(row 8, page 1\): /);
    expect(fs.readFileSync(out, 'utf8').split('\r\n')[0]).toBe('Date,Description,Type,Debit,Credit,Amount,Balance,Reference,Currency');
  }, 60_000);
});
