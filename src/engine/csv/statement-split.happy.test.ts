// Where joined exports are cut: a record that reads as the header row again, compared as header words
// (case, accents and punctuation aside), starts the next statement.
import { describe, expect, it } from 'vitest';
import type { TextRecord } from './records.js';
import { splitTable } from './statement-split.js';

const records = (rows: string[][]): TextRecord[] => rows.map((cells, i) => ({ cells, line: i + 1 }));

describe('splitTable', () => {
  it('cuts at a repeated header printed in another case, with accents and punctuation', () => {
    const head = ['Dátum', 'Popis', 'Suma (EUR)', 'Zostatok'];
    const recs = records([
      head,
      ['01.02.2024', 'Nákup', '-1,00', '9,00'],
      ['02.02.2024', 'Vklad', '2,00', '11,00'],
      ['DATUM', 'POPIS', 'SUMA EUR', 'ZOSTATOK'],
      ['01.03.2024', 'Nákup', '-1,00', '10,00'],
      ['02.03.2024', 'Vklad', '2,00', '12,00'],
    ]);
    const split = splitTable(recs, 0, head);
    expect(split?.parts.map((p) => p.map((r) => r.line))).toEqual([
      [1, 2, 3],
      [4, 5, 6],
    ]);
  });

  it('cuts at a repeated header whose first cell starts with a letter outside ASCII', () => {
    const head = ['Částka', 'Datum', 'Zůstatek'];
    const recs = records([
      head,
      ['-1,00', '01.02.2024', '9,00'],
      ['-2,00', '02.02.2024', '7,00'],
      ['CASTKA', 'DATUM', 'ZUSTATEK'],
      ['-1,00', '01.03.2024', '6,00'],
      ['-2,00', '02.03.2024', '4,00'],
    ]);
    expect(splitTable(recs, 0, head)?.parts.length).toBe(2);
  });

  it('does not cut at a row that only starts like the header', () => {
    const head = ['Date', 'Description', 'Amount'];
    const recs = records([head, ['01/02/2024', 'Date night', '-10.00'], ['Date', 'Description', 'Amount total'], ['02/02/2024', 'Shop', '-1.00']]);
    expect(splitTable(recs, 0, head)).toBeNull();
  });
  it("an IBAN column that changes on most rows names each row's counterparty: no cut", () => {
    const head = ['Date', 'IBAN', 'Description', 'Amount', 'Balance'];
    const recs = records([
      head,
      ['01.02.2024', 'DE11111111111111111111', 'Rent', '-500,00', '1500,00'],
      ['02.02.2024', 'DE22222222222222222222', 'Salary', '2000,00', '3500,00'],
      ['03.02.2024', 'DE33333333333333333333', 'Shop', '-20,00', '3480,00'],
    ]);
    expect(splitTable(recs, 0, head)).toBeNull();
  });
});
