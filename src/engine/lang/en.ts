// English statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const EN: LanguageTable = {
  code: 'en',
  name: 'English',
  columns: {
    date: ['date', 'transaction date', 'trans date', 'txn date', 'posted', 'day'],
    bookingDate: ['posting date', 'post date', 'date posted', 'posted date', 'booking date', 'booked date'],
    valueDate: ['value date', 'settlement date'],
    description: ['description', 'details', 'narrative', 'particulars', 'transaction details'],
    debit: ['money out', 'paid out', 'withdrawn', 'withdrawals', 'debits', 'debit amount'],
    credit: ['money in', 'paid in', 'deposits', 'credits', 'credit amount'],
    amount: ['amount', 'transaction amount'],
    balance: ['balance', 'running balance'],
  },
  opening: ['opening balance', 'balance brought forward', 'brought forward', 'previous balance', 'balance forward'],
  closing: ['closing balance', 'balance carried forward', 'carried forward', 'new balance', 'ending balance'],
  totalOut: ['total money out', 'total debits', 'total withdrawals', 'total paid out'],
  totalIn: ['total money in', 'total credits', 'total deposits', 'total paid in'],
  totalBoth: ['total debits/credits'],
  debitMarks: ['dr', 'd', 'debit', 'od', '-'],
  creditMarks: ['cr', 'c', 'credit', '+'],
  months: [
    ['jan', 'january'],
    ['feb', 'february'],
    ['mar', 'march'],
    ['apr', 'april'],
    ['may'],
    ['jun', 'june'],
    ['jul', 'july'],
    ['aug', 'august'],
    ['sep', 'sept', 'september'],
    ['oct', 'october'],
    ['nov', 'november'],
    ['dec', 'december'],
  ],
};
