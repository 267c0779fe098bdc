// Totals printed over both figure columns ("TOTAL DES MOUVEMENTS") are checked against the rows, and
// with the closing balance they end the table.
import { describe, expect, it } from 'vitest';
import { balance, header, row, rows, totals } from './french-statement.test-text.js';

describe('totals over the figure columns', () => {
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
});
