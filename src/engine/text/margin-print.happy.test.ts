// A PDF's margin print that a text conversion sets between body lines takes no room: not a line, not a
// gap (margin-print.ts).
import { describe, expect, it } from 'vitest';
import { withoutMarginPrint } from './margin-print.js';
import { buildLines } from '../layout/line-builder.js';
import { at, balance, cols, cont, header, row, rows, totals } from './french-statement.test-text.js';

describe('margin print', () => {
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
});
