// Golden files: the fixture statement in every format, compared byte for byte with test/golden/.
// Regenerate with UPDATE_GOLDEN=1 after a deliberate change, and review the diff line by line against
// shared/docs/accounting-formats.md. An xlsx is a zip whose entry times exceljs cannot fix, so its
// golden file is the text of every part inside it (those carry the document dates, which are fixed).
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { unzipSync, strFromU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { writerFor } from '../../src/formats/index.js';
import { type WriterOptions } from '../../src/formats/types.js';
import { FILE_FORMATS, type FileFormat } from '../../src/formats/index.js';
import { ctxOf, fixture } from './fixture.js';
import { bytesOf } from './helpers.js';

const goldenDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'golden');

const xlsxParts = (bytes: Uint8Array) => {
  const parts = unzipSync(bytes);
  return Object.keys(parts)
    .sort()
    .map((name) => `=== ${name}\n${strFromU8(parts[name])}\n`)
    .join('');
};

const cases: { format: FileFormat; options?: WriterOptions; name?: string }[] = [
  ...FILE_FORMATS.map((format) => ({ format })),
  { format: 'xero', options: { date_format: 'mdy' }, name: 'statement-xero-mdy.csv' },
  { format: 'quickbooks', options: { date_format: 'mdy' }, name: 'statement-quickbooks-mdy.csv' },
  { format: 'qif', options: { date_format: 'mdy' }, name: 'statement-mdy.qif' },
  { format: 'qbo', options: { qbo_bid: '12345', ofx_org: 'My Bank & Co', ofx_fid: '321' }, name: 'statement-bid.qbo' },
  { format: 'sage', options: { sage_bank_nominal: '1210', sage_nominal: '7500', sage_tax_code: 'T0' }, name: 'statement-sage-nominals.csv' },
];

describe('golden files', () => {
  for (const c of cases) {
    const name = c.name ?? writerFor(c.format).fileName('statement', fixture());
    it(`${c.format} ${JSON.stringify(c.options ?? {})} matches test/golden/${name}`, async () => {
      const bytes = await bytesOf(c.format, ctxOf(fixture(), c.options));
      const actual = c.format === 'xlsx' ? Buffer.from(xlsxParts(bytes)) : bytes;
      const file = join(goldenDir, c.format === 'xlsx' ? `${name}.parts.txt` : name);
      if (process.env.UPDATE_GOLDEN) writeFileSync(file, actual);
      expect(actual.equals(readFileSync(file)), `${file} differs; UPDATE_GOLDEN=1 regenerates it`).toBe(true);
    });
  }

  it('is the same bytes on a second run (no clocks, no randomness)', async () => {
    for (const format of FILE_FORMATS.filter((f) => f !== 'xlsx')) {
      const a = await bytesOf(format, ctxOf(fixture()));
      const b = await bytesOf(format, ctxOf(fixture()));
      expect(a.equals(b), format).toBe(true);
    }
  });
});
