// OFX/QFX readers against real downloads: the beancount_reds_importers samples with the importer's
// expected entries (date, amount, payee), and Banque Populaire's OFX files (two accounts in one
// download, SGML without end tags, a damaged file, a file without transactions).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sniff } from '../../src/engine/sniff.js';
import { convertFile, filesUnder, iso, nameOf, OFX_DIRS, HAS_CORPUS } from './corpus.js';

interface Entry {
  date: string;
  payee: string;
  amount: string;
}

/** Transaction entries of a Beancount extract: `2019-01-09 * "payee" ["narration"]` then `  Account  amount CUR`. */
function extractEntries(text: string): Entry[] {
  const out: Entry[] = [];
  const re = /^(\d{4}-\d{2}-\d{2}) \* "([^"]*)"(?: "[^"]*")?\s*\n\s+\S+\s+(-?[\d.]+) [A-Z]{3}/gm;
  for (const m of text.matchAll(re)) out.push({ date: m[1], payee: m[2], amount: m[3] });
  return out;
}

const samples = OFX_DIRS.flatMap((d) => filesUnder(d, (n) => /\.(ofx|qfx)$/i.test(n)));
const key = (e: Entry) => `${e.date} ${Number(e.amount).toFixed(2)} ${e.payee}`;

describe.skipIf(!HAS_CORPUS)('OFX corpus (used in place)', () => {
  it('has the samples', () => expect(samples.length).toBeGreaterThanOrEqual(10));

  for (const f of samples) {
    it(`${nameOf(f)}: sniffed as OFX and read`, async () => {
      const bytes = readFileSync(f);
      expect(sniff(new Uint8Array(bytes)).kind).toBe('ofx');
      const stated = (bytes.toString('latin1').match(/<STMTTRN>/gi) ?? []).length;
      if (stated === 0) {
        await expect(convertFile(f)).rejects.toMatchObject({ code: 'no_transactions_found' });
        return;
      }
      const r = await convertFile(f);
      expect(r.meta.inputKind).toBe('ofx');
      expect(r.transactions).toHaveLength(stated);
      // OFX states a closing balance and no opening: nothing to check against.
      expect(r.reconcile_status).toBe('NO_BAL');
      expect(r.transactions.every((t) => t.Balance === '')).toBe(true);
      expect(r.sourceIds).toHaveLength(stated);
    });
  }

  for (const f of samples.filter((s) => s.includes('beancount_reds_importers'))) {
    it(`${nameOf(f)}: the importer's expected entries`, async () => {
      const expected = extractEntries(readFileSync(`${f}.extract`, 'utf8'));
      const r = await convertFile(f);
      const got = r.transactions.map((t) => ({ date: iso(t.Date), payee: t.Description, amount: t.Amount }));
      expect(got.map(key).sort()).toEqual(expected.map(key).sort());
    });
  }

  it('two accounts in one download are two statements, each with its ledger balance and kind', async () => {
    const f = samples.find((s) => s.endsWith('BPACA_OP_20220717.ofx'))!;
    const r = await convertFile(f);
    expect(r.statements).toHaveLength(2);
    const [a, b] = r.statements!;
    expect(a).toMatchObject({
      first_row: 1,
      row_count: 61,
      closing_balance: '1518.81',
      opening_balance: null,
      reconcile_status: 'NO_BAL',
      period: { from: '2022-06-22', to: '2022-07-17' },
    });
    expect(a.account).toMatchObject({ currency: 'EUR', kind: 'current', number_last4: '9999', iban_masked: null });
    expect(b).toMatchObject({ first_row: 62, row_count: 2, closing_balance: '7556.42' });
    expect(b.account.kind).toBe('savings');
  });

  it('NAME and MEMO without repeating one inside the other; CHECKNUM as the reference; FITID kept', async () => {
    const f = samples.find((s) => s.endsWith('BPACA_OP_20220717-2.ofx'))!;
    const r = await convertFile(f);
    expect(r.transactions[1]).toMatchObject({
      Description: 'VIR pole emploi 6269525B remboursement trop percu',
      Reference: '7503528',
      Amount: '-424.32',
      Date: '13/07/2022',
    });
    expect(r.sourceIds![1]).toBe('202200700004BD27');
    const damaged = await convertFile(samples.find((s) => s.endsWith('Extrait_de_compte_balance.txt.ofx'))!);
    expect(damaged.transactions.map((t) => t.Description)).toEqual([
      'CHEQUE',
      'I DO NOT LIKE COM INTERVENTION 9999999999999999999999 1 OPERATION',
      '----------------------',
      '------------------------',
    ]);
  });

  it('a list closed early (Ally): the transaction after it still belongs to the statement', async () => {
    const r = await convertFile(samples.find((s) => s.endsWith('ally/tests/transactions.qfx'))!);
    expect(r.transactions.map((t) => t.Amount)).toEqual(['-55.00', '-1000.00']);
    expect(r.statements![0].closing_balance).toBe('150.65');
  });
});
