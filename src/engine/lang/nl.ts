// Dutch statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const NL: LanguageTable = {
  code: 'nl',
  name: 'Dutch',
  currency: 'EUR',
  columns: {
    date: ['datum', 'datum transactie', 'transactiedatum'],
    bookingDate: ['boekdatum', 'boekingsdatum', 'datum boeking', 'rentedatum'],
    valueDate: ['valutadatum', 'valuta datum'],
    description: ['omschrijving', 'naam / omschrijving', 'mededelingen', 'beschrijving', 'naam'],
    debit: ['af', 'debet', 'bedrag af', 'uitgaven', 'bedrag af debet'],
    credit: ['bij', 'credit', 'bedrag bij', 'inkomsten', 'bedrag bij credit'],
    amount: ['bedrag', 'bedrag eur', "bedrag in euro's", 'transactiebedrag'],
    balance: ['saldo', 'saldo na mutatie'],
  },
  opening: ['beginsaldo', 'begin saldo', 'oud saldo', 'vorig saldo', 'vorig openstaand saldo', 'saldo vorig afschrift'],
  closing: ['eindsaldo', 'nieuw saldo', 'nieuw openstaand saldo', 'saldo nieuw'],
  carried: ['transport', 'over te brengen'],
  totalOut: ['totaal af', 'totaal debet', 'totaal nieuwe uitgaven'],
  totalIn: ['totaal bij', 'totaal credit', 'totaal ontvangen betalingen'],
  debitMarks: ['af', 'd'],
  creditMarks: ['bij', 'c'],
  months: [
    ['jan', 'januari'],
    ['feb', 'februari'],
    ['mrt', 'maart'],
    ['apr', 'april'],
    ['mei'],
    ['jun', 'juni'],
    ['jul', 'juli'],
    ['aug', 'augustus'],
    ['sep', 'sept', 'september'],
    ['okt', 'oktober'],
    ['nov', 'november'],
    ['dec', 'december'],
  ],
};
