// first direct: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'first-direct',
  name: 'first direct',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      text: ['first ?direct'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  headerless: ['date', 'description', 'amount', 'balance'],
  pdf: {
    recognise: ['first direct', 'firstdirect\\.com'],
    layout: 'Date | Details | Paid out | Paid in | Balance (HSBC family).',
  },
};

export default profile;
