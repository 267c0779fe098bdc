// Round trip of the xlsx output through two independent readers: exceljs's reader and Debian's
// python3-openpyxl. Dates must come back as date cells of the same day, amounts as numbers equal to the
// exact decimal, text as text (never a formula).
import ExcelJS from 'exceljs';
import { beforeAll, describe, expect, it } from 'vitest';
import { TRANSACTION_FIELDS } from '../../src/engine/types.js';
import { ctxOf, fixture, FIXTURE_PAYEES } from './fixture.js';
import { bytesOf, pythonHas, readWithPython, unguard } from './helpers.js';

const result = fixture();
const isoOf = (dmy: string) => dmy.split('/').reverse().join('-');
const TEXT = new Set(['Description', 'Type', 'Reference', 'Currency']);
const MONEY = new Set(['Debit', 'Credit', 'Amount', 'Balance']);
let bytes: Buffer;

beforeAll(async () => {
  bytes = await bytesOf('xlsx', ctxOf(result));
});

describe('xlsx round trip: exceljs reader', () => {
  it('Transactions: header, real dates, numbers, text, frozen header, autofilter', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Transactions', 'Summary']);
    const ws = wb.getWorksheet('Transactions')!;
    expect(ws.getRow(1).values).toEqual([undefined, ...TRANSACTION_FIELDS, 'Payee']);
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(ws.autoFilter).toBeTruthy();
    result.transactions.forEach((t, i) => {
      const row = ws.getRow(i + 2);
      TRANSACTION_FIELDS.forEach((f, j) => {
        const cell = row.getCell(j + 1);
        expect(cell.type, `${f} of row ${i + 1}`).not.toBe(ExcelJS.ValueType.Formula);
        if (f === 'Date') {
          expect(cell.value).toBeInstanceOf(Date);
          expect((cell.value as Date).toISOString()).toBe(`${isoOf(t.Date)}T00:00:00.000Z`);
          expect(cell.numFmt).toBe('dd/mm/yyyy');
        } else if (MONEY.has(f)) {
          if (t[f] === '') expect(cell.value).toBeNull();
          else {
            expect(typeof cell.value).toBe('number');
            expect((cell.value as number).toFixed(2)).toBe(t[f]);
            expect(cell.numFmt).toBe('#,##0.00');
          }
        } else if (TEXT.has(f)) {
          expect(unguard((cell.value as string | null) ?? '')).toBe(t[f]);
        }
      });
      const payee = row.getCell(TRANSACTION_FIELDS.length + 1);
      expect(payee.type).not.toBe(ExcelJS.ValueType.Formula);
      expect(unguard(payee.value as string)).toBe(FIXTURE_PAYEES[i]);
    });
  });

  it('Summary: verdict, totals in and out, balances and every warning', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(bytes as unknown as ArrayBuffer);
    const ws = wb.getWorksheet('Summary')!;
    const byLabel = new Map<string, unknown>();
    ws.eachRow((row) => byLabel.set(row.getCell(1).text, row.getCell(2).value));
    expect(byLabel.get('Bank')).toBe('barclays');
    expect(byLabel.get('Reconcile status')).toBe('PASS');
    expect(byLabel.get('Reconcile difference')).toBe(0);
    expect(byLabel.get('Transactions')).toBe(13);
    expect(byLabel.get('Money in (GBP)')).toBe(2603.21);
    expect(byLabel.get('Money out (GBP)')).toBe(1449.12);
    expect(byLabel.get('Opening balance')).toBe(1000);
    expect(byLabel.get('Closing balance')).toBe(2154.09);
    expect(byLabel.get('Warnings')).toBe(2);
    expect(byLabel.get('year_inferred')).toBe(result.warnings[0].message);
    expect(byLabel.get('duplicate_rows_suspected')).toBe(`'${result.warnings[1].message}`);
  });
});

describe('xlsx round trip: python3-openpyxl', () => {
  it.runIf(pythonHas('openpyxl'))('reads dates as dates, amounts as numbers, text as strings', () => {
    const book = readWithPython('read_xlsx.py', bytes, '.xlsx');
    expect(book.sheets).toEqual(['Transactions', 'Summary']);
    const sheet = book.Transactions;
    expect(sheet.freeze).toBe('A2');
    expect(sheet.autofilter).toBe(`A1:J${result.transactions.length + 1}`);
    expect(sheet.widths.B.width ?? sheet.widths.B).toBeGreaterThan(20);
    expect(sheet.rows[0].map((c: { v: string }) => c.v)).toEqual([...TRANSACTION_FIELDS, 'Payee']);
    result.transactions.forEach((t, i) => {
      const cells = sheet.rows[i + 1];
      TRANSACTION_FIELDS.forEach((f, j) => {
        const c = cells[j];
        expect(c.t, `${f} of row ${i + 1}`).not.toBe('f');
        if (f === 'Date') {
          expect(c).toMatchObject({ v: isoOf(t.Date), t: 'd', fmt: 'dd/mm/yyyy' });
        } else if (MONEY.has(f)) {
          if (t[f] === '') expect(c.v).toBeNull();
          else {
            expect(c.t).toBe('n');
            expect(c.v.toFixed(2)).toBe(t[f]);
            expect(c.fmt).toBe('#,##0.00');
          }
        } else {
          if (t[f] !== '') expect(c.t).toBe('s');
          expect(unguard(c.v ?? '')).toBe(t[f]);
        }
      });
      expect(cells[TRANSACTION_FIELDS.length]).toMatchObject({ t: 's' });
      expect(unguard(cells[TRANSACTION_FIELDS.length].v)).toBe(FIXTURE_PAYEES[i]);
    });
    const summary = new Map(book.Summary.rows.map((r: { v: unknown }[]) => [r[0]?.v, r[1]?.v]));
    expect(summary.get('Reconcile status')).toBe('PASS');
    expect(summary.get('Money out (GBP)')).toBe(1449.12);
  });
});
