// French laid-out statements converted by pdftotext (DATE COMPTA | LIBELLE/REFERENCE | DATE OPERATION |
// DATE VALEUR | DEBIT | CREDIT): margin print between lines, fee rows printed around their figure line,
// totals over both figure columns, pages set at other offsets. Names and figures are made up.
import { describe, expect, it } from 'vitest';
import { convertFixedWidth } from './index.js';
import { withoutMarginPrint } from './margin-print.js';
import { buildLines } from '../layout/line-builder.js';

/** A line with each text set at its column. */
function at(...cells: [number, string][]): string {
  let s = '';
  for (const [col, text] of cells) s = s.padEnd(col) + text;
  return s;
}

// Columns of one page: `o` shifts the whole page (pages converted one by one may be set apart).
const cols = (o = 0) => ({ date: 4 + o, label: 14 + o, cont: 17 + o, ref: 52 + o, op: 62 + o, val: 69 + o, debit: 82 + o, credit: 97 + o });

function header(o = 0): string[] {
  const c = cols(o);
  return [
    at([c.date, 'DATE'], [c.op, 'DATE'], [c.val, 'DATE'], [c.debit, 'DEBIT'], [c.credit, 'CREDIT']),
    at([c.date - 1, 'COMPTA']),
    at([c.label + 10, 'LIBELLE/REFERENCE'], [c.op - 3, 'OPERATION'], [c.val, 'VALEUR'], [c.debit, 'EUROS'], [c.credit, 'EUROS']),
  ];
}

/** A dated figure line: figures right-aligned at the end of their column. */
function row(o: number, date: string | null, label: string, ref: string, debit: string, credit = ''): string {
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
const cont = (text: string, o = 0) => at([cols(o).cont, text]);
const balance = (label: string, figure: string) => at([20, label], [cols().credit + 9 - figure.length, figure]);
const totals = (out: string, inn: string) => at([20, 'TOTAL DES MOUVEMENTS'], [cols().debit + 8 - out.length, out], [cols().credit + 9 - inn.length, inn]);

const rows = async (text: string) => {
  const r = await convertFixedWidth(text, { bank: 'auto', filename: 'releve.txt' });
  return { r, t: r.transactions.map((t) => [t.Date, t.Amount, t.Description]) };
};

describe('French laid-out statements (sixth round)', () => {
  it('margin print between two lines of a row, and between the lines of a stacked header, takes no room', async () => {
    // The table stands 40 columns in; the margin print at the page's left edge.
    const body = (lines: string[]) => lines.map((l) => (l ? ' '.repeat(40) + l : l));
    const [top, compta, labels] = header();
    const table = [
      ...body([balance('SOLDE CREDITEUR AU 01/03/2021', '1 000,00'), row(0, '02/03', 'VIREMENT SEPA', '', '', '50,00')]),
      '12345678*000001*ABCDEF',
      '',
      '',
      '',
      ...body([
        cont('EVI JEAN MARTIN'),
        row(0, '04/03', 'PRLV SEPA EAU DU LAC', 'AB12CD3', '20,00'),
        cont('CONTRAT 4455'),
        totals('20,00', '50,00'),
        balance('SOLDE CREDITEUR AU 31/03/2021*', '1 030,00'),
      ]),
    ];
    const { r, t } = await rows(['RELEVE AU 31/03/2021', ...body([top, compta, labels]), ...table].join('\n'));
    expect(t).toEqual([
      ['02/03/2021', '50.00', 'VIREMENT SEPA EVI JEAN MARTIN'],
      ['04/03/2021', '-20.00', 'PRLV SEPA EAU DU LAC AB12CD3 CONTRAT 4455'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
    // The description label under the header's first line, the stacked "COMPTA" on the line after it,
    // with margin print between them.
    const c = cols();
    const lower = at([c.date - 1, 'COMPTA'], [c.op - 3, 'OPERATION'], [c.val, 'VALEUR'], [c.debit, 'EUROS'], [c.credit, 'EUROS']);
    const split = ['RELEVE AU 31/03/2021', ...body([top, at([c.label + 10, 'LIBELLE/REFERENCE'])]), '00020001', '', '', '', ...body([lower]), ...table];
    expect((await rows(split.join('\n'))).t).toEqual(t);
  });

  it('margin print is only a few words left of the lines around it, right under a line and before a gap', () => {
    const lines = (s: string[]) =>
      buildLines(
        s.flatMap((l, i) => [...l.matchAll(/\S+/g)].map((m) => ({ text: m[0], x0: m.index, x1: m.index + m[0].length, y: i + 1, page: 1, em: 2, lh: 1 }))),
      );
    const kept = withoutMarginPrint(lines(['          first line', 'CODE*1', '', '', '          second line']));
    expect(kept.map((l) => [l.y, l.words[0].text])).toEqual([
      [1, 'first'],
      [2, 'second'],
    ]);
    // Text as far right as the lines around it, or right before the next line, is the body's own.
    expect(withoutMarginPrint(lines(['          first line', '          note', '', '          second line']))).toHaveLength(3);
    expect(withoutMarginPrint(lines(['          first line', 'CODE*1', '          second line']))).toHaveLength(3);
  });

  it('a fee row printing its date on its label line and its figures two lines below is one row, for sure', async () => {
    const c = cols();
    const text = [
      ...header(),
      balance('SOLDE CREDITEUR AU 01/03/2021', '500,00'),
      row(0, '02/03', 'CHEQUE', '0000101', '40,00'),
      at([c.date, '05/03'], [c.label - 3, 'F'], [c.label, 'COTIS OFFRE JEUNE']),
      cont('XCC0123 2021030500001'),
      row(0, null, '', '0000777', '2,50'),
      '',
      cont('CONTRAT 9876'),
      row(0, '06/03', '040321 CB****1111', 'QX12Y3Z', '12,00'),
      cont('BOULANGERIE DU PORT'),
      totals('54,50', ''),
      balance('SOLDE CREDITEUR AU 31/03/2021*', '445,50'),
    ].join('\n');
    const { r, t } = await rows(text);
    expect(t).toEqual([
      ['02/03/2021', '-40.00', 'CHEQUE 0000101'],
      ['05/03/2021', '-2.50', 'F COTIS OFFRE JEUNE XCC0123 2021030500001 0000777 CONTRAT 9876'],
      ['06/03/2021', '-12.00', '040321 CB****1111 QX12Y3Z BOULANGERIE DU PORT'],
    ]);
    expect(r.warnings.map((w) => w.code)).not.toContain('grouping_uncertain');
    expect(r.reconcile_status).toBe('PASS');
  });

  it("a table printing every row's figures on its last line keeps its evidence against figures-first", async () => {
    // Dated lines without figures are the table's habit here, not a row printing its figures late.
    const text = [
      '  Statement period 20 December 2023 to 19 January 2024',
      '  Date      Description                                 Money in     Money out       Balance',
      '            Balance brought forward                                                  0.00',
      '',
      '  20 Dec    PAYMENT FROM A BROWN LEEDS',
      '            CARD 1234 YORK 0099                         1,000.00                  1,000.00',
      '  21 Dec    REFUND SHOP YORK 0099 ON 12',
      '            DEC VISA 1234 GBR',
      '            ON 02 DEC BP                                  200.00                  1,200.00',
      '  22 Dec    PAYMENT FROM A BROWN ON 12 DEC',
      '            VISA 1234 GBR LEEDS CONTACTLESS               300.00                  1,500.00',
      '',
      '            Balance carried forward                                           1,500.00',
    ].join('\n');
    const { r, t } = await rows(text);
    expect(t.map((x) => x[2])).toEqual([
      'PAYMENT FROM A BROWN LEEDS CARD 1234 YORK 0099',
      'REFUND SHOP YORK 0099 ON 12 DEC VISA 1234 GBR ON 02 DEC BP',
      'PAYMENT FROM A BROWN ON 12 DEC VISA 1234 GBR LEEDS CONTACTLESS',
    ]);
    expect(r.warnings.map((w) => w.code)).not.toContain('grouping_uncertain');
  });

  it('a fee label printed above its dated figure line, one line between: that row and the row above are a guess', async () => {
    // The line between may be the row above's (pdftotext lifts a label marked with an icon over it).
    const o = -2;
    const c = cols(o);
    const text = [
      ...header(o),
      balance('SOLDE CREDITEUR AU 01/03/2021', '500,00'),
      row(o, '02/03', '010321 CB****1111', 'QX12Y3A', '30,00'),
      '',
      at([c.label - 3, 'F'], [c.label, 'FRAIS ENVOI']),
      cont('EPICERIE DU COIN', o),
      row(o, '03/03', '', '0000555', '1,40'),
      cont('PLI SIMPLE', o),
      row(o, '04/03', 'VIREMENT SEPA', '', '', '80,00'),
      cont('EVI JEAN MARTIN', o),
      balance('SOLDE CREDITEUR AU 31/03/2021*', '548,60'),
    ].join('\n');
    const { r, t } = await rows(text);
    expect(t.map((x) => x[1])).toEqual(['-30.00', '-1.40', '80.00']);
    // The marked label is kept (its "F" stands left of the description column).
    expect(t[1][2]).toMatch(/^F FRAIS ENVOI/);
    expect(r.warnings.find((w) => w.code === 'grouping_uncertain')?.message).toMatch(/row\(s\) 1, 2 /);
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });

  it('totals printed over both figure columns are checked: a money-out total the rows do not reach is no PASS', async () => {
    const text = (out: string) =>
      [
        ...header(),
        balance('SOLDE CREDITEUR AU 01/03/2021', '100,00'),
        row(0, '02/03', 'CHEQUE', '0000101', '60,00'),
        row(0, '03/03', 'CHEQUE', '0000102', '60,00'),
        row(0, '04/03', 'VIREMENT SEPA', '', '', '200,00'),
        totals(out, '200,00'),
        balance('SOLDE CREDITEUR AU 31/03/2021*', '180,00'),
      ].join('\n');
    expect((await rows(text('120,00'))).r.reconcile_status).toBe('PASS');
    const { r } = await rows(text('60,00'));
    expect(r.warnings.map((w) => w.code)).toContain('totals_mismatch');
    expect(r.reconcile_status).toBe('RECONCILE_WARN');
  });

  it('totals and the closing balance atop a later page end the table: the fee summary and SEPA details after them are no rows', async () => {
    const text = [
      '   DATE                                      DATE       DATE',
      '              LIBELLE / REFERENCE                                    MONTANT',
      '  COMPTA                                   OPERATION   VALEUR',
      '              SOLDE CREDITEUR AU 31/10/2023                         1 000,00 €',
      '   02/11      PRLV SEPA EAU DU LAC           02/11       02/11        - 20,00 €',
      '                CONTRAT 4455',
      '   03/11      VIR SAS EXEMPLE                03/11       03/11         300,00 €',
      '\f   DATE                                      DATE       DATE',
      '              LIBELLE / REFERENCE                                    MONTANT',
      '  COMPTA                                   OPERATION   VALEUR',
      '              TOTAL DES MOUVEMENTS DEBITEURS                          - 20,00 €',
      '              TOTAL DES MOUVEMENTS CREDITEURS                         300,00 €',
      '              SOLDE CREDITEUR AU 30/11/2023*                        1 280,00 €',
      '',
      '              RECAPITULATIF DES FRAIS ET SERVICES BANCAIRES',
      '   05/11  F   COTIS OFFRE                    05/11       05/11         - 2,00 €',
      '   DATE       DETAIL DE VOS PRELEVEMENTS SEPA RECUS                      DEBIT',
      '   02/11      EAU DU LAC        FR12ZZZ000001                          20,00 €',
    ].join('\n');
    const { r, t } = await rows(text);
    expect(t).toEqual([
      ['02/11/2023', '-20.00', 'PRLV SEPA EAU DU LAC CONTRAT 4455'],
      ['03/11/2023', '300.00', 'VIR SAS EXEMPLE'],
    ]);
    expect(r.reconcile_status).toBe('PASS');
    // Both totals are checked.
    const wrong = await rows(text.replace('DEBITEURS                          - 20,00', 'DEBITEURS                          - 25,00'));
    expect(wrong.r.warnings.map((w) => w.code)).toContain('totals_mismatch');
  });

  it("a page set at another offset keeps its rows' further lines", async () => {
    const text = [
      ...header(),
      balance('SOLDE CREDITEUR AU 01/03/2021', '1 000,00'),
      row(0, '02/03', 'PRLV SEPA EAU DU LAC', 'AB12CD3', '20,00'),
      cont('CONTRAT 4455'),
      '\f' + header(60)[0],
      ...header(60).slice(1),
      row(60, '04/03', 'VIR SAS EXEMPLE', 'JK01', '', '300,00'),
      cont('salaire 2021-03', 60),
      row(60, '05/03', 'PRLV SEPA EAU DU LAC', 'AB12CD4', '10,00'),
      cont('CONTRAT 4455', 60),
      at([80, 'SOLDE CREDITEUR AU 31/03/2021*'], [cols(60).credit + 9 - 8, '1 270,00']),
    ].join('\n');
    const { r, t } = await rows(text);
    expect(t.map((x) => x[2])).toEqual([
      'PRLV SEPA EAU DU LAC AB12CD3 CONTRAT 4455',
      'VIR SAS EXEMPLE JK01 salaire 2021-03',
      'PRLV SEPA EAU DU LAC AB12CD4 CONTRAT 4455',
    ]);
    expect(r.reconcile_status).toBe('PASS');
  });
});
