import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/formats/fixture.js';
import type { Transaction } from '../engine/types.js';
import { fitIds as idsOf, ofxAccountId, ofxBankId } from './ofx-ids.js';

const fitIds = (transactions: Transaction[], account: string) => idsOf({ ...fixture(), transactions }, account);

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

  it('FITIDs are keyed by the salted account key where the service made one, else by the ACCTID', () => {
    const r = fixture();
    const plain = idsOf(r, '12345678');
    const keyed = idsOf({ ...r, accountKeys: ['k1'] }, '12345678');
    expect(keyed[0]).not.toBe(plain[0]);
    expect(idsOf({ ...r, accountKeys: ['k1'] }, 'XXXX9999')).toEqual(keyed);
  });

  it('FITIDs depend on the account', () => {
    const rows = fixture().transactions;
    expect([...fitIds(rows, 'A')][0]).not.toBe([...fitIds(rows, 'B')][0]);
  });

  it('BANKID: sort code digits, BICs without their branch, else a stable 9-digit placeholder', () => {
    const r = fixture();
    expect(ofxBankId(r)).toBe('200000');
    r.meta.bankId = 'BUKBGB22';
    expect(ofxBankId(r)).toBe('BUKBGB22');
    r.meta.bankId = 'BUKBGB22XXX';
    expect(ofxBankId(r)).toBe('BUKBGB22');
    r.meta.bankId = 'NOT A BANK ID AT ALL';
    expect(ofxBankId(r)).toMatch(/^\d{9}$/);
    r.meta.bankId = null;
    const placeholder = ofxBankId(r);
    expect(placeholder).toMatch(/^\d{9}$/);
    expect(ofxBankId({ ...r })).toBe(placeholder);
  });

  it('ACCTID: masked to the last four, at most 22 characters, placeholder when nothing was printed', () => {
    const r = fixture();
    expect(ofxAccountId(r, 'GBP')).toBe('XXXX5678');
    r.meta.accountId = 'GB29 NWBK 6016 1331 9268 19';
    expect(ofxAccountId(r, 'GBP')).toBe('XXXXXXXXXXXXXXXXXX6819');
    r.meta.accountId = 'MT84 MALT 0110 0001 2345 MTLC AST0 01S';
    expect(ofxAccountId(r, 'GBP')).toBe('XXXXXXXXXXXXXXXXXX001S');
    r.meta.accountId = '**** **** **** 7586';
    expect(ofxAccountId(r, 'GBP')).toBe('XXXXXXXXXXXX7586');
    r.meta.accountId = '5014';
    expect(ofxAccountId(r, 'GBP')).toBe('XXXX5014');
    r.meta.accountId = '****';
    expect(ofxAccountId(r, 'GBP')).toMatch(/^LL[0-9A-F]{20}$/);
    r.meta.accountId = null;
    expect(ofxAccountId(r, 'GBP')).toMatch(/^LL[0-9A-F]{20}$/);
    expect(ofxAccountId(r, 'GBP')).not.toBe(ofxAccountId(r, 'EUR'));
  });
});
