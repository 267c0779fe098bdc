// Norwegian statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const NO_: LanguageTable = {
  code: 'no',
  name: 'Norwegian',
  currency: 'NOK',
  columns: {
    date: ['dato', 'transaksjonsdato'],
    bookingDate: ['bokført', 'bokføringsdato', 'bokført dato'],
    valueDate: ['rentedato', 'valutadato'],
    description: ['beskrivelse', 'forklaring', 'tekst', 'transaksjonstekst'],
    debit: ['ut av konto', 'uttak', 'belastet'],
    credit: ['inn på konto', 'innskudd', 'godskrevet'],
    amount: ['beløp', 'beløp nok'],
    balance: ['saldo'],
    foreign: ['originalbeløp', 'opprinnelig beløp', 'beløp i valuta', 'valutabeløp'],
  },
  opening: ['inngående saldo', 'saldo fra forrige utskrift'],
  closing: ['utgående saldo', 'saldo i favør'],
  carried: ['overført', 'transport'],
  months: [
    ['jan', 'januar'],
    ['feb', 'februar'],
    ['mar', 'mars'],
    ['apr', 'april'],
    ['mai'],
    ['jun', 'juni'],
    ['jul', 'juli'],
    ['aug', 'august'],
    ['sep', 'september'],
    ['okt', 'oktober'],
    ['nov', 'november'],
    ['des', 'desember'],
  ],
};
