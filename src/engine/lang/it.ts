// Italian statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const IT: LanguageTable = {
  code: 'it',
  name: 'Italian',
  currency: 'EUR',
  columns: {
    date: ['data', 'data operazione', 'data op', 'data transazione'],
    bookingDate: ['data contabile', 'data registrazione', 'data contabilizzazione'],
    valueDate: ['data valuta', 'valuta', 'data val'],
    description: ['descrizione', 'causale', 'descrizione operazione', 'dettagli', 'descrizione movimenti'],
    debit: ['dare', 'addebiti', 'addebito', 'uscite', 'importo dare', 'debito'],
    credit: ['avere', 'accrediti', 'accredito', 'entrate', 'importo avere', 'credito'],
    amount: ['importo', 'importo eur'],
    balance: ['saldo', 'saldo contabile', 'saldo disponibile'],
  },
  opening: ['saldo iniziale', 'saldo precedente', 'saldo di apertura', 'saldo contabile iniziale'],
  closing: ['saldo finale', 'saldo di chiusura', 'saldo contabile finale'],
  carried: ['riporto', 'a riportare', 'da riportare'],
  totalOut: ['totale addebiti', 'totale uscite', 'totale dare'],
  totalIn: ['totale accrediti', 'totale entrate', 'totale avere'],
  debitMarks: ['dare'],
  creditMarks: ['a', 'avere'],
  months: [
    ['gen', 'gennaio'],
    ['feb', 'febbraio'],
    ['mar', 'marzo'],
    ['apr', 'aprile'],
    ['mag', 'maggio'],
    ['giu', 'giugno'],
    ['lug', 'luglio'],
    ['ago', 'agosto'],
    ['set', 'settembre'],
    ['ott', 'ottobre'],
    ['nov', 'novembre'],
    ['dic', 'dicembre'],
  ],
};
