// Ruled text reports: the rule's joints give the columns, stacked header parts join (hyphenated words
// run on), words go to the column they overlap most, a header repeated on a later page is skipped, and
// lines outside the table keep a label apart from its figure.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import { readRuledTable } from './ruled-table.js';

const REPORT = [
  'CARD ACCOUNT REPORT',
  'OPENING BALANCE:                           100.00',
  '----------+---------+------------------+----------',
  '   CARD   |  BOOK-  |    PLACE,        |   AMOUNT',
  '          |ING DATE |    CURRENCY      |',
  '----------+---------+------------------+----------',
  'MAESTRO     01MAR24  SHOP A       GBP       12.30',
  '                     LONDON',
  '            02MAR24  REFUND       GBP     5.00CR',
  '\f----------+---------+------------------+----------',
  '   CARD   |  BOOK-  |    PLACE,        |   AMOUNT',
  '          |ING DATE |    CURRENCY      |',
  '----------+---------+------------------+----------',
  '            03MAR24  SHOP B       GBP        1.00',
  '----------+---------+------------------+----------',
  'CLOSING BALANCE:                            91.70',
].join('\n');

describe('ruled text reports', () => {
  it('become records: preamble, one joined header, rows cut by the rule, trailer', () => {
    const recs = readRuledTable(REPORT)!;
    expect(recs.map((r) => r.cells)).toEqual([
      ['CARD ACCOUNT REPORT'],
      ['OPENING BALANCE:', '100.00'],
      ['CARD', 'BOOKING DATE', 'PLACE, CURRENCY', 'AMOUNT'],
      ['MAESTRO', '01MAR24', 'SHOP A GBP', '12.30'],
      ['', '', 'LONDON', ''],
      ['', '02MAR24', 'REFUND GBP', '5.00CR'],
      ['', '03MAR24', 'SHOP B GBP', '1.00'],
      ['CLOSING BALANCE:', '91.70'],
    ]);
    expect(recs[3].line).toBe(7);
  });

  it('converts: CR marks the only credits, the opening and closing lines check every row', async () => {
    const r = await convert(new TextEncoder().encode(REPORT), { filename: 'report.txt' });
    expect(r.transactions.map((t) => [t.Date, t.Amount, t.Description])).toEqual([
      ['01/03/2024', '-12.30', 'SHOP A GBP LONDON'],
      ['02/03/2024', '5.00', 'REFUND GBP'],
      ['03/03/2024', '-1.00', 'SHOP B GBP'],
    ]);
    expect(r.meta.inputKind).toBe('text');
    expect(r.reconcile_status).toBe('PASS');
  });

  it('text without a rule followed by a "|" header is not a ruled table', () => {
    expect(readRuledTable('Date Description Amount\n01/03/2024 SHOP 1.00\n')).toBeNull();
    expect(readRuledTable('----------+-------+------\nnot a header\n----------+-------+------\n')).toBeNull();
  });
});
