// French statement words (data only; see docs/languages.md).
import type { LanguageTable } from './types.js';

export const FR: LanguageTable = {
  code: 'fr',
  name: 'French',
  currency: 'EUR',
  columns: {
    date: ['date', 'date opération', "date d'opération", "date de l'opération", 'date opé', 'date op', 'date ope', 'date de réservation'],
    bookingDate: ['date comptable', 'date compta', 'date de comptabilisation'],
    valueDate: ['date valeur', 'date de valeur', 'valeur', 'date val'],
    description: ['libellé', "libellé de l'opération", 'libellé opération', "nature de l'opération", 'opération', 'détail', 'descriptif'],
    debit: ['débit', 'débits', 'retrait', 'retraits', 'débit / retrait', 'montant débit', 'sortie', 'sorties'],
    credit: ['crédit', 'crédits', 'dépôt', 'dépôts', 'crédit / dépôt', 'montant crédit', 'entrée', 'entrées'],
    amount: ['montant', 'montant eur'],
    balance: ['solde'],
  },
  opening: ['solde précédent', 'ancien solde', 'solde initial', "solde d'ouverture", 'solde de début'],
  closing: ['nouveau solde', 'solde final', 'solde de clôture', 'solde de fin'],
  carried: ['à reporter', 'a reporter', 'report', 'reporté', 'transport'],
  totalOut: ['total des débits', 'total des mouvements débiteurs', 'total débits'],
  totalIn: ['total des crédits', 'total des mouvements créditeurs', 'total crédits'],
  debitMarks: ['db', 'débit'],
  creditMarks: ['cr', 'crédit'],
  months: [
    ['janv', 'janvier'],
    ['févr', 'fév', 'fevr', 'février'],
    ['mars'],
    ['avr', 'avril'],
    ['mai'],
    ['juin'],
    ['juil', 'juillet'],
    ['août', 'aout'],
    ['sept', 'septembre'],
    ['oct', 'octobre'],
    ['nov', 'novembre'],
    ['déc', 'décembre'],
  ],
};
