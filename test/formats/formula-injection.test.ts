// A formula-injection corpus through every spreadsheet-like output (csv, xlsx, xero, quickbooks, sage):
// every text cell comes back inert, and negative amounts are still plain numbers.
import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../src/engine/types.js';
import { needsGuard } from '../../src/formats/formula-guard.js';
import { ctxOf, fixture } from './fixture.js';
import { bytesOf, pythonHas, readWithPython } from './helpers.js';

const CORPUS = [
  '=HYPERLINK("http://x")',
  '=1+1',
  '+1+1',
  '-1+1',
  '@SUM(A1:A2)',
  '\t=1+1',
  '\r=1+1',
  '  =1+1',
  ' @x',
  '\0=1',
  "=cmd|' /C calc'!A0",
  '-',
  '+',
  '=',
];

function corpusResult() {
  const r = fixture();
  const proto = r.transactions[0];
  r.transactions = CORPUS.map((text, i): Transaction => ({
    ...proto,
    Description: text,
    Reference: text,
    Debit: `${i + 1}.00`,
    Amount: `-${i + 1}.00`,
    Balance: `-${i + 10}.50`,
  }));
  r.transaction_count = r.transactions.length;
  r.provenance = r.transactions.map(() => null);
  r.warnings = [{ code: 'rows_skipped', message: '=HYPERLINK("http://x")' }];
  return r;
}

const CSV_TEXT_COLUMNS: Record<string, number[]> = { csv: [1, 7], xero: [2, 3, 4], quickbooks: [1], sage: [5, 6] };
const CSV_NUMBER_COLUMNS: Record<string, number[]> = { csv: [3, 5, 6], xero: [1], quickbooks: [2], sage: [7] };

describe('formula injection', () => {
  for (const format of ['csv', 'xero', 'quickbooks', 'sage'] as const) {
    it(`${format}: every text cell is inert, amounts stay numbers`, async () => {
      const text = (await bytesOf(format, ctxOf(corpusResult()))).toString('utf8');
      const [, ...rows]: string[][] = parse(text, { relax_quotes: false });
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        for (const j of CSV_TEXT_COLUMNS[format]) {
          expect(needsGuard(row[j]), `${format} column ${j}: ${JSON.stringify(row[j])}`).toBe(false);
        }
        for (const j of CSV_NUMBER_COLUMNS[format]) expect(row[j]).toMatch(/^-?\d+\.\d{2}$/);
      }
      expect(rows.some((r) => r[CSV_TEXT_COLUMNS[format][0]].startsWith("'="))).toBe(true);
    });
  }

  it('xlsx: no formula cells, text guarded, negative amounts numeric (exceljs)', async () => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await bytesOf('xlsx', ctxOf(corpusResult()))) as unknown as ArrayBuffer);
    for (const ws of wb.worksheets) {
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          if (typeof cell.value === 'string') expect(needsGuard(cell.value), JSON.stringify(cell.value)).toBe(false);
        }),
      );
    }
    const tx = wb.getWorksheet('Transactions')!;
    expect(tx.getCell('B2').value).toBe(`'${CORPUS[0]}`);
    expect(tx.getCell('F2').value).toBe(-1);
    expect(tx.getCell('G2').value).toBe(-10.5);
  });

  it.runIf(pythonHas('openpyxl'))('xlsx: openpyxl sees strings and numbers, never formulas', async () => {
    const book = readWithPython('read_xlsx.py', await bytesOf('xlsx', ctxOf(corpusResult())), '.xlsx');
    for (const sheet of ['Transactions', 'Summary']) {
      for (const row of book[sheet].rows) {
        for (const c of row) {
          expect(c.t).not.toBe('f');
          if (typeof c.v === 'string') expect(needsGuard(c.v)).toBe(false);
        }
      }
    }
    expect(book.Transactions.rows[1][5]).toMatchObject({ v: -1, t: 'n' });
  });
});
