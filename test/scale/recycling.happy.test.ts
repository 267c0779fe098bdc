// A conversion process at its task limit is replaced without a request waiting for the new one to
// start (about 2 s of CPU for node and the engine): the old process keeps taking tasks until its
// successor has started, and then ends. A process that grew a lot in one task is replaced the same way.
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import os from 'node:os';
import { PoolConverter } from '../../src/adapters/pool.converter.js';
import { conversionNiceness } from '../../src/adapters/process-slot.js';

const PID = fileURLToPath(new URL('./fixtures/pid.worker.mjs', import.meta.url));

let pool: PoolConverter | null = null;
afterEach(async () => {
  await pool?.close();
  pool = null;
});

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('process recycling', () => {
  it('a conversion process runs below the server: ten steps nicer, the server unchanged', { timeout: 60_000 }, async () => {
    pool = new PoolConverter({ workers: 1, maxQueue: 4, timeoutMs: 30_000, memoryMb: 256, workerFile: PID });
    const { pid } = (await pool.convert(new Uint8Array([1]), { bank: 'auto', filename: 'x.csv' })) as unknown as { pid: number };
    expect(pid).not.toBe(process.pid);
    const own = os.getPriority();
    expect(os.getPriority(pid)).toBe(Math.min(19, own + 10));
    expect(conversionNiceness(0)).toBe(10);
    expect(conversionNiceness(15)).toBe(19);
  });

  it('the task after the limit runs on the old process; the successor takes over once started and the old one ends', { timeout: 60_000 }, async () => {
    pool = new PoolConverter({ workers: 1, maxQueue: 4, timeoutMs: 30_000, memoryMb: 256, maxTasksPerProcess: 3, workerFile: PID });
    const p = pool;
    const pidOf = async () => ((await p.convert(new Uint8Array([1]), { bank: 'auto', filename: 'x.csv' })) as unknown as { pid: number }).pid;
    const first = [await pidOf(), await pidOf(), await pidOf()];
    expect(new Set(first).size).toBe(1);
    const old = first[0];
    // Its successor is only now being spawned: the next task must not wait for it.
    expect(await pidOf()).toBe(old);
    let next = old;
    for (let i = 0; i < 300 && next === old; i++) {
      await new Promise((r) => setTimeout(r, 50));
      next = await pidOf();
    }
    expect(next).not.toBe(old);
    for (let i = 0; i < 100 && alive(old); i++) await new Promise((r) => setTimeout(r, 50));
    expect(alive(old)).toBe(false);
    // The successor is replaced the same way after its own three tasks.
    const later = [await pidOf(), await pidOf(), await pidOf(), await pidOf()];
    expect(later.every((x) => x !== old)).toBe(true);
  });

  it('a process that grew by more than 128 MB in one task is replaced, its memory given back', { timeout: 60_000 }, async () => {
    pool = new PoolConverter({ workers: 1, maxQueue: 4, timeoutMs: 30_000, memoryMb: 512, workerFile: PID });
    const p = pool;
    const pidOf = async (first: number) => ((await p.convert(new Uint8Array([first]), { bank: 'auto', filename: 'x.csv' })) as unknown as { pid: number }).pid;
    const small = await pidOf(1);
    expect(await pidOf(1)).toBe(small);
    const grown = await pidOf(2);
    expect(grown).toBe(small);
    let next = grown;
    for (let i = 0; i < 300 && next === grown; i++) {
      await new Promise((r) => setTimeout(r, 50));
      next = await pidOf(1);
    }
    expect(next).not.toBe(grown);
    for (let i = 0; i < 100 && alive(grown); i++) await new Promise((r) => setTimeout(r, 50));
    expect(alive(grown)).toBe(false);
  });
});
