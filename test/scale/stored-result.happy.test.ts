// A job file's result stored and archived where it is read (src/adapters/held-answer.ts `storeOnly`,
// `archiveEntry`) through the real pool: the stored text is the in-process one, no answer bytes come
// with it, and an archive entry written from the sealed result is the archive's JSON of that result; a
// kept result's text is answered there with the in-process bytes.
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { answering, type AnswerOrders, type AnswerPlan } from '../../src/adapters/held-answer.js';
import { PoolConverter } from '../../src/adapters/pool.converter.js';
import { InProcessConverter } from '../../src/adapters/in-process.converter.js';
import { convert } from '../../src/engine/convert.js';
import { archiveJsonPieces } from '../../src/http/pretty-json.js';
import { resultFromText } from '../../src/services/jobs/result-text.js';
import { newJobKeys, sealToJob } from '../../src/services/jobs/sealing.js';
import type { EngineResult } from '../../src/engine/types.js';

const pool = new PoolConverter({ workers: 1, maxQueue: 4, timeoutMs: 60_000, memoryMb: 512 });
const inProcess = answering({ convert: (bytes, opts) => convert(bytes, opts) });
const inProcessTasks = new InProcessConverter();
afterAll(() => pool.close());

const NOW = Date.UTC(2026, 10, 29, 12);
const csv = (() => {
  const lines = ['Date,Description,Paid out,Paid in,Balance'];
  for (let i = 0; i < 5_000; i++) lines.push(`${String((i % 28) + 1).padStart(2, '0')}/03/2024,SHOP ${i},1.00,,${(1_000_000 - i - 1).toFixed(2)}`);
  return new TextEncoder().encode(lines.join('\n'));
})();
const plan: AnswerPlan = { format: 'json', writerOptions: {}, json: {}, stem: 'statement', storeOnly: true };
const orders = (): AnswerOrders => ({ warnings: [], keep: true, nowMs: NOW });

const collected = async (body: AsyncIterable<Uint8Array>) => {
  const out: Uint8Array[] = [];
  for await (const p of body) out.push(p);
  return Buffer.concat(out);
};

describe('job results stored where they are read', () => {
  it('storeOnly: no answer bytes, the stored text of the in-process result, the summary without rows', { timeout: 120_000 }, async () => {
    let summary: EngineResult | undefined;
    const there = await pool.convertAnswered(csv.slice(), { bank: 'auto', filename: 's.csv' }, plan, async (s) => ((summary = s), orders()), {
      accountId: 'acct_test',
    });
    expect((await collected(there.body)).length).toBe(0);
    const stored = await there.kept;
    const here = await inProcess.convertAnswered(csv.slice(), { bank: 'auto', filename: 's.csv' }, plan, async () => orders());
    expect(gunzipSync(stored!).equals(gunzipSync((await here.kept)!))).toBe(true);
    expect(summary!.transaction_count).toBe(5_000);
    expect(summary!.transactions.length).toBe(1);

    // The same text sealed to a job's key, as the runner stores it, is an archive entry's source.
    const keys = newJobKeys('job_1');
    const sealed = sealToJob(keys.publicKey, stored!, 'job_1/0');
    const entry = await pool.answerStored(
      {
        bytes: sealed,
        resultKey: keys.resultKey,
        jobId: 'job_1',
        context: 'job_1/0',
        plan: { format: 'json', writerOptions: {}, json: {}, stem: 'statement', archiveEntry: true },
        nowMs: NOW,
      },
      { accountId: 'acct_test' },
    );
    const text = (await collected(entry.body)).toString('utf8');
    const result = await resultFromText<EngineResult>(gunzipSync(stored!));
    expect(text).toBe([...archiveJsonPieces(result)].join(''));
    expect(JSON.parse(text).transactions).toHaveLength(5_000);

    // A kept result's text (as the server unseals it) answered there: the page's view and a file, the in-process bytes.
    for (const task of [
      { page: { envelope: { id: 'conv_1', filename: 's.csv' }, meta: { expires_at: '2026-12-29T12:00:00.000Z', corrected_at: null } } },
      { plan: { format: 'xero' as const, writerOptions: {}, json: {}, stem: 'statement' } },
    ]) {
      const t = { original: stored!, corrected: null, nowMs: NOW, ...task };
      const poolBytes = await collected((await pool.answerKept(t, { accountId: 'acct_test' })).body);
      const hereBytes = await collected((await inProcessTasks.answerKept(t)).body);
      expect(poolBytes.equals(hereBytes)).toBe(true);
      expect(poolBytes.length).toBeGreaterThan(10_000);
    }
  });
});
