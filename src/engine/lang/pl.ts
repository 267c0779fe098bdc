// Polish statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const PL: LanguageTable = {
  code: 'pl',
  name: 'Polish',
  currency: 'PLN',
  columns: {
    date: ['data', 'data transakcji', 'data operacji'],
    bookingDate: ['data księgowania', 'data ksiegowania'],
    valueDate: ['data waluty'],
    description: ['opis', 'opis operacji', 'opis transakcji', 'tytuł', 'tytuł operacji', 'szczegóły'],
    debit: ['obciążenia', 'obciążenie', 'wypłata', 'wypłaty', 'wydatki', 'kwota obciążenia'],
    credit: ['uznania', 'uznanie', 'wpłata', 'wpłaty', 'wpływy', 'kwota uznania'],
    amount: ['kwota', 'kwota pln', 'kwota operacji', 'kwota transakcji'],
    balance: ['saldo', 'saldo po operacji', 'saldo po transakcji', 'stan rachunku', 'saldo księgowe'],
  },
  opening: ['saldo początkowe', 'saldo otwarcia', 'saldo poprzednie'],
  closing: ['saldo końcowe', 'saldo zamknięcia'],
  carried: ['saldo przeniesienia', 'z przeniesienia', 'do przeniesienia'],
  totalOut: ['suma obciążeń', 'razem obciążenia', 'obroty wn'],
  totalIn: ['suma uznań', 'razem uznania', 'obroty ma'],
  debitMarks: ['wn'],
  creditMarks: ['ma'],
  months: [
    ['sty', 'styczeń', 'stycznia'],
    ['lut', 'luty', 'lutego'],
    ['mar', 'marzec', 'marca'],
    ['kwi', 'kwiecień', 'kwietnia'],
    ['maj', 'maja'],
    ['cze', 'czerwiec', 'czerwca'],
    ['lip', 'lipiec', 'lipca'],
    ['sie', 'sierpień', 'sierpnia'],
    ['wrz', 'wrzesień', 'września'],
    ['paź', 'październik', 'października'],
    ['lis', 'listopad', 'listopada'],
    ['gru', 'grudzień', 'grudnia'],
  ],
};
