// Round trip of the OFX 2.x and QBO (OFX 1.0.2) outputs through Debian's python3-ofxparse (plus the
// standard library's strict XML parser for OFX 2.x), and of QIF through a strict reader.
import { describe, expect, it } from 'vitest';
import { toCp1252Text } from '../../src/formats/cp1252.js';
import { ctxOf, fixture, FIXTURE_PAYEES } from './fixture.js';
import { bytesOf, pythonHas, readWithPython, textOf } from './helpers.js';
import { readQif } from './qif-reader.js';

const result = fixture();
const rows = result.transactions;
const isoOf = (dmy: string) => dmy.split('/').reverse().join('-');
const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function expectStatement(parsed: any, text: (s: string) => string) {
  // The printed account number, masked to its last four; the printed sort code as the bank id.
  expect(parsed.account_id).toBe('XXXX5678');
  expect(parsed.routing_number).toBe('200000');
  expect(parsed.currency.toUpperCase()).toBe('GBP');
  expect(parsed.balance).toBe('2154.09');
  expect(parsed.balance_date).toBe('2025-03-31');
  expect([parsed.start_date, parsed.end_date]).toEqual(['2025-03-01', '2025-03-31']);
  expect(parsed.transactions).toHaveLength(rows.length);
  expect(new Set(parsed.transactions.map((t: { id: string }) => t.id)).size).toBe(rows.length);
  parsed.transactions.forEach((p: any, i: number) => {
    const t = rows[i];
    expect(p.date).toBe(isoOf(t.Date));
    expect(p.hour).toBe(12);
    expect(p.amount).toBe(t.Amount);
    expect(p.type).toBe(t.Type);
    // NAME is the payee; MEMO the statement's whole text whenever it says more.
    expect(p.payee).toBe(text(FIXTURE_PAYEES[i]));
    expect([...p.payee].length).toBeLessThanOrEqual(32);
    const full = squash(t.Description);
    expect(p.memo).toBe(full === FIXTURE_PAYEES[i] ? '' : text(full));
  });
}

describe('OFX round trip (python3-ofxparse)', () => {
  const hasOfxparse = pythonHas('ofxparse');

  it.runIf(hasOfxparse)('ofx (2.x XML): account, currency, balance, period and every transaction', async () => {
    const parsed = readWithPython('read_ofx.py', await bytesOf('ofx', ctxOf(result)), '.ofx');
    expectStatement(parsed, (s) => s);
    // The strict XML parser sees the unescaped, unabridged text.
    expect(parsed.xml_names[0]).toBe('British Gas');
    expect(parsed.xml_memos[0]).toBe('DD BRITISH GAS & ELECTRIC <SERVICES>');
    expect(parsed.xml_names[12]).toBe('東京 TOKYO SHOP Łódź ő');
    expect(parsed.institution).toBeNull();
  });

  it.runIf(hasOfxparse)('qbo (1.0.2 SGML, cp1252): the same, with INTU.BID and FI', async () => {
    const bytes = await bytesOf('qbo', ctxOf(result, { qbo_bid: '12345' }));
    const parsed = readWithPython('read_ofx.py', bytes, '.qbo');
    expectStatement(parsed, toCp1252Text);
    expect(parsed.headers).toMatchObject({ VERSION: '102', ENCODING: 'USASCII', CHARSET: '1252' });
    expect(parsed.institution).toEqual({ org: 'BARCLAYS', fid: '12345' });
    expect(bytes.toString('latin1')).toMatch(/<\/FI>\r\n<INTU\.BID>12345\r\n<\/SONRS>/);
  });

  it.runIf(hasOfxparse)('credit-card statements are CCSTMTRS with CCACCTFROM', async () => {
    const card = fixture();
    card.meta.accountType = 'card';
    const bytes = await bytesOf('ofx', ctxOf(card));
    expect(bytes.toString()).toContain('<CREDITCARDMSGSRSV1>');
    expect(bytes.toString()).not.toContain('<BANKID>');
    const parsed = readWithPython('read_ofx.py', bytes, '.ofx');
    expect(parsed.type).toBe(2); // ofxparse AccountType.CreditCard
    expect(parsed.transactions).toHaveLength(rows.length);
  });
});

describe('QIF round trip (strict reader)', () => {
  it('one record per transaction with D, T, P (payee), M (full text), N only', async () => {
    const qif = readQif(await textOf('qif', ctxOf(result)));
    expect(qif.type).toBe('Bank');
    expect(qif.records).toHaveLength(rows.length);
    qif.records.forEach((r, i) => {
      const t = rows[i];
      expect(r.D).toBe(t.Date);
      expect(r.T).toBe(t.Amount);
      expect(r.P).toBe(FIXTURE_PAYEES[i]);
      expect(r.M ?? r.P).toBe(squash(t.Description));
      expect(r.N ?? '').toBe(t.Reference);
    });
  });

  it('mdy dates and card type', async () => {
    const card = fixture();
    card.meta.accountType = 'card';
    const qif = readQif(await textOf('qif', ctxOf(card, { date_format: 'mdy' })));
    expect(qif.type).toBe('CCard');
    expect(qif.records[3].D).toBe('03/04/2025');
  });
});
