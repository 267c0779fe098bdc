// Unit tests of the structured readers' small parts: sniffing, account masking, the forgiving OFX
// markup reader, MT940 variants and hostile input.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import { MAX_TEXT_LINES } from '../input-limits.js';
import { sniff } from '../sniff.js';
import { accountOf, isIban } from './account.js';
import { readDetails86 } from './mt940-details.js';
import { parseOfx, findAll, leaf } from './ofx-sgml.js';
import { distinct } from './text-parts.js';

const enc = (s: string) => new TextEncoder().encode(s);
const run = (s: string) => convert(enc(s), {});

describe('sniffing structured files', () => {
  it('tells each format by its grammar and leaves CSV alone', () => {
    expect(sniff(enc('OFXHEADER:100\r\nDATA:OFXSGML\r\n\r\n<OFX>')).kind).toBe('ofx');
    expect(sniff(enc('<?xml version="1.0"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n<OFX>')).kind).toBe('ofx');
    expect(sniff(enc('\uFEFF<OFX>\n<SIGNONMSGSRSV1>')).kind).toBe('ofx');
    expect(sniff(enc('<?xml version="1.0"?><a:Document xmlns:a="urn:iso:std:iso:20022:tech:xsd:camt.054.001.08"><a:BkToCstmrDbtCdtNtfctn>')).kind).toBe('camt');
    expect(sniff(enc('!Type:Bank\nD01/02/2024\n')).kind).toBe('qif');
    expect(sniff(enc('{1:F01BANKBEBBAXXX0000000000}{2:O9400000000000BANKBEBBAXXX00000000000000000000N}{4:\n:20:X\n:25:1\n:60F:C240101EUR1,00\n-}')).kind).toBe(
      'mt940',
    );
    expect(sniff(enc('Date,Description,Amount\n01/02/2024,":20: not a tag",1.00\n')).kind).toBe('csv');
    expect(sniff(enc('Date;Text;Amount\n01.02.2024;<OFX> in a description;1,00\n')).kind).toBe('csv');
  });
});

describe('accounts', () => {
  it('masks an IBAN, gives last four and a UK sort code; never takes a plain number for an IBAN', () => {
    expect(isIban('GB29NWBK60161331926819')).toBe(true);
    expect(isIban('GB29NWBK60161331926818')).toBe(false);
    expect(accountOf({ id: 'GB29 NWBK 6016 1331 9268 19', currency: 'gbp' })).toEqual({
      name: null,
      sort_code: '60-16-13',
      number_last4: '6819',
      iban_masked: 'GB29**************6819',
      currency: 'GBP',
      kind: null,
    });
    expect(accountOf({ id: '12345678', bankId: '20-00-00', currency: 'GBP', kind: 'current' })).toMatchObject({
      sort_code: '20-00-00',
      number_last4: '5678',
      iban_masked: null,
    });
    expect(accountOf({ id: '12345678', bankId: '200000', currency: 'EUR' }).sort_code).toBeNull();
  });

  it('description parts: a part contained in another as whole words is dropped', () => {
    expect(distinct(['SEPA', 'ACME LTD', 'Invoice ACME LTD 17'])).toEqual(['SEPA', 'Invoice ACME LTD 17']);
    expect(distinct(['X', '&EXT;'])).toEqual(['X', '&EXT;']);
  });
});

describe('MT940 details', () => {
  it('?NN subfields: posting text, name, SVWZ purpose; EREF as reference', () => {
    const d = readDetails86('166?00GUTSCHRIFT?109249?20EREF+ABC-123?21SVWZ+Rechnung 4711 vom 01.0?222.2024?30DEUTDEFF?31DE02100100100006820101?32ACME GMBH');
    expect(d).toEqual({ parts: ['GUTSCHRIFT', 'ACME GMBH', 'Rechnung 4711 vom 01.02.2024'], reference: 'ABC-123' });
  });
  it('/CODE/ fields with an unprovided EREF; ING counterparty', () => {
    expect(readDetails86('/TRTP/SEPA OVERBOEKING/IBAN/NL02ABNA0123456789/BIC/ABNANL2A/NAME/J DOE/REMI/Rent March/EREF/NOTPROVIDED')).toEqual({
      parts: ['SEPA OVERBOEKING', 'J DOE', 'Rent March'],
      reference: '',
    });
    expect(readDetails86('/CNTP/NL02ABNA0123456789/ABNANL2A/SHOP BV/AMSTERDAM/REMI/USTD//Order 55/').parts).toEqual(['SHOP BV', 'Order 55']);
  });
});

describe('OFX markup', () => {
  it('reads SGML without end tags, values on the next line, stray end tags; decodes the predefined entities only', () => {
    const root = parseOfx(
      'OFXHEADER:100\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>\nGBP</CURDEF><BANKTRANLIST><STMTTRN><TRNAMT>-1.00<NAME>A &amp; B &#163; &foo;</NAME></MEMO><FITID>1</STMTTRN></BANKTRANLIST></BANKTRANLIST><STMTTRN><TRNAMT>2</STMTTRN></STMTRS></OFX>',
    );
    const s = findAll(root, 'STMTRS')[0];
    expect(leaf(s, 'CURDEF')).toBe('GBP');
    const trns = findAll(s, 'STMTTRN');
    expect(trns).toHaveLength(2);
    expect(leaf(trns[0], 'NAME')).toBe('A & B £ &foo;');
  });

  it('a DOCTYPE with entities is skipped, never expanded', async () => {
    const ofx =
      '<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "AAAAAAAAAA">]><?OFX OFXHEADER="200"?><OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD</CURDEF><BANKACCTFROM><BANKID>1</BANKID><ACCTID>99</ACCTID><ACCTTYPE>CHECKING</ACCTTYPE></BANKACCTFROM><BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240102</DTPOSTED><TRNAMT>-3.50</TRNAMT><FITID>x</FITID><NAME>&a;</NAME></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    const r = await run(ofx);
    expect(r.transactions[0]).toMatchObject({ Description: '&a;', Amount: '-3.50', Date: '02/01/2024', Currency: 'USD' });
  });

  it('credit-card statements, a transaction without amount is a 400, nesting is capped', async () => {
    const cc =
      '<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>GBP<CCACCTFROM><ACCTID>4111111111111111</CCACCTFROM><BANKTRANLIST><STMTTRN><DTPOSTED>20240102<TRNAMT>-9.00<NAME>SHOP</STMTTRN></BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>';
    const r = await run(cc);
    expect(r.meta.accountType).toBe('card');
    expect(r.statements![0].account).toMatchObject({ kind: 'card', number_last4: '1111' });
    await expect(run(cc.replace('<TRNAMT>-9.00', ''))).rejects.toMatchObject({ code: 'security_check_failed', detail: expect.stringContaining('no TRNAMT') });
    await expect(run(`<OFX>${'<BANKTRANLIST>'.repeat(100)}</OFX>`)).rejects.toMatchObject({ code: 'security_check_failed' });
  });

  it('an investment statement (trades, no bank statement) parsed but holds no transactions: 422, not a broken file', async () => {
    const inv =
      '<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><DTASOF>20240105<CURDEF>USD<INVACCTFROM><BROKERID>b.com<ACCTID>X1</INVACCTFROM><INVTRANLIST><BUYSTOCK><INVBUY><INVTRAN><FITID>1<DTTRADE>20240102</INVTRAN><UNITS>10<UNITPRICE>5<TOTAL>-50</INVBUY><BUYTYPE>BUY</BUYSTOCK></INVTRANLIST></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>';
    await expect(run(inv)).rejects.toMatchObject({ code: 'no_transactions_found', detail: expect.stringContaining('investment statement') });
    // Its cash movements (INVBANKTRAN) are the account's rows; the trades are counted as left out.
    const cash = inv.replace(
      '</INVTRANLIST>',
      '<INVBANKTRAN><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240103<TRNAMT>100.00<FITID>2<NAME>Deposit</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN></INVTRANLIST>',
    );
    const r = await run(cash);
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description, t.Currency])).toEqual([['03/01/2024', '100.00', 'Deposit', 'USD']]);
    expect(r.reconcile_status).toBe('NO_BAL');
    expect(r.warnings.find((w) => w.code === 'rows_skipped')?.message).toContain('1 investment entry');
  });

  it("a bank's error reply and a file with no statement parsed but hold no transactions: 422 saying what they are", async () => {
    const reply =
      '<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS></SONRS></SIGNONMSGSRSV1><BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>2000<SEVERITY>ERROR<MESSAGE>General Server Error</STATUS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    await expect(run(reply)).rejects.toMatchObject({
      code: 'no_transactions_found',
      detail: expect.stringContaining('error reply (code 2000: General Server Error)'),
    });
    await expect(run('<OFX></OFX>')).rejects.toMatchObject({
      code: 'no_transactions_found',
      detail: expect.stringContaining('no bank or credit-card statement'),
    });
  });

  it('character data (CDATA) is a value as written; an empty CURDEF takes the one currency the rows name', async () => {
    const ofx =
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF></CURDEF><BANKACCTFROM><ACCTID>1</ACCTID></BANKACCTFROM><BANKTRANLIST><STMTTRN><DTPOSTED>20180507</DTPOSTED><TRNAMT>-12.34</TRNAMT><NAME><![CDATA[ALDI <STORE> & CO]]></NAME><MEMO>A &amp; <![CDATA[B]]></MEMO><CURRENCY><CURRATE>1.0</CURRATE><CURSYM>AUD</CURSYM></CURRENCY></STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    const r = await run(ofx);
    expect(r.transactions.map((t) => [t.Amount, t.Description, t.Currency])).toEqual([['-12.34', 'ALDI <STORE> & CO A & B', 'AUD']]);
    expect(r.warnings.some((w) => w.code === 'currency_assumed')).toBe(false);
    const none = await run(ofx.replace(/<CURRENCY>.*<\/CURRENCY>/, ''));
    expect(none.transactions[0].Currency).toBe('GBP');
    expect(none.warnings.map((w) => w.code)).toContain('currency_assumed');
  });

  it('a ledger balance that does not read leaves the rows unchecked, not the file refused (PagSeguro "R$ 5.326,43")', async () => {
    const ofx =
      '<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>BRL</CURDEF><BANKACCTFROM><ACCTID>1</ACCTID></BANKACCTFROM><BANKTRANLIST><STMTTRN><DTPOSTED>20250602</DTPOSTED><TRNAMT>-1901.00</TRNAMT><NAME>Pix enviado</NAME></STMTTRN></BANKTRANLIST><LEDGERBAL><BALAMT>R$ 5.326,43</BALAMT><DTASOF>20250602</DTASOF></LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>';
    const r = await run(ofx);
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-1901.00']);
    expect(r.reconcile_status).not.toBe('PASS');
    expect(r.warnings.map((w) => w.code)).toContain('rows_unverified');
  });

  it('more transactions than one conversion allows is refused on a count', async () => {
    await expect(run(`<OFX>${'<STMTTRN>'.repeat(MAX_TEXT_LINES + 1)}</OFX>`)).rejects.toMatchObject({
      code: 'security_check_failed',
      detail: expect.stringContaining('more than 250,000'),
    });
  });
});

describe('MT940 variants and hostile input', () => {
  const msg = (rows: string, open = 'C240101EUR100,00', close = 'C240131EUR90,00') =>
    `:20:REF\n:25:NL91ABNA0417164300EUR\n:28C:1/1\n:60F:${open}\n${rows}:62F:${close}\n-\n`;

  it('block envelope, IBAN with currency, booking date across the year end, RD reversal', async () => {
    const text = `{1:F01ABNANL2AAXXX0000000000}{2:O9400000000000ABNANL2AAXXX00000000000000000000N}{4:\n${msg(':61:2312311229D10,00NTRFNONREF//B1\n:86:/NAME/SHOP/REMI/Goods\n:61:2401020102RD5,00NTRFREF-9\n:86:Refund\n:61:2401030103D5,00NTRFNONREF\n', 'C231229EUR100,00', 'C240131EUR90,00').replace(/-\n$/, '-}\n')}`;
    const r = await run(text);
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description, t.Reference])).toEqual([
      ['29/12/2023', '-10.00', 'SHOP Goods', ''],
      ['02/01/2024', '5.00', 'Refund', 'REF-9'],
      ['03/01/2024', '-5.00', 'NTRF', ''],
    ]);
    expect(r.statements![0].account).toMatchObject({ iban_masked: 'NL91**********4300', currency: 'EUR' });
  });

  it('a message without rows (a day without movements) must open where the last closed and close where it opened', async () => {
    const day1 = msg(':61:240102D10,00NTRFNONREF\n:86:Shop\n', 'C240101EUR100,00', 'C240102EUR90,00');
    const day3 = msg(':61:240103D5,00NTRFNONREF\n:86:Cafe\n', 'C240103EUR90,00', 'C240103EUR85,00');
    expect((await run(day1 + msg('', 'C240102EUR90,00', 'C240102EUR90,00') + day3)).reconcile_status).toBe('PASS');
    // One cent changed in the empty message's opening: the parts no longer join up.
    const r = await run(day1 + msg('', 'C240102EUR90,01', 'C240102EUR90,00') + day3);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.warnings.some((w) => w.code === 'balance_mismatch' && /holds no rows/.test(w.message))).toBe(true);
  });

  it('details given one :86: a line (old Rabobank files) are one text, in order', async () => {
    const r = await run(
      msg(':61:240102D10,00NTRF\n:86:Terugboeking\n:86:NIET AKKOORD MET AFSCHRIJVING\n:86:KINDEROPVANG JUNI\n', 'C240101EUR100,00', 'C240131EUR90,00'),
    );
    expect(r.transactions.map((t) => t.Description)).toEqual(['Terugboeking NIET AKKOORD MET AFSCHRIJVING KINDEROPVANG JUNI']);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('a :61: that does not read is a clear 400 with its line', async () => {
    await expect(run(msg(':61:24X101D10,00NTRF\n'))).rejects.toMatchObject({ code: 'security_check_failed', detail: expect.stringContaining('line 5') });
    await expect(run(msg(':61:240101D10,123NTRF\n'))).rejects.toMatchObject({ code: 'security_check_failed' });
  });

  it('the text row limit applies to MT940 (lines counted on the bytes)', async () => {
    const big = msg(':61:240101D0,00NTRFX\n'.repeat(MAX_TEXT_LINES));
    await expect(run(big)).rejects.toMatchObject({ code: 'security_check_failed', detail: expect.stringContaining('rows') });
  });
});
