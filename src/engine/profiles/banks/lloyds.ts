// Lloyds Bank: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'lloyds',
  name: 'Lloyds Bank',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      headers: ['transaction date', 'transaction type', 'sort code', 'account number', 'transaction description', 'debit amount', 'credit amount', 'balance'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  pdf: {
    recognise: ['lloyds bank(?!ing)', 'lloydsbank\\.com'],
    layout: 'Date | Description | Type | Money In (£) | Money Out (£) | Balance (£).',
  },
};

export default profile;
