// A job archive's JSON entry, written in pieces, is JSON.stringify(body, null, 2) byte for byte.
import { describe, expect, it } from 'vitest';
import { prettyJsonPieces } from './pretty-json.js';

const pretty = (body: Record<string, unknown>) => JSON.stringify(body, null, 2);
const joined = (body: Record<string, unknown>) => [...prettyJsonPieces(body, 'transactions')].join('');

const row = (i: number) => ({
  Date: `0${1 + (i % 9)}/03/2024`,
  Description: i % 7 === 0 ? `Line one\nline "two" \u2028 ${'é'.repeat(i % 3)}\t\u0001` : `SHOP ${i}`,
  Type: i % 2 ? 'debit' : 'credit',
  Amount: i % 2 ? `-${i}.00` : `${i}.00`,
  Balance: '',
  nested: i % 5 === 0 ? { a: [1, { b: null }], c: [] } : undefined,
});

describe('prettyJsonPieces', () => {
  it('joins to JSON.stringify(body, null, 2) for short, long and empty tables', () => {
    for (const n of [0, 1, 2, 2047, 2048, 2049, 5000]) {
      const body = {
        bank: 'generic',
        reconcile_status: 'PASS',
        reconcile_diff: 0.5,
        transaction_count: n,
        warnings: [{ code: 'x', message: 'a\nb', row: 3 }],
        transactions: Array.from({ length: n }, (_, i) => row(i)),
      };
      expect(joined(body)).toBe(pretty(body));
    }
  });

  it('keeps JSON.stringify’s treatment of odd values and keys', () => {
    const bodies: Record<string, unknown>[] = [
      {},
      { transactions: [] },
      { only: undefined },
      { a: undefined, transactions: [1, 'two', null, [], {}], fn: () => 1, z: { deep: { deeper: ['x'] } } },
      { transactions: 'not an array', after: [[], [[]]] },
      { 'odd "key"\n': 1, transactions: [{}, { k: undefined }] },
    ];
    for (const body of bodies) expect(joined(body)).toBe(pretty(body));
  });

  it('writes a long table in more than one piece, none holding the whole table', () => {
    const body = { transactions: Array.from({ length: 10_000 }, (_, i) => row(i)) };
    const pieces = [...prettyJsonPieces(body, 'transactions')];
    expect(pieces.length).toBeGreaterThan(5);
    expect(Math.max(...pieces.map((p) => p.length))).toBeLessThan(pretty(body).length / 4);
  });
});
