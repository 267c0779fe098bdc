// MT940/MT942 readers against the 49 real and edge-case samples of the WoLpH/mt940 suite: every row's
// signed amount, booking date and count as that parser expects them, and the verdicts the balances
// the files state give (several samples are cut or edited and do not add up: they must WARN).
import { readFileSync, existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sniff } from '../../src/engine/sniff.js';
import { convertFile, filesUnder, iso, MT940_DIR, nameOf, HAS_CORPUS } from './corpus.js';
import { expectedRows } from './mt940-expected.js';

const samples = filesUnder(MT940_DIR, (n) => n.endsWith('.sta') || n.endsWith('.940.txt'));

// Files that are not statements at all (the suite's negative cases) or hold no transaction line.
const NOT_MT940 = new Set(['self-provided/invalid_statement.sta', 'self-provided/empty_non_swift.sta']);

describe.skipIf(!HAS_CORPUS)('MT940 corpus (WoLpH/mt940 samples, used in place)', () => {
  it('has the samples', () => {
    expect(samples.length).toBeGreaterThanOrEqual(49);
  });

  for (const f of samples) {
    const rel = f.slice(MT940_DIR.length + 1);
    const yml = f.replace(/\.sta$/, '.yml');
    const expected = f.endsWith('.sta') && existsSync(yml) ? expectedRows(readFileSync(yml, 'utf8')) : null;
    it(`${rel}: rows as the reference parser reads them`, async () => {
      if (NOT_MT940.has(rel)) {
        expect(sniff(new Uint8Array(readFileSync(f))).kind).not.toBe('mt940');
        return;
      }
      // Single-field fragments (":25:…" alone) may be taken for text: either way they hold no rows.
      if (expected && expected.length === 0) {
        await expect(convertFile(f)).rejects.toMatchObject({ code: 'no_transactions_found' });
        return;
      }
      expect(sniff(new Uint8Array(readFileSync(f))).kind).toBe('mt940');
      const r = await convertFile(f);
      expect(r.meta.inputKind).toBe('mt940');
      expect(r.statements!.length).toBeGreaterThan(0);
      expect(r.statements!.reduce((a, s) => a + s.row_count, 0)).toBe(r.transactions.length);
      if (!expected) return;
      expect(r.transactions).toHaveLength(expected.length);
      expected.forEach((e, i) => {
        const t = r.transactions[i];
        // Reversals (RC/RD): the reference parser keeps the printed sign; SWIFT makes RC money out, and
        // the statements' own balances agree with SWIFT (sepa_mt9401 passes), so only the size is compared.
        if (e.status?.startsWith('R')) expect(t.Amount.replace('-', '')).toBe(Number(e.amount.replace('-', '')).toFixed(2));
        else expect(Number(t.Amount), `${nameOf(f)} row ${i + 1}`).toBe(Number(e.amount));
        expect(iso(t.Date)).toBe(e.entryDate ?? e.date);
      });
    });
  }

  const verdicts: [string, string, number][] = [
    ['betterplace/sepa_mt9401.sta', 'PASS', 20],
    ['ASNB/0708271685_09022020_164516.940.txt', 'PASS', 1],
    ['jejik/rabobank-iban.sta', 'PASS', 1],
    ['self-provided/raphaelm.sta', 'PASS', 2],
    ['sberbank/171011_01234945.sta', 'PASS', 1],
    ['mBank/mt940.sta', 'PASS', 1],
    // Cut samples: the second message opens where the first did not close.
    ['jejik/abnamro.sta', 'RECONCILE_WARN', 1],
    ['betterplace/sepa_snippet.sta', 'RECONCILE_WARN', 2],
    // MT942 interim reports state no balance; their :90D:/:90C: totals still have to agree.
    ['mBank/mt942.sta', 'NO_BAL', 1],
    ['self-provided/mt942.sta', 'RECONCILE_WARN', 1],
    // Only an opening balance: nothing to check against.
    ['self-provided/gv_codes.sta', 'NO_BAL', 1],
  ];
  for (const [rel, status, statements] of verdicts) {
    it(`${rel}: ${status} over ${statements} statement(s)`, async () => {
      const r = await convertFile(`${MT940_DIR}/${rel}`);
      expect(r.reconcile_status).toBe(status);
      expect(r.statements).toHaveLength(statements);
      if (status === 'PASS') expect(r.statements!.every((s) => s.reconcile_status === 'PASS')).toBe(true);
    });
  }

  it('every statement of sepa_mt9401 carries its own figures; the rows of each are contiguous', async () => {
    const r = await convertFile(`${MT940_DIR}/betterplace/sepa_mt9401.sta`);
    let next = 1;
    for (const s of r.statements!) {
      expect(s.first_row).toBe(next);
      next += s.row_count;
      expect(s.opening_balance).toMatch(/^-?\d+\.\d{2}$/);
      expect(s.closing_balance).toMatch(/^-?\d+\.\d{2}$/);
    }
    expect(next - 1).toBe(r.transactions.length);
    // The RC reversal row is money out, confirmed by its statement's balances.
    const rc = r.transactions.find((t) => t.Amount === '-204.88');
    expect(rc).toBeTruthy();
  });

  it('a broken message between statements is reported: abnamro 19322 opens where 19321 did not close', async () => {
    const r = await convertFile(`${MT940_DIR}/jejik/abnamro.sta`);
    expect(r.warnings.some((w) => w.code === 'balance_mismatch' && /rows are missing between them/.test(w.message))).toBe(true);
  });

  it('details: ?NN subfields in a stable order with the SEPA end-to-end reference; /CODE/ fields; free text', async () => {
    const g = await convertFile(`${MT940_DIR}/self-provided/gv_codes.sta`);
    expect(g.transactions[0].Description).toContain('SPOTIFY');
    expect(g.transactions[0].Description.startsWith('PayPal (Europe)')).toBe(true);
    expect(g.transactions[0].Reference).toBe('1234567890123 PAYPAL');
    const rabo = await convertFile(`${MT940_DIR}/jejik/rabobank-iban.sta`);
    expect(rabo.transactions[1].Description).toBe('JOHN DOE Reference 201301234');
    // A 65-character line wraps inside a word.
    expect(rabo.transactions[0].Description).toBe('CONTRA ACCOUNT HOLDER');
    const spk = await convertFile(`${MT940_DIR}/self-provided/sparkassen.sta`);
    expect(spk.transactions[0]).toMatchObject({ Amount: '30.00', Description: 'GUTSCHR. UEBERWEISUNG Test' });
    expect(spk.warnings.map((w) => w.code)).toContain('currency_assumed');
  });
});
