// Czech statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const CS: LanguageTable = {
  code: 'cs',
  name: 'Czech',
  currency: 'CZK',
  columns: {
    date: ['datum', 'datum transakce', 'datum operace'],
    bookingDate: ['datum zaúčtování', 'zaúčtováno'],
    valueDate: ['datum splatnosti', 'valuta', 'datum valuty'],
    description: ['popis', 'popis transakce', 'zpráva', 'název', 'detail'],
    debit: ['výdaje', 'výdej', 'debet', 'odchozí'],
    credit: ['příjmy', 'příjem', 'kredit', 'příchozí'],
    amount: ['částka', 'částka czk', 'objem'],
    balance: ['zůstatek', 'zůstatek po transakci'],
    foreign: ['původní částka', 'částka v cizí měně', 'částka v původní měně'],
  },
  opening: ['počáteční zůstatek', 'počáteční stav'],
  closing: ['konečný zůstatek', 'konečný stav'],
  totalOut: ['celkem výdaje', 'celkem debet'],
  totalIn: ['celkem příjmy', 'celkem kredit'],
  // Full names only: the short forms ("pro", "led", "dub") are everyday words beside a day's number.
  months: [
    ['leden', 'ledna'],
    ['únor', 'února'],
    ['březen', 'března'],
    ['duben', 'dubna'],
    ['květen', 'května'],
    ['červen', 'června'],
    ['červenec', 'července'],
    ['srpen', 'srpna'],
    ['září'],
    ['říjen', 'října'],
    ['listopad', 'listopadu'],
    ['prosinec', 'prosince'],
  ],
};
