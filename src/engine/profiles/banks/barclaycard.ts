// Barclaycard: CSV export layouts. Data only (see ../types.ts). The headerless layout is the one of a
// real export (bank2ynab's statement_1.csv: date, merchant, card, holder, category, empty, charge): the
// last column prints charges unsigned, so it is read in the bank's view (charge = money out).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'barclaycard',
  name: 'Barclaycard',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      headerlessLine: '^\\d{1,2} [A-Z][a-z]{2} \\d{2},',
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  headerless: ['date', 'description', null, null, null, 'credit', 'amount'],
  amountSign: 'bank',
  accountType: 'card',
  pdf: {
    recognise: ['barclaycard'],
    accountType: 'card',
    layout: 'Transaction date | Description | Amount; payments marked with a minus or CR; previous/new balance box.',
  },
};

export default profile;
