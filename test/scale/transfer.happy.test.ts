// Uploads reach a conversion process whole, whichever way they travel: in the task's message (up to
// DIRECT_BYTES) or over the process's stdin (longer), one task after another on the same process.
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PoolConverter } from '../../src/adapters/pool.converter.js';
import { DIRECT_BYTES } from '../../src/adapters/process-slot.js';
import { SLICE_ROWS } from '../../src/adapters/table-codec.mjs';

const DIGEST = fileURLToPath(new URL('./fixtures/digest.worker.mjs', import.meta.url));
const ROWS = fileURLToPath(new URL('./fixtures/rows.worker.mjs', import.meta.url));

let pool: PoolConverter | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

const sha256 = (b: Uint8Array) => createHash('sha256').update(b).digest('hex');

describe('bytes to a conversion process', () => {
  it('every size arrives byte for byte, with its options, on one process', { timeout: 60_000 }, async () => {
    pool = new PoolConverter({ workers: 1, maxQueue: 4, timeoutMs: 30_000, memoryMb: 256, workerFile: DIGEST });
    const sizes = [0, 1, DIRECT_BYTES, DIRECT_BYTES + 1, 3 * DIRECT_BYTES + 7, 5_000_000, 20, 12 * 1024 * 1024];
    for (const size of sizes) {
      // A view into a larger buffer: only the view's bytes may travel.
      const backing = randomBytes(size + 64);
      const bytes = new Uint8Array(backing.buffer, backing.byteOffset + 32, size);
      const got = (await pool.convert(bytes, { bank: 'auto', filename: `f${size}.pdf` })) as unknown as { length: number; sha256: string; opts: object };
      expect(got).toEqual({ length: size, sha256: sha256(bytes), opts: { bank: 'auto', filename: `f${size}.pdf` } });
    }
  });

  it('a long result comes back whole, in slices, with a table reached twice one array again', { timeout: 60_000 }, async () => {
    pool = new PoolConverter({ workers: 1, maxQueue: 4, timeoutMs: 30_000, memoryMb: 256, workerFile: ROWS });
    for (const n of [SLICE_ROWS * 2 + 5, 10, SLICE_ROWS]) {
      const got = (await pool.convert(new Uint8Array([1]), { bank: 'auto', rows: n } as never)) as unknown as Record<
        string,
        { Description: string; n: number }[]
      >;
      expect(got.transactions).toHaveLength(n);
      expect(got.transactions[n - 1]).toEqual({ Date: `${((n - 1) % 28) + 1}/03/2024`, Description: `ROW ${n - 1}`, Amount: `-${n - 1}.00`, n: n - 1 });
      expect(got.again).toBe(got.transactions);
      expect(got.short).toHaveLength(Math.min(40, n));
    }
  });
});
