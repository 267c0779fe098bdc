// A conversion process that ends while an upload is still being written to it (here: its time limit)
// fails that task with a contract error; nothing hangs on the half-written bytes.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { PoolConverter } from '../../src/adapters/pool.converter.js';

const DIGEST = fileURLToPath(new URL('./fixtures/digest.worker.mjs', import.meta.url));

let pool: PoolConverter | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('bytes to a conversion process that ends', () => {
  it('a process ended mid-write fails the task as security_check_failed', { timeout: 60_000 }, async () => {
    // A 1 ms limit ends the process long before 30 MB have crossed.
    pool = new PoolConverter({ workers: 1, maxQueue: 4, timeoutMs: 1, memoryMb: 256, workerFile: DIGEST });
    const big = new Uint8Array(30 * 1024 * 1024).fill(7);
    await expect(pool.convert(big, { bank: 'auto', filename: 'big.pdf' })).rejects.toMatchObject({ code: 'security_check_failed' });
    await expect(pool.convert(big, { bank: 'auto', filename: 'again.pdf' })).rejects.toMatchObject({ code: 'security_check_failed' });
  });
});
