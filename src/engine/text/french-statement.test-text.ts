// A French laid-out statement as pdftotext gives it (DATE COMPTA | LIBELLE/REFERENCE | DATE OPERATION |
// DATE VALEUR | DEBIT | CREDIT), for the tests of text/: lines set at their columns, rows, totals and
// balances. Names and figures are made up.
import { convertFixedWidth } from './index.js';

/** A line with each text set at its column. */
export function at(...cells: [number, string][]): string {
  let s = '';
  for (const [col, text] of cells) s = s.padEnd(col) + text;
  return s;
}

// Columns of one page: `o` shifts the whole page (pages converted one by one may be set apart).
export const cols = (o = 0) => ({ date: 4 + o, label: 14 + o, cont: 17 + o, ref: 52 + o, op: 62 + o, val: 69 + o, debit: 82 + o, credit: 97 + o });

export function header(o = 0): string[] {
  const c = cols(o);
  return [
    at([c.date, 'DATE'], [c.op, 'DATE'], [c.val, 'DATE'], [c.debit, 'DEBIT'], [c.credit, 'CREDIT']),
    at([c.date - 1, 'COMPTA']),
    at([c.label + 10, 'LIBELLE/REFERENCE'], [c.op - 3, 'OPERATION'], [c.val, 'VALEUR'], [c.debit, 'EUROS'], [c.credit, 'EUROS']),
  ];
}

/** A dated figure line: figures right-aligned at the end of their column. */
export function row(o: number, date: string | null, label: string, ref: string, debit: string, credit = ''): string {
  const c = cols(o);
  const cells: [number, string][] = [];
  if (date) cells.push([c.date, date]);
  if (label) cells.push([c.label, label]);
  if (ref) cells.push([c.ref, ref]);
  cells.push([c.op, date ?? '03/03'], [c.val, date ?? '03/03']);
  if (debit) cells.push([c.debit + 8 - debit.length, debit]);
  if (credit) cells.push([c.credit + 9 - credit.length, credit]);
  return at(...cells);
}
export const cont = (text: string, o = 0) => at([cols(o).cont, text]);
export const balance = (label: string, figure: string) => at([20, label], [cols().credit + 9 - figure.length, figure]);
export const totals = (out: string, inn: string) =>
  at([20, 'TOTAL DES MOUVEMENTS'], [cols().debit + 8 - out.length, out], [cols().credit + 9 - inn.length, inn]);

export const rows = async (text: string) => {
  const r = await convertFixedWidth(text, { bank: 'auto', filename: 'releve.txt' });
  return { r, t: r.transactions.map((t) => [t.Date, t.Amount, t.Description]) };
};
