// Danish statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const DA: LanguageTable = {
  code: 'da',
  name: 'Danish',
  currency: 'DKK',
  columns: {
    date: ['dato', 'transaktionsdato'],
    bookingDate: ['bogført', 'bogføringsdato', 'bogført dato'],
    valueDate: ['valør', 'valørdato', 'rentedato'],
    description: ['tekst', 'beskrivelse', 'posteringstekst'],
    debit: ['hævet', 'udbetaling', 'udgående'],
    credit: ['indsat', 'indbetaling', 'indgående'],
    amount: ['beløb', 'beløb dkk'],
    balance: ['saldo', 'bogført saldo'],
    foreign: ['originalbeløb', 'beløb i valuta', 'valutabeløb'],
  },
  opening: ['primosaldo', 'saldo primo', 'indgående saldo', 'startsaldo'],
  closing: ['ultimosaldo', 'saldo ultimo', 'udgående saldo', 'slutsaldo'],
  carried: ['transport', 'overført'],
  months: [
    ['jan', 'januar'],
    ['feb', 'februar'],
    ['mar', 'marts'],
    ['apr', 'april'],
    ['maj'],
    ['jun', 'juni'],
    ['jul', 'juli'],
    ['aug', 'august'],
    ['sep', 'september'],
    ['okt', 'oktober'],
    ['nov', 'november'],
    ['dec', 'december'],
  ],
};
