import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/formats/fixture.js';
import { fitIds, ofxAccountId, ofxBankId } from './ofx-ids.js';

describe('OFX identifiers', () => {
  it('FITIDs are unique, identical same-day rows included, and stable across exports', () => {
    const rows = fixture().transactions;
    const a = [...fitIds(rows, '12345678')];
    expect(new Set(a).size).toBe(rows.length);
    expect(a[1]).not.toBe(a[2]); // rows 2 and 3 are identical
    expect([...fitIds(fixture().transactions, '12345678')]).toEqual(a);
    // Rows of other days before or after do not move an existing id.
    expect([...fitIds(rows.slice(1), '12345678')]).toEqual(a.slice(1));
    expect(a.every((id) => /^[0-9a-f]{24}$/.test(id))).toBe(true);
  });

  it('FITIDs depend on the account', () => {
    const rows = fixture().transactions;
    expect([...fitIds(rows, 'A')][0]).not.toBe([...fitIds(rows, 'B')][0]);
  });

  it('BANKID: sort code digits, short alphanumerics, else a stable 9-digit placeholder', () => {
    const r = fixture();
    expect(ofxBankId(r)).toBe('200000');
    r.meta.bankId = 'BUKBGB22';
    expect(ofxBankId(r)).toBe('BUKBGB22');
    r.meta.bankId = 'BUKBGB22XXX';
    expect(ofxBankId(r)).toMatch(/^\d{9}$/);
    r.meta.bankId = null;
    const placeholder = ofxBankId(r);
    expect(placeholder).toMatch(/^\d{9}$/);
    expect(ofxBankId({ ...r })).toBe(placeholder);
  });

  it('ACCTID: at most 22 characters, IBANs keep their end, placeholder when nothing was printed', () => {
    const r = fixture();
    expect(ofxAccountId(r, 'GBP')).toBe('12345678');
    r.meta.accountId = 'GB29 NWBK 6016 1331 9268 19';
    expect(ofxAccountId(r, 'GBP')).toBe('GB29NWBK60161331926819');
    r.meta.accountId = 'MT84 MALT 0110 0001 2345 MTLC AST0 01S';
    expect(ofxAccountId(r, 'GBP')).toBe('11000012345MTLCAST001S');
    r.meta.accountId = null;
    expect(ofxAccountId(r, 'GBP')).toMatch(/^LL[0-9A-F]{20}$/);
    expect(ofxAccountId(r, 'GBP')).not.toBe(ofxAccountId(r, 'EUR'));
  });
});
