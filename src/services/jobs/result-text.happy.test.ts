// A job's stored result is written and read a slice of rows at a time and comes back as it was: the
// same values, the same key order (so the same JSON), and results stored before as one object still read.
import { describe, expect, it } from 'vitest';
import { convert } from '../../engine/convert.js';
import { resultFromText, resultToText } from './result-text.js';

function chainedCsv(rows: number): string {
  const lines = ['Date,Description,Amount,Balance'];
  let balance = 100_000;
  for (let i = 0; i < rows; i++) {
    const amount = i % 4 ? -(100 + (i % 97)) : 5000;
    balance += amount;
    lines.push(
      `${String(1 + (i % 28)).padStart(2, '0')}/0${1 + Math.floor(i / 1000)}/2024,"PAYEE ${i} ""Q"" \u00e9",${(amount / 100).toFixed(2)},${(balance / 100).toFixed(2)}`,
    );
  }
  return lines.join('\n') + '\n';
}

/** JSON of a result whose proof figures (bigints) are written as their decimal strings, as the store writes them. */
const plain = (r: unknown) => JSON.stringify(r, (_k, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

describe('stored job results', () => {
  it('a long result: written in slices, read back with the same values and the same JSON', async () => {
    const result = await convert(new TextEncoder().encode(chainedCsv(5000)), { filename: 'long.csv' });
    expect(result.transactions.length).toBe(5000);
    const text = await resultToText(result);
    expect(text.toString('utf8', 0, 14)).toBe('["ll-result-2"');
    const back = await resultFromText<typeof result>(text);
    expect(plain(back)).toBe(plain(result));
    expect(back).toEqual(result);
    expect(typeof back.proof![0].start).toBe('bigint');
  });

  it('a short result is stored as one JSON object, as before; such text is read as before', async () => {
    const result = await convert(new TextEncoder().encode(chainedCsv(30)), { filename: 'short.csv' });
    const text = await resultToText(result);
    expect(text.toString('utf8')).toBe(plain(result));
    expect(await resultFromText(text)).toEqual(result);
    const long = await convert(new TextEncoder().encode(chainedCsv(3000)), { filename: 'long.csv' });
    expect(await resultFromText(Buffer.from(plain(long)))).toEqual(long);
  });

  it('odd bodies: exactly the slice length, empty and undefined values, line breaks and separators in strings', async () => {
    for (const n of [2048, 2049, 4096, 6000]) {
      const body = {
        a: undefined,
        rows: Array.from({ length: n }, (_, i) => (i % 9 === 0 ? null : { t: `x\ny\u2028\u2029"${i}`, n: i })),
        tail: [1, 2],
        other: Array.from({ length: 2100 }, (_, i) => [i]),
      };
      const back = await resultFromText<Record<string, unknown>>(await resultToText(body));
      expect(JSON.stringify(back)).toBe(JSON.stringify(body));
    }
  });

  it('a truncated or unknown stored form is an error, not a wrong result', async () => {
    const text = await resultToText({ rows: Array.from({ length: 5000 }, (_, i) => i) });
    await expect(resultFromText(text.subarray(0, text.length - 100))).rejects.toThrow();
    await expect(resultFromText(Buffer.from('["ll-result-9",[]]\n{}\n'))).rejects.toThrow(/unknown form/);
  });
});
