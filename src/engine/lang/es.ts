// Spanish statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const ES: LanguageTable = {
  code: 'es',
  name: 'Spanish',
  currency: 'EUR',
  columns: {
    date: ['fecha', 'fecha operación', 'fecha de operación', 'f. oper.', 'f oper', 'f. operación', 'fecha transacción'],
    bookingDate: ['fecha contable', 'fecha de contabilización'],
    valueDate: ['fecha valor', 'f. valor', 'f valor', 'valor'],
    description: ['concepto', 'descripción', 'detalle', 'movimiento'],
    debit: ['cargo', 'cargos', 'retiro', 'retiros', 'débito', 'debe', 'salidas'],
    credit: ['abono', 'abonos', 'ingreso', 'ingresos', 'crédito', 'haber', 'entradas', 'depósito', 'depósitos'],
    amount: ['importe', 'importe eur', 'monto'],
    balance: ['saldo', 'saldo actual', 'saldo disponible', 'saldo contable'],
  },
  opening: ['saldo anterior', 'saldo inicial', 'saldo de apertura'],
  closing: ['saldo final', 'saldo de cierre', 'nuevo saldo'],
  carried: ['suma y sigue', 'transporte', 'a transportar'],
  totalOut: ['total cargos', 'total débitos', 'total de cargos'],
  totalIn: ['total abonos', 'total créditos', 'total de abonos'],
  debitMarks: ['d', 'cargo'],
  creditMarks: ['h', 'abono'],
  months: [
    ['ene', 'enero'],
    ['feb', 'febrero'],
    ['mar', 'marzo'],
    ['abr', 'abril'],
    ['may', 'mayo'],
    ['jun', 'junio'],
    ['jul', 'julio'],
    ['ago', 'agosto'],
    ['sep', 'set', 'sept', 'septiembre', 'setiembre'],
    ['oct', 'octubre'],
    ['nov', 'noviembre'],
    ['dic', 'diciembre'],
  ],
};
