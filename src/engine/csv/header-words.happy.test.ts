// A header's words name its columns and its currency, in the banks' own words and languages;
// each case a small made-up export in the shape of a real one.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });
const amounts = (r: EngineResult) => r.transactions.map((t) => t.Amount);

describe('header words name the columns', () => {
  it('reads "Posted On" as the date and "Running Total" as the balance', async () => {
    const r = await run('Posted On,Details,Money Out,Money In,Running Total\n14/09/2026,SHOP A,10.00,,990.00\n15/09/2026,PAY IN,,100.00,1090.00\n');
    expect(amounts(r)).toEqual(['-10.00', '100.00']);
    expect(r.transactions.map((t) => t.Balance)).toEqual(['990.00', '1090.00']);
    expect(r.reconcile_status).toBe('PASS');
  });

  it('reads Finnish "Pvm", "Funds Out"/"Funds In", a "CAD$" amount and a "Disponible" balance', async () => {
    const fi = await run(
      '"Pvm";"Saaja/Maksaja";"Määrä";"Saldo"\n"07.03.2017";"Food Place";"-8,50";"2 649,54"\n"02.03.2017";"Evil Corp";"1 424,00";"2 658,04"\n',
    );
    expect(amounts(fi)).toEqual(['-8.50', '1424.00']);
    expect(fi.reconcile_status).toBe('PASS');
    const simplii = await run('Date, Transaction Details, Funds Out, Funds In\n06/10/2017,PAYROLL DEPOSIT,,123.45\n07/10/2017,RENT,50.00,\n');
    expect(amounts(simplii)).toEqual(['123.45', '-50.00']);
    const rbc = await run('"Account Type","Transaction Date","Description 1","CAD$","USD$"\nChequing,6/10/2017,"Merchant",-4.00,\n');
    expect(amounts(rbc)).toEqual(['-4.00']);
    const bbva = await run('Fecha;Concepto;Importe;Disponible\n30/06/2023;Dia;-6,89;109,60\n29/06/2023;Simply;-4,55;116,49\n');
    expect(bbva.transactions.map((t) => t.Balance)).toEqual(['109.60', '116.49']);
  });

  it('reads Dutch "Beschrijving" as the description (NIBC)', async () => {
    const r = await run('Nr v/d verrichting;Boekhdk. datum;Beschrijving;Bedrag v/d verrichting;Munt\n0000016;30-09-2021;Renteuitkering;0,51;EUR\n');
    expect(r.transactions.map((t) => t.Description)).toEqual(['Renteuitkering']);
  });

  it('a dollar sign in a money header ("Amount ($)") names the currency', async () => {
    const r = await run('Run Date,Action,Amount ($)\n01/27/2023,DIRECT DEBIT POWER CO,-50.5\n01/23/2023,DIRECT DEPOSIT PAYROLL,900\n');
    expect(r.transactions.map((t) => t.Currency)).toEqual(['USD', 'USD']);
    expect(r.warnings.map((w) => w.code)).not.toContain('currency_assumed');
    const cad = await run('Date,Details,Amount (C$)\n27/01/2023,POWER CO,-50.50\n23/01/2023,PAYROLL,900.00\n');
    expect(cad.transactions[0].Currency).toBe('CAD');
  });

  it('"Monn." (monnaie) names the currency column', async () => {
    const r = await run(
      [
        'Produit;Monn.;Description;Date de valeur;Débit;Crédit;Solde',
        'Compte 1;CHF;Frais;05.01.2024;5.00;;995.00',
        'Compte 1;CHF;Virement;06.01.2024;;100.00;1095.00',
      ].join('\n'),
    );
    expect(r.transactions.map((t) => t.Currency)).toEqual(['CHF', 'CHF']);
    expect(r.warnings.map((w) => w.code)).not.toContain('currency_assumed');
  });
});
