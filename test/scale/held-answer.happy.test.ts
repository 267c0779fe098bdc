// The API's answer written in the conversion process that read the file (src/adapters/held-answer.ts):
// the same bytes as the same two steps in process, a long answer in pieces, the server's orders
// (account keys, continuity warnings) applied there, and a conversation the server abandons leaves the
// process free for the next file.
import { unzipSync } from 'fflate';
import { afterAll, describe, expect, it } from 'vitest';
import type { AnswerOrders, AnswerPlan } from '../../src/adapters/held-answer.js';
import { answering, PIECE_BYTES } from '../../src/adapters/held-answer.js';
import { PoolConverter } from '../../src/adapters/pool.converter.js';
import { resultToText } from '../../src/services/jobs/result-text.js';
import { newJobKeys, sealToJob } from '../../src/services/jobs/sealing.js';
import { gzipSync } from 'node:zlib';
import { convert } from '../../src/engine/convert.js';
import type { EngineResult } from '../../src/engine/types.js';
import type { OutputFormat } from '../../src/formats/index.js';
import { SAMPLE_CSV } from '../helpers/multipart.js';

const pool = new PoolConverter({ workers: 1, maxQueue: 4, timeoutMs: 60_000, memoryMb: 512 });
const inProcess = answering({ convert: (bytes, opts) => convert(bytes, opts) });
afterAll(() => pool.close());

const NOW = Date.UTC(2026, 10, 29, 12);
const longCsv = (() => {
  const lines = ['Date,Description,Paid out,Paid in,Balance'];
  for (let i = 0; i < 12_000; i++) lines.push(`${String((i % 28) + 1).padStart(2, '0')}/03/2024,SHOP ${i},1.00,,${(1_000_000 - i - 1).toFixed(2)}`);
  return lines.join('\n');
})();

const orders = (summary: EngineResult): AnswerOrders => ({
  accountKeys: ['k'.repeat(64)],
  warnings: [{ code: 'continuity_gap', message: `gap before row 1 of ${summary.transactions.length}` }],
  keep: true,
  nowMs: NOW,
});

const piecesOf = async (body: AsyncIterable<Uint8Array>): Promise<Uint8Array[]> => {
  const out: Uint8Array[] = [];
  for await (const p of body) out.push(p);
  return out;
};

describe('answers written where the file is read', () => {
  it('JSON and files: the in-process bytes, a long answer in pieces, the orders applied', { timeout: 240_000 }, async () => {
    for (const text of [SAMPLE_CSV, longCsv]) {
      const bytes = new TextEncoder().encode(text);
      // (Every format on the short export; the long one, which crosses in several pieces, as JSON and Xero.)
      for (const format of (text === longCsv ? ['json', 'xero'] : ['json', 'csv', 'xlsx', 'xero', 'ofx']) as OutputFormat[]) {
        const plan: AnswerPlan = { format, writerOptions: {}, json: { ids: true, payees: true, proof: true }, stem: 'statement' };
        let summary: EngineResult | undefined;
        const there = await pool.convertAnswered(
          bytes.slice(),
          { bank: 'auto', filename: 's.csv' },
          plan,
          async (s) => {
            summary = s;
            return orders(s);
          },
          { accountId: 'acct_test' },
        );
        const here = await inProcess.convertAnswered(bytes.slice(), { bank: 'auto', filename: 's.csv' }, plan, async (s) => orders(s));
        // The summary carries a row's date and currency, nothing else of the rows (one row: no account named).
        expect(Object.keys(summary!.transactions[0]).sort()).toEqual(['Currency', 'Date']);
        expect(summary!.provenance).toEqual([]);
        const piecesThere = await piecesOf(there.body);
        const a = Buffer.concat(piecesThere);
        const b = Buffer.concat(await piecesOf(here.body));
        if (format === 'xlsx') expect(unzipSync(a)).toEqual(unzipSync(b));
        else expect(a.equals(b)).toBe(true);
        expect(there.contentType).toBe(here.contentType);
        expect(there.headers).toEqual(here.headers);
        // The kept copy comes after the answer's bytes.
        expect((await there.kept)?.length).toBeGreaterThan(0);
        expect(piecesThere.length).toBe(Math.ceil(a.length / PIECE_BYTES));
        if (format === 'json') {
          const json = JSON.parse(a.toString('utf8')) as { warnings: { code: string }[]; transactions: unknown[] };
          expect(json.warnings.map((w) => w.code)).toContain('continuity_gap');
          expect(json.transactions.length).toBe(summary!.transaction_count);
        }
      }
    }
  });

  it('a file the format cannot take, or a failing step between, answers the error and frees the process', { timeout: 60_000 }, async () => {
    const bytes = new TextEncoder().encode(SAMPLE_CSV);
    const plan: AnswerPlan = { format: 'csv', writerOptions: { statement: 3 }, json: {}, stem: 's' };
    await expect(pool.convertAnswered(bytes.slice(), { bank: 'auto', filename: 's.csv' }, plan, async (s) => orders(s))).rejects.toMatchObject({
      code: 'invalid_request',
    });
    const broken = pool.convertAnswered(bytes.slice(), { bank: 'auto', filename: 's.csv' }, { ...plan, writerOptions: {} }, async () => {
      throw new Error('the database went away');
    });
    await expect(broken).rejects.toThrow('the database went away');
    // The same process converts the next file whole.
    const next = await pool.convertAnswered(bytes.slice(), { bank: 'auto', filename: 's.csv' }, { ...plan, format: 'json', writerOptions: {} }, async (s) =>
      orders(s),
    );
    expect(JSON.parse(Buffer.concat(await piecesOf(next.body)).toString('utf8')).transaction_count).toBeGreaterThan(0);
  });

  it('a job file’s stored result is opened and written there: the bytes of the same result answered in process', { timeout: 60_000 }, async () => {
    const result = await convert(new TextEncoder().encode(longCsv), { filename: 's.csv' });
    const keys = newJobKeys('job_test');
    const sealed = sealToJob(keys.publicKey, gzipSync(await resultToText(result)), 'job_test/0');
    for (const format of ['xero', 'json'] as OutputFormat[]) {
      const plan: AnswerPlan = { format, writerOptions: {}, json: { provenance: true }, stem: 's' };
      const there = await pool.answerStored(
        { bytes: sealed, resultKey: keys.resultKey, jobId: 'job_test', context: 'job_test/0', plan, nowMs: NOW },
        { accountId: 'acct_test' },
      );
      const here = await inProcess.convertAnswered(new TextEncoder().encode(longCsv), { bank: 'auto', filename: 's.csv' }, plan, async () => ({
        warnings: [],
        keep: false,
        nowMs: NOW,
      }));
      expect(Buffer.concat(await piecesOf(there.body)).equals(Buffer.concat(await piecesOf(here.body)))).toBe(true);
      expect(there.headers).toEqual(here.headers);
    }
  });
});
