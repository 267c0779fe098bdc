// Issue 15, finding 2 (second half): a conversion's WHOLE memory is bounded, not only its V8 heap.
// Inflated bytes live in ArrayBuffers and a PDF library may keep its data in WebAssembly memory, both
// outside a heap limit. Each conversion runs in a child process under RLIMIT_DATA (not RLIMIT_AS, which
// breaks V8 and WebAssembly: they reserve far more address space than they use). Proven here with a
// task module that skips our own guards, so the extracting library itself inflates the bomb.
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PoolConverter, PROCESS_BASE_MB } from '../../src/adapters/pool.converter.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';
import { duringAttack, expectProblem } from './hostile-app.js';
import { imageFlaggedBombPdf } from './pdf-craft.js';

const UNGUARDED = fileURLToPath(new URL('./fixtures/unguarded.worker.mjs', import.meta.url));
const MEMORY_MB = 256;
const LIMIT_MB = MEMORY_MB + PROCESS_BASE_MB;

const rssMb = (pid: number | 'self'): number => {
  try {
    return (Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096) / 1048576;
  } catch {
    return 0;
  }
};
const childPids = (): number[] => {
  const out: number[] = [];
  for (const task of fs.readdirSync('/proc/self/task')) {
    try {
      out.push(...fs.readFileSync(`/proc/self/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number));
    } catch {
      /* the thread ended */
    }
  }
  return out;
};
/** Resident memory of this process and of every process it started (the conversion processes), MB. */
const treeMb = () => rssMb('self') + childPids().reduce((sum, pid) => sum + rssMb(pid), 0);

/** Samples treeMb every 25 ms while `work` runs; returns its value and the peak. */
async function peakWhile<T>(work: () => Promise<T>): Promise<{ value: T; peakMb: number }> {
  let peakMb = treeMb();
  const timer = setInterval(() => (peakMb = Math.max(peakMb, treeMb())), 25);
  try {
    return { value: await work(), peakMb };
  } finally {
    clearInterval(timer);
  }
}

describe.skipIf(!fs.existsSync('/proc/self/task'))('a conversion process is bounded as a whole', () => {
  let t: TestApp;
  let pool: PoolConverter;
  let key: string;
  const events: string[] = [];

  beforeAll(async () => {
    pool = new PoolConverter({ workers: 2, maxQueue: 4, timeoutMs: 120_000, memoryMb: MEMORY_MB, workerFile: UNGUARDED });
    t = await createTestApp({ overrides: { converter: pool } });
    // After the app, which hands the pool its (silent) logger.
    pool.setLogger({ warn: (o) => events.push(String(o.event)), error: (o) => events.push(String(o.event)) });
    ({ key } = await accountWithKey(t, 'business'));
  });
  afterAll(() => t?.close());

  const side = (name: string, payload: unknown) =>
    (pool as unknown as { side(n: string, p: unknown, j: object, w: string): Promise<unknown> }).side(name, payload, {}, 'file').then(
      (v) => ({ ok: true as const, v }),
      (e: { code?: string; detail?: string }) => ({ ok: false as const, code: e.code, detail: e.detail }),
    );

  it('WebAssembly memory works under the limit (RLIMIT_AS would break it) and is refused past it', async () => {
    expect(await side('wasm', { mb: 100 })).toMatchObject({ ok: true });
    const { value, peakMb } = await peakWhile(() => side('wasm', { mb: 4096 }));
    expect(value).toMatchObject({ ok: false, code: 'security_check_failed' });
    expect(peakMb).toBeLessThan(rssMb('self') + 2 * LIMIT_MB);
    expect(events).toContain('conversion_out_of_memory');
  });

  // mimalloc (inside the renderer) maps a 1 GiB arena read-write up front unless told not to: that
  // counted against the limit and made ordinary PDFs fail for want of memory under load.
  it('loading the OCR page renderer takes little of a conversion process memory limit', async () => {
    // At the default limit (1 GiB heap + base), where a 1 GiB arena fits and used to be taken whole.
    const big = new PoolConverter({ workers: 1, maxQueue: 1, timeoutMs: 60_000, memoryMb: 1024, workerFile: UNGUARDED });
    try {
      const r = await (big as unknown as { side(n: string, p: unknown, j: object, w: string): Promise<{ before: number; after: number }> }).side(
        'renderer',
        {},
        {},
        'file',
      );
      expect(r.after - r.before).toBeLessThan(150);
    } finally {
      await big.close();
    }
  });

  it('ArrayBuffers outside the V8 heap are refused past the limit', async () => {
    const { value, peakMb } = await peakWhile(() => side('buffers', { mb: 4096 }));
    expect(value).toMatchObject({ ok: false, code: 'security_check_failed' });
    expect(peakMb).toBeLessThan(rssMb('self') + 2 * LIMIT_MB);
  });

  it(
    "two of the issue's bombs at once, inflated by the PDF library itself: each fails its own request, memory stays bounded, /healthz answers",
    { timeout: 240_000 },
    async () => {
      const bomb = imageFlaggedBombPdf({ inflatedMb: 2048 });
      const post = (name: string) => {
        const up = fileUpload(bomb, name);
        return t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
      };
      const before = rssMb('self');
      events.length = 0;
      const { value, peakMb } = await peakWhile(() => duringAttack(t.app, () => Promise.all([post('a.pdf'), post('b.pdf')])));
      const { value: answers, answeredDuring } = value;
      expect(answeredDuring).toBeGreaterThan(0);
      for (const res of answers) {
        const p = expectProblem(res, 400, 'security_check_failed');
        expect(p.detail).toMatch(/more memory than one conversion may use/);
      }
      // Two processes of at most LIMIT_MB each, and this one (which never holds the inflated bytes).
      expect(peakMb).toBeLessThan(before + 2 * LIMIT_MB + 200);
      expect(rssMb('self')).toBeLessThan(before + 200);
      expect(events.filter((e) => e === 'conversion_out_of_memory')).toHaveLength(2);
    },
  );
});
