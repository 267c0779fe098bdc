// API file answers are written in a conversion process: the same bytes as the writer gives in process.
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import { PoolConverter } from '../../src/adapters/pool.converter.js';
import { runWrite } from '../../src/adapters/side-tasks.js';
import { convert } from '../../src/engine/convert.js';
import type { FileFormat } from '../../src/formats/index.js';
import { SAMPLE_CSV } from '../helpers/multipart.js';

const pool = new PoolConverter({ workers: 1, maxQueue: 4, timeoutMs: 60_000, memoryMb: 512 });
afterAll(() => pool.close());

describe('file answers written in a conversion process', () => {
  it('csv, xlsx, xero, ofx, qif: the in-process writer’s bytes (an XLSX’s entries)', { timeout: 120_000 }, async () => {
    const lines = ['Date,Description,Paid out,Paid in,Balance'];
    for (let i = 0; i < 12_000; i++) lines.push(`${String((i % 28) + 1).padStart(2, '0')}/03/2024,SHOP ${i},1.00,,${(1_000_000 - i - 1).toFixed(2)}`);
    for (const text of [SAMPLE_CSV, lines.join('\n')]) {
      const result = await convert(new TextEncoder().encode(text), { filename: 's.csv' });
      for (const format of ['csv', 'xlsx', 'xero', 'ofx', 'qif'] as FileFormat[]) {
        const task = { result, format, options: {}, stem: 'statement', nowMs: Date.UTC(2026, 10, 24, 12) };
        const there = await pool.write(task, { accountId: 'acct_test' });
        const here = await runWrite(task);
        // exceljs stamps the workbook's zip entries with the wall clock: an XLSX is compared entry by entry.
        if (format === 'xlsx') expect(unzipSync(there)).toEqual(unzipSync(here));
        else expect(Buffer.from(there).equals(Buffer.from(here))).toBe(true);
      }
    }
  });
});
