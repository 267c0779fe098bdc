// Nationwide: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'nationwide',
  name: 'Nationwide',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      headers: ['date', 'transaction type', 'description', 'paid out', 'paid in', 'balance'],
    },
    {
      headers: ['date', 'type', 'merchant description', 'debit credit', 'balance'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  columns: {
    'merchant description': 'description',
    'debit credit': 'amount',
  },
  pdf: {
    recognise: ['nationwide building society', 'nationwide\\.co\\.uk'],
    layout: 'Date | Description | £ Out | £ In | £ Balance; Balance from previous statement.',
  },
};

export default profile;
