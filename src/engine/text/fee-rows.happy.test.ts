// Fee rows printed around their figure line: grouped for sure where the table's evidence says so, said
// to be a guess where it does not.
import { describe, expect, it } from 'vitest';
import { at, balance, cols, cont, header, row, rows, totals } from './french-statement.test-text.js';

describe('fee rows around their figure line', () => {
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
});
