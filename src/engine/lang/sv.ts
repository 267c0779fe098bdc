// Swedish statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const SV: LanguageTable = {
  code: 'sv',
  name: 'Swedish',
  currency: 'SEK',
  columns: {
    date: ['datum', 'transaktionsdatum', 'transaktionsdag', 'reskontradatum'],
    bookingDate: ['bokfört', 'bokförd', 'bokföringsdatum', 'bokföringsdag', 'bokningsdag'],
    valueDate: ['valutadag', 'valutadatum', 'valuta dag'],
    description: ['text', 'beskrivning', 'specifikation', 'meddelande', 'transaktion', 'rubrik'],
    debit: ['uttag', 'utgående', 'belopp ut', 'ut'],
    credit: ['insättning', 'insättningar', 'inkommande', 'belopp in', 'inn'],
    amount: ['belopp', 'belopp sek'],
    balance: ['saldo', 'bokfört saldo', 'behållning'],
    foreign: ['ursprungligt belopp', 'belopp i utländsk valuta', 'valutabelopp', 'originalbelopp'],
  },
  opening: ['ingående saldo', 'ingående behållning'],
  closing: ['utgående saldo', 'utgående behållning'],
  carried: ['överfört', 'överföres', 'transport'],
  totalOut: ['summa uttag'],
  totalIn: ['summa insättningar'],
  months: [
    ['jan', 'januari'],
    ['feb', 'februari'],
    ['mar', 'mars'],
    ['apr', 'april'],
    ['maj'],
    ['jun', 'juni'],
    ['jul', 'juli'],
    ['aug', 'augusti'],
    ['sep', 'sept', 'september'],
    ['okt', 'oktober'],
    ['nov', 'november'],
    ['dec', 'december'],
  ],
};
