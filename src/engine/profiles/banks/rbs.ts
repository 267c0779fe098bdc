// Royal Bank of Scotland: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'rbs',
  name: 'Royal Bank of Scotland',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      text: ['royal bank of scotland'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  pdf: {
    recognise: ['royal bank of scotland', 'rbs\\.co\\.uk'],
    layout: 'Date | Type | Description | Paid in | Paid out | Balance (NatWest family).',
  },
};

export default profile;
