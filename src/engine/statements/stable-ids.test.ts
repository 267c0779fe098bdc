import { describe, expect, it } from 'vitest';
import { accountIdentity, normalisedDescription, stableIds } from './stable-ids.js';

const row = (Date: string, Amount: string, Description: string) => ({ Date, Amount, Description });

describe('stable transaction ids', () => {
  it('the same row gets the same id from any statement that holds it; identical rows differ by occurrence', () => {
    const jan = [row('05/01/2024', '-10.00', 'TESCO'), row('20/01/2024', '-3.20', 'COSTA'), row('20/01/2024', '-3.20', 'COSTA')];
    const mid = [row('20/01/2024', '-3.20', 'costa  '), row('20/01/2024', '-3.20', 'COSTA'), row('03/02/2024', '-40.00', 'TFL')];
    const a = stableIds(jan, 'key'),
      b = stableIds(mid, 'key');
    expect(a[1]).not.toBe(a[2]);
    expect(b.slice(0, 2)).toEqual(a.slice(1, 3));
    expect(stableIds(jan, 'other')[0]).not.toBe(a[0]);
    expect(a.every((x) => /^[0-9a-f]{24}$/.test(x))).toBe(true);
  });

  it('keeps ids the file gave, once each', () => {
    expect(stableIds([row('01/01/2024', '1.00', 'A'), row('01/01/2024', '2.00', 'B')], 'k', ['X1', 'X1'])[0]).toBe('X1');
    expect(stableIds([row('01/01/2024', '1.00', 'A'), row('01/01/2024', '2.00', 'B')], 'k', ['X1', 'X1'])[1]).not.toBe('X1');
  });

  it('an identity needs a printed account number; spacing and dashes do not change it', () => {
    expect(accountIdentity(null, '20-00-00', 'GBP')).toBeNull();
    expect(accountIdentity('1234 5678', '20-00-00', 'gbp')).toBe(accountIdentity('12345678', '200000', 'GBP'));
    expect(accountIdentity('****5678', null, 'GBP')).toBe('acct:v1||****5678|GBP');
    expect(normalisedDescription(' a\u0000b\n c ')).toBe('A B C');
  });
});
