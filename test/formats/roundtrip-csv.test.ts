// Round trip of the CSV-family outputs through csv-parse (an independent RFC 4180 reader): every value
// comes back as the conversion result has it, apart from the documented formula-guard prefix.
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { TRANSACTION_FIELDS } from '../../src/engine/types.js';
import { ctxOf, fixture, FIXTURE_PAYEES } from './fixture.js';
import { bytesOf, unguard } from './helpers.js';
import type { FileFormat } from '../../src/formats/index.js';

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

async function records(format: FileFormat, options = {}) {
  const bytes = await bytesOf(format, ctxOf(fixture(), options));
  expect(bytes.subarray(0, 3).equals(Buffer.from([0xef, 0xbb, 0xbf])), 'no BOM').toBe(false);
  const text = bytes.toString('utf8');
  expect(text.endsWith('\r\n')).toBe(true);
  expect(text.replace(/\r\n/g, '').includes('\n'), 'CRLF only').toBe(false);
  const rows: string[][] = parse(text, { relax_column_count: false });
  return rows;
}

describe('CSV-family round trip (csv-parse)', () => {
  const result = fixture();
  const rows = result.transactions;

  it('csv: the 9 fields in spec order, every value as in the result', async () => {
    const [head, ...body] = await records('csv');
    expect(head).toEqual([...TRANSACTION_FIELDS]);
    expect(body).toHaveLength(rows.length);
    body.forEach((r, i) => {
      const t = rows[i];
      expect(r.map((c, j) => (j === 1 || j === 7 ? unguard(c) : c))).toEqual(TRANSACTION_FIELDS.map((f) => t[f]));
    });
  });

  it('xero: dates, signed amounts, payee (the counterparty)/description (full text)/reference; cheque number only for cheques', async () => {
    const [head, ...body] = await records('xero');
    expect(head).toEqual(['*Date', '*Amount', 'Payee', 'Description', 'Reference', 'Cheque Number']);
    expect(body).toHaveLength(rows.length);
    body.forEach((r, i) => {
      const t = rows[i];
      expect(r[0]).toBe(t.Date);
      expect(r[1]).toBe(t.Amount);
      expect(unguard(r[2])).toBe(FIXTURE_PAYEES[i]);
      expect(unguard(r[3])).toBe(squash(t.Description));
      expect(unguard(r[4])).toBe(t.Reference);
      expect(r[5]).toBe(t.Description.startsWith('CHQ') ? t.Reference : '');
    });
    const [usHead, ...usBody] = await records('xero', { date_format: 'mdy' });
    expect(usHead[5]).toBe('Check Number');
    expect(usBody[3][0]).toBe('03/04/2025');
  });

  it('quickbooks: Date,Description,Amount, zero rows left out, dmy and mdy', async () => {
    const [head, ...body] = await records('quickbooks');
    expect(head).toEqual(['Date', 'Description', 'Amount']);
    const moving = rows.filter((t) => !/^-?0+(\.0+)?$/.test(t.Amount));
    expect(body).toHaveLength(moving.length);
    body.forEach((r, i) => {
      expect(r[0]).toBe(moving[i].Date);
      expect(unguard(r[1])).toBe(squash(moving[i].Description));
      expect(r[2]).toBe(moving[i].Amount);
      expect(r[2]).toMatch(/^-?\d+\.\d{2}$/);
    });
    const [, ...us] = await records('quickbooks', { date_format: 'mdy' });
    expect(us[0][0]).toBe('03/03/2025');
    expect(us[4][0]).toBe('03/05/2025');
  });

  it('sage: BP/BR, positive net, nominal codes, field lengths', async () => {
    const [head, ...body] = await records('sage', { sage_bank_nominal: '1210', sage_nominal: '7500' });
    expect(head).toHaveLength(10);
    expect(body).toHaveLength(rows.length);
    body.forEach((r, i) => {
      const t = rows[i];
      expect(r[0]).toBe(t.Type === 'debit' ? 'BP' : 'BR');
      expect(r.slice(1, 5)).toEqual(['1210', '7500', '0', t.Date]);
      expect([...r[5]].length).toBeLessThanOrEqual(30);
      expect([...r[6]].length).toBeLessThanOrEqual(60);
      expect(squash(t.Description).startsWith(unguard(r[6]))).toBe(true);
      expect(r[7]).toBe(t.Amount.replace(/^-/, ''));
      expect(r.slice(8)).toEqual(['T9', '0.00']);
    });
  });
});
