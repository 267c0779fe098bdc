// Issue 15, finding 3: the 250,000-row limit counted CR-ended lines only inside long LF-free
// stretches, so CR line ends with an LF every 5,000 rows got 600,000 rows through (2.2 GB). Rows are
// now counted as the reader splits them: CR, LF and CRLF each end one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardText, MAX_TEXT_LINES } from '../../src/engine/input-limits.js';
import { fileUpload } from '../helpers/multipart.js';
import { createHostileApp, duringAttack, expectRefused, type HostileApp } from './hostile-app.js';

/** `rows` statement rows ended by CR, with an LF instead every `lfEvery` rows. */
function crRows(rows: number, lfEvery: number): Buffer {
  const out: string[] = ['Date,Description,Amount,Balance\r'];
  for (let i = 1; i <= rows; i++) out.push(`01/02/2024,SHOP ${i},-1.00,${(1_000_000 - i).toFixed(2)}${i % lfEvery === 0 ? '\n' : '\r'}`);
  return Buffer.from(out.join(''));
}

describe('rows are counted as the reader counts them', () => {
  let t: HostileApp;
  beforeAll(async () => {
    t = await createHostileApp();
  });
  afterAll(() => t.close());

  it("the issue's file: 600,000 CR-ended rows with an LF every 5,000 is 400 security_check_failed", { timeout: 60_000 }, async () => {
    const file = crRows(600_000, 5000);
    const { value: res, answeredDuring } = await duringAttack(t.app, () => t.post(fileUpload(file, 'cr.csv')));
    expect(answeredDuring).toBeGreaterThan(0);
    expect((await expectRefused(t, res, 400, 'security_check_failed')).detail).toMatch(/more than 250,000 rows/);
  });

  it('every line ending counts once: CR, LF, CRLF, and mixtures', () => {
    const lines = (sep: string[], n: number) => Buffer.from(Array.from({ length: n }, (_, i) => `r${i}${sep[i % sep.length]}`).join(''));
    for (const sep of [['\r'], ['\n'], ['\r\n'], ['\r', '\n', '\r\n']]) {
      expect(() => guardText(lines(sep, MAX_TEXT_LINES + 1)), JSON.stringify(sep)).not.toThrow();
      expect(() => guardText(lines(sep, MAX_TEXT_LINES + 2)), JSON.stringify(sep)).toThrow(/250,000 rows/);
    }
  });

  it('a long line is measured between any two line ends', () => {
    const long = Buffer.from(`a\r${'x'.repeat(300 * 1024)}\r\nb\n`);
    expect(() => guardText(long)).toThrow(/Line 2 is 0\.3 MB long/);
  });
});
