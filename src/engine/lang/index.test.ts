import { describe, expect, it } from 'vitest';
import { monthFromName } from '../dates.js';
import { parseDateString } from '../layout/date-words.js';
import { labelRole } from '../layout/lexicon.js';
import { roleOfHeader } from '../csv/header-words.js';
import { COLUMN_WORDS, LANGUAGES, languageOf, MONTH_NAMES } from './index.js';

describe('language tables', () => {
  it('cover the fifteen languages the engine promises', () => {
    const codes = LANGUAGES.map((t) => t.code);
    for (const c of ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'no', 'fi', 'cs', 'ru', 'tr']) expect(codes).toContain(c);
  });
  it('give every language twelve months', () => {
    for (const t of LANGUAGES) expect(t.months?.length ?? 12).toBe(12);
    expect(MONTH_NAMES).toHaveLength(12);
  });
  it('drop a label two languages give different roles (the column decides)', () => {
    // "valor": a value date in Spanish, the amount in Portuguese.
    expect(COLUMN_WORDS.has('valor')).toBe(false);
    expect(COLUMN_WORDS.get('saldo')).toBe('balance');
  });
  it('name booking dates as the row date and value dates apart', () => {
    expect(labelRole('bu-tag')).toBe('date');
    expect(labelRole('wert')).toBe('valuedate');
    expect(labelRole('date ope.')).toBe('date');
    expect(labelRole('date valeur')).toBe('valuedate');
    expect(labelRole('bokfort')).toBe('date');
    expect(labelRole('valutadag')).toBe('valuedate');
    expect(labelRole('dare')).toBe('debit');
    expect(labelRole('avere')).toBe('credit');
    expect(labelRole('uttag')).toBe('debit');
    expect(labelRole('insattning')).toBe('credit');
    expect(labelRole('приход')).toBe('credit');
    expect(labelRole('saldo po operacji')).toBe('balance');
    expect(roleOfHeader('Insättning')).toBe('credit');
    expect(roleOfHeader('Tarih')).toBe('date');
  });
  it('read month names of every table, in both date readers', () => {
    expect(monthFromName('ago')).toBe(8);
    expect(monthFromName('Aralık')).toBe(12);
    expect(monthFromName('lokakuuta')).toBe(10);
    expect(parseDateString('1 ago 2024')?.b).toBe(8);
    expect(parseDateString('01-ago-2024')?.b).toBe(8);
    expect(parseDateString('12-Lis-2024')?.b).toBe(11);
  });
  it('tell the language of a statement from its words', () => {
    expect(languageOf('data operazione descrizione dare avere saldo iniziale saldo finale')?.code).toBe('it');
    expect(languageOf('bokfört text belopp saldo ingående saldo utgående saldo'.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))?.code).toBe('sv');
    expect(languageOf('date description amount')?.currency).toBeUndefined();
    expect(languageOf('saldo')).toBeNull();
  });
});
