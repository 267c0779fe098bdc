// A page set at another offset (pages converted one by one) keeps its rows' further lines.
import { describe, expect, it } from 'vitest';
import { at, balance, cols, cont, header, row, rows } from './french-statement.test-text.js';

describe('pages at another offset', () => {
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
