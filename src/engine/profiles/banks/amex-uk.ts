// American Express UK: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'amex-uk',
  name: 'American Express UK',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      headers: ['date', 'description', 'amount', 'extended details', 'appears on your statement as'],
    },
  ],
  columns: {
    'extended details': 'ignore',
    'appears on your statement as': 'ignore',
  },
  dateOrder: 'DMY',
  currency: 'GBP',
  amountSign: 'bank',
  accountType: 'card',
  pdf: {
    recognise: ['american express', 'americanexpress\\.co\\.uk'],
    accountType: 'card',
    layout: 'Transaction date | Process date | Details | Amount £; credits marked CR.',
  },
};

export default profile;
