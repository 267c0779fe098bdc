import { describe, expect, it } from 'vitest';
import { countWordMarks, inferCurrency } from './currency-evidence.js';

describe('the currency a statement points to when it prints none with its figures', () => {
  it('reads marks beside figures first, "kr" by the language', () => {
    expect(inferCurrency('Saldo 1 234,56 zł')).toEqual({ code: 'PLN', from: 'marks' });
    expect(inferCurrency('Pix -R$ 12,00')).toEqual({ code: 'BRL', from: 'marks' });
    expect(countWordMarks('ICA 350,00 kr', 'sv').get('SEK')).toBe(1);
    expect(countWordMarks('ICA 350,00 kr', null).size).toBe(0);
  });
  it('then the IBAN country, from the text outside the rows', () => {
    expect(inferCurrency('rows', 'IBAN PL61 1090 1014 0000 0712 1981 2874')).toEqual({ code: 'PLN', from: 'iban' });
    expect(inferCurrency('TRANSFER TO DE89 3704 0044 0532 0130 00', 'Statement')).toBeNull();
  });
  it("then the bank's country, named once (Zambian, South African, Sri Lankan letterheads)", () => {
    expect(inferCurrency('x', 'Zanaco Plc, Cairo Road, Lusaka, Zambia')?.code).toBe('ZMW');
    expect(inferCurrency('x', 'Head office: Sandton, Johannesburg. Tel +27 11 000 0000')?.code).toBe('ZAR');
    expect(inferCurrency('x', 'Commercial Bank, Colombo 01, Sri Lanka')?.code).toBe('LKR');
    expect(inferCurrency('x', 'Offices in London and Sydney NSW, Australia')).toBeNull();
  });
  it('then a number format one currency prints, then the language', () => {
    expect(inferCurrency('Balance 12,34,567.89 Withdrawal 1,25,000.00')).toEqual({ code: 'INR', from: 'number format' });
    expect(inferCurrency("Saldo 1'234.50 Betrag 12'000.00")).toEqual({ code: 'CHF', from: 'number format' });
    expect(inferCurrency('Data operazione Descrizione Dare Avere Saldo iniziale Saldo finale')).toEqual({ code: 'EUR', from: 'language' });
    expect(inferCurrency('Date Description Amount Balance')).toBeNull();
  });
});
