import { describe, expect, it } from 'vitest';
import { convert } from './convert.js';

const csv = new TextEncoder().encode('Date,Description,Amount,Balance\n02/01/2024,Coffee,-3.50,96.50\n03/01/2024,Salary,100.00,196.50\n');

describe('a currency the caller states', () => {
  it('takes the place of the one assumed, and the note that it was assumed goes', async () => {
    const plain = await convert(csv, { filename: 's.csv' });
    expect(plain.transactions[0].Currency).toBe('GBP');
    expect(plain.warnings.map((w) => w.code)).toContain('currency_assumed');
    const zar = await convert(csv, { filename: 's.csv', currency: 'zar' });
    expect(zar.transactions.map((t) => t.Currency)).toEqual(['ZAR', 'ZAR']);
    expect(zar.warnings.map((w) => w.code)).not.toContain('currency_assumed');
  });
  it('is refused when ISO 4217 has no such code', async () => {
    await expect(convert(csv, { filename: 's.csv', currency: 'XYZ' })).rejects.toMatchObject({ code: 'invalid_request' });
  });
  it("replaces a currency the headers' language suggested, too", async () => {
    const de = new TextEncoder().encode('Buchungstag;Verwendungszweck;Betrag;Saldo\n02.01.2024;Kaffee;-3,50;96,50\n03.01.2024;Gehalt;100,00;196,50\n');
    expect((await convert(de, { filename: 's.csv' })).transactions[0].Currency).toBe('EUR');
    expect((await convert(de, { filename: 's.csv', currency: 'CHF' })).transactions.map((t) => t.Currency)).toEqual(['CHF', 'CHF']);
  });
});

describe('an export that prints no currency', () => {
  it('is read in the currency its language points to, and says so', async () => {
    const pl = new TextEncoder().encode('Data;Opis operacji;Kwota;Saldo po operacji\n02.01.2024;Kawa;-3,50;96,50\n03.01.2024;Pensja;100,00;196,50\n');
    const r = await convert(pl, { filename: 's.csv' });
    expect(r.transactions.map((t) => t.Currency)).toEqual(['PLN', 'PLN']);
    expect(r.warnings.map((w) => w.code)).toContain('currency_inferred');
  });
});
