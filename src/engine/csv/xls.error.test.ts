// Damaged and foreign OLE2 files: every one is refused with a contract code (or read, when the damage
// misses the cells), never an unexpected exception.
import * as XLSX from '@e965/xlsx';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { convert } from '../convert.js';

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

function workbook(): Uint8Array {
  const wb = XLSX.utils.book_new();
  const rows = [
    ['Date', 'Details', 'Amount', 'Balance'],
    ...Array.from({ length: 40 }, (_, i) => [`${String((i % 28) + 1).padStart(2, '0')}/03/2024`, `SHOP ${i}`, -(i + 1), 1000 - ((i + 1) * (i + 2)) / 2]),
  ];
  XLSX.utils.book_append_sheet(wb, XLSX.utils.aoa_to_sheet(rows), 'S');
  return new Uint8Array(XLSX.write(wb, { bookType: 'biff8', type: 'buffer' }) as Buffer);
}

async function outcome(bytes: Uint8Array): Promise<string> {
  try {
    const r = await convert(bytes, { filename: 'x.xls' });
    return `ok:${r.reconcile_status}`;
  } catch (e) {
    if (e instanceof AppError) return e.code;
    throw e;
  }
}

describe('damaged or foreign OLE2 files', () => {
  it('an OLE2 signature followed by garbage is unsupported_file_type', async () => {
    const bytes = Uint8Array.from([...OLE2, ...Array.from({ length: 2000 }, (_, i) => (i * 37) & 0xff)]);
    await expect(convert(bytes, { filename: 'x.xls' })).rejects.toMatchObject({ code: 'unsupported_file_type' });
  });

  it('a workbook cut short anywhere is refused with a contract code or still read', async () => {
    const full = workbook();
    for (const at of [8, 512, 1024, 2048, Math.floor(full.length / 2), full.length - 100]) {
      expect(['unsupported_file_type', 'no_transactions_found', 'ok:PASS', 'ok:RECONCILE_WARN', 'ok:NO_BAL']).toContain(await outcome(full.subarray(0, at)));
    }
  });

  it('random byte damage never escapes as an unexpected error', async () => {
    const full = workbook();
    let seed = 13;
    const rnd = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let k = 0; k < 60; k++) {
      const b = Uint8Array.from(full);
      for (let f = 0; f < 1 + Math.floor(rnd() * 6); f++) b[8 + Math.floor(rnd() * (b.length - 8))] = Math.floor(rnd() * 256);
      expect(typeof (await outcome(b))).toBe('string');
    }
  });
});
