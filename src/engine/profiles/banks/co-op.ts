// Co-operative Bank: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'co-op',
  name: 'Co-operative Bank',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      headers: ['date', 'description', 'money in', 'money out', 'balance'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  pdf: {
    recognise: ['co-operative bank', 'co-operativebank\\.co\\.uk'],
    layout: 'Date | Transaction | Money out | Money in | Balance.',
  },
};

export default profile;
