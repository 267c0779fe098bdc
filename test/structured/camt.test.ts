// camt.052/053/054 readers: the golden camt.053 files of bankstatementparser (in place), and written
// variants (versions, prefixes, v8 party names, pending entries, several statements), plus the XML
// attacks a hostile upload would try.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { MAX_TEXT_LINES } from '../../src/engine/input-limits.js';
import { sniff } from '../../src/engine/sniff.js';
import { camt } from './camt-builder.js';
import { CAMT_DIR, convertFile, HAS_CORPUS } from './corpus.js';

const run = (xml: string) => convert(new TextEncoder().encode(xml), {});
const golden = (n: string) => `${CAMT_DIR}/${n}`;

describe.skipIf(!HAS_CORPUS)('camt.053 golden files (bankstatementparser, used in place)', () => {
  it('two accounts in two currencies: each statement reconciles on its own', async () => {
    const r = await convertFile(golden('camt053_multicurrency.xml'));
    expect(sniff(new Uint8Array(readFileSync(golden('camt053_multicurrency.xml')))).kind).toBe('camt');
    expect(r.reconcile_status).toBe('PASS');
    expect(r.statements).toHaveLength(2);
    expect(r.statements![0]).toMatchObject({
      account: { iban_masked: 'DE89**************3000', number_last4: '3000', currency: 'EUR', sort_code: null },
      period: { from: '2026-04-01', to: '2026-04-30' },
      opening_balance: '10000.00',
      closing_balance: '10750.25',
      reconcile_status: 'PASS',
      reconcile_diff: 0,
      first_row: 1,
      row_count: 2,
    });
    expect(r.statements![1]).toMatchObject({
      account: { number_last4: '0099', currency: 'USD', iban_masked: null },
      opening_balance: '2500.00',
      closing_balance: '2400.01',
      first_row: 3,
      row_count: 1,
    });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Balance, t.Description, t.Reference, t.Currency])).toEqual([
      ['10/04/2026', '1250.50', '11250.50', 'ACME GMBH Invoice 2026-117', 'EUR-E2E-001', 'EUR'],
      ['15/04/2026', '-500.25', '10750.25', 'OFFICE SUPPLIES SARL PO 4711', 'EUR-E2E-002', 'EUR'],
      ['20/04/2026', '-99.99', '2400.01', 'CLOUD HOSTING INC Subscription April', 'USD-E2E-001', 'USD'],
    ]);
  });

  it('no namespace at all; a GB IBAN gives the sort code', async () => {
    const r = await convertFile(golden('camt053_no_namespace.xml'));
    expect(r.reconcile_status).toBe('PASS');
    expect(r.statements![0].account).toMatchObject({ sort_code: '60-16-13', number_last4: '6819', currency: 'GBP' });
    expect(r.transactions[0]).toMatchObject({ Description: 'JANE CLIENT Consulting fee', Amount: '250.00', Balance: '350.00' });
  });

  it('two identical entries on one day are both kept; no balances: NO_BAL', async () => {
    const r = await convertFile(golden('camt053_duplicate_same_day.xml'));
    expect(r.reconcile_status).toBe('NO_BAL');
    expect(r.transactions).toHaveLength(2);
    expect(r.transactions[0]).toEqual(r.transactions[1]);
  });

  it('a garbled amount is a clear 400 naming the entry', async () => {
    await expect(convertFile(golden('camt053_garbled_amount.xml'))).rejects.toMatchObject({
      code: 'security_check_failed',
      detail: expect.stringContaining('entry 1: the amount "12..34"'),
    });
  });
});

const eur = { iban: 'DE89370400440532013000', ccy: 'EUR' };
const entries = [
  { amount: '100.00', ind: 'CRDT' as const, date: '2025-01-05', name: 'ACME LTD', ustrd: ['Invoice 17'], e2e: 'E2E-1' },
  {
    amount: '30.50',
    ind: 'DBIT' as const,
    date: '2025-01-09',
    name: 'SHOP & CO',
    ustrd: ['Card 1234', 'Receipt 9'],
    e2e: 'NOTPROVIDED',
    addtl: 'SEPA Lastschrift',
  },
];
const bals = (open: string, close: string) => [
  { code: 'PRCD', amount: open, ind: 'CRDT' as const, date: '2024-12-31' },
  { code: 'CLBD', amount: close, ind: 'CRDT' as const, date: '2025-01-31' },
];

describe('camt variants', () => {
  for (const [msg, version, prefix] of [
    ['053', '02', ''],
    ['053', '08', 'ns2'],
    ['052', '04', 'camt'],
    ['053', '10', ''],
  ] as const) {
    it(`camt.${msg}.001.${version}${prefix ? ` with prefix ${prefix}:` : ''}: PRCD/CLBD reconcile`, async () => {
      const xml = camt([{ ...eur, balances: bals('1000.00', '1069.50'), entries: entries.map((e) => ({ ...e, v8: version >= '08' })) }], {
        msg,
        version,
        prefix,
      });
      expect(sniff(new TextEncoder().encode(xml)).kind).toBe('camt');
      const r = await run(xml);
      expect(r.reconcile_status).toBe('PASS');
      expect(r.transactions.map((t) => [t.Description, t.Reference, t.Amount, t.Balance])).toEqual([
        ['ACME LTD Invoice 17', 'E2E-1', '100.00', '1100.00'],
        ['SEPA Lastschrift SHOP & CO Card 1234 Receipt 9', '', '-30.50', '1069.50'],
      ]);
    });
  }

  it('camt.054 notifications state no balance: NO_BAL', async () => {
    const r = await run(camt([{ ...eur, entries }], { msg: '054' }));
    expect(r.reconcile_status).toBe('NO_BAL');
    expect(r.transactions).toHaveLength(2);
  });

  it('a closing that does not add up warns with the difference; the other statement still passes', async () => {
    const r = await run(
      camt([
        { ...eur, balances: bals('1000.00', '1069.50'), entries },
        { other: 'ACC-2', ccy: 'EUR', owner: 'Jane Doe', tp: 'SVGS', balances: bals('50.00', '160.00'), entries: [entries[0]] },
      ]),
    );
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
    expect(r.reconcile_diff).toBe(10);
    expect(r.statements!.map((s) => s.reconcile_status)).toEqual(['PASS', 'RECONCILE_WARN']);
    expect(r.statements![1].account).toMatchObject({ name: 'Jane Doe', kind: 'savings', number_last4: 'ACC2' });
    const w = r.warnings.find((x) => x.code === 'balance_mismatch')!;
    expect(w.message).toMatch(/^Statement 2 /);
  });

  it('pending entries are left out with a warning (booked balances do not include them)', async () => {
    const r = await run(
      camt([
        {
          ...eur,
          balances: bals('1000.00', '1069.50'),
          entries: [...entries, { amount: '5.00', ind: 'DBIT', date: '2025-01-30', status: 'PDNG', name: 'LATER' }],
        },
      ]),
    );
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions).toHaveLength(2);
    expect(r.warnings.map((w) => w.code)).toContain('rows_skipped');
    // Only a pending entry: no transactions, and the refusal says why.
    const only = camt([
      { ...eur, balances: bals('1000.00', '1000.00'), entries: [{ amount: '5.00', ind: 'DBIT', date: '2025-01-30', status: 'PDNG', name: 'LATER' }] },
    ]);
    await expect(run(only)).rejects.toMatchObject({ code: 'no_transactions_found', detail: expect.stringContaining('1 entry is not booked yet') });
  });

  it('one long line of XML (no line limit for markup); entities in text decoded once', async () => {
    const many = Array.from({ length: 3000 }, (_, i) => ({
      amount: '1.00',
      ind: 'CRDT' as const,
      date: '2025-01-05',
      name: `PAYER &lt;${i}&gt;`,
      ustrd: [`R ${i}`],
    }));
    const xml = camt([{ ...eur, balances: bals('0.00', '3000.00'), entries: many }], { newlines: false });
    expect(xml.length).toBeGreaterThan(300 * 1024);
    expect(xml.includes('\n')).toBe(false);
    const r = await run(xml);
    expect(r.reconcile_status).toBe('PASS');
    expect(r.transactions[7].Description).toBe('PAYER &lt;7&gt; R 7');
  });
});

describe('camt hostile input', () => {
  const bomb = `<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;"><!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Acct><Id><IBAN>DE89370400440532013000</IBAN></Id><Ccy>EUR</Ccy></Acct><Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2025-01-01</Dt></BookgDt><AddtlNtryInf>&lol3;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`;
  const xxe = `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.02"><BkToCstmrStmt><Stmt><Acct><Ccy>EUR</Ccy></Acct><Ntry><Amt Ccy="EUR">1.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><BookgDt><Dt>2025-01-01</Dt></BookgDt><AddtlNtryInf>&x;</AddtlNtryInf></Ntry></Stmt></BkToCstmrStmt></Document>`;

  it('entity expansion (billion laughs) is refused before parsing', async () => {
    expect(sniff(new TextEncoder().encode(bomb)).kind).toBe('camt');
    await expect(run(bomb)).rejects.toMatchObject({ code: 'security_check_failed', detail: expect.stringContaining('DTD') });
  });

  it('external entities are refused: nothing is read from disk', async () => {
    await expect(run(xxe)).rejects.toMatchObject({ code: 'security_check_failed' });
  });

  it('an undeclared entity is an error: never expanded, never fetched', async () => {
    const xml = camt([{ ...eur, entries: [{ amount: '1.00', ind: 'CRDT', date: '2025-01-01', name: 'X', ustrd: ['a'] }] }]).replace(
      '<Ustrd>a</Ustrd>',
      '<Ustrd>&ext;</Ustrd>',
    );
    await expect(run(xml)).rejects.toMatchObject({ code: 'security_check_failed', detail: expect.stringContaining('not well-formed XML') });
  });

  it('more entries than one conversion allows is refused on a count, before parsing', async () => {
    const head = camt([{ ...eur, entries: [] }]);
    const xml = head.replace('</Stmt>', `${'<Ntry></Ntry>'.repeat(MAX_TEXT_LINES + 1)}</Stmt>`);
    await expect(run(xml)).rejects.toMatchObject({ code: 'security_check_failed', detail: expect.stringContaining('more than 250,000 transactions') });
  });

  it('deep nesting and broken XML are clear 400s', async () => {
    const deep = camt([{ ...eur, entries }]).replace('<Ustrd>Invoice 17</Ustrd>', `${'<a>'.repeat(5000)}${'</a>'.repeat(5000)}`);
    await expect(run(deep)).rejects.toMatchObject({ code: 'security_check_failed' });
    const cut = camt([{ ...eur, entries }]).slice(0, -40);
    await expect(run(cut)).rejects.toMatchObject({ code: 'security_check_failed', detail: expect.stringContaining('not well-formed XML') });
  });
});
