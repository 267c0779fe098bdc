// Portuguese statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const PT: LanguageTable = {
  code: 'pt',
  name: 'Portuguese',
  columns: {
    date: ['data', 'data movimento', 'data do movimento', 'data operação', 'data lançamento'],
    bookingDate: ['data contabilística', 'data de lançamento'],
    valueDate: ['data valor', 'data-valor', 'valor data'],
    description: ['descrição', 'histórico', 'lançamento', 'lançamentos', 'movimentação', 'descritivo'],
    debit: ['débito', 'débitos', 'saídas', 'saída', 'débito (-)'],
    credit: ['crédito', 'créditos', 'entradas', 'entrada', 'crédito (+)'],
    amount: ['valor', 'valor (r$)', 'montante', 'valor r$', 'importância'],
    balance: ['saldo', 'saldo (r$)', 'saldo contabilístico', 'saldo disponível'],
  },
  opening: ['saldo anterior', 'saldo inicial'],
  closing: ['saldo final', 'saldo atual'],
  carried: ['transporte', 'a transportar', 'transportado'],
  totalOut: ['total de débitos', 'total débitos'],
  totalIn: ['total de créditos', 'total créditos'],
  totalBoth: ['total débitos/créditos'],
  debitMarks: ['d'],
  creditMarks: ['c'],
  months: [
    ['jan', 'janeiro'],
    ['fev', 'fevereiro'],
    ['mar', 'março'],
    ['abr', 'abril'],
    ['mai', 'maio'],
    ['jun', 'junho'],
    ['jul', 'julho'],
    ['ago', 'agosto'],
    ['set', 'setembro'],
    ['out', 'outubro'],
    ['nov', 'novembro'],
    ['dez', 'dezembro'],
  ],
};
