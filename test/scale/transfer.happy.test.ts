// Uploads reach a conversion process whole, whichever way they travel: in the task's message (up to
// DIRECT_BYTES) or over the process's stdin (longer), one task after another on the same process.
import { createHash, randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PoolConverter } from '../../src/adapters/pool.converter.js';
import { DIRECT_BYTES } from '../../src/adapters/process-slot.js';

const DIGEST = fileURLToPath(new URL('./fixtures/digest.worker.mjs', import.meta.url));

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
});
