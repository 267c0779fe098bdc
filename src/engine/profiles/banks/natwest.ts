// NatWest: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'natwest',
  name: 'NatWest',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      headers: ['date', 'type', 'description', 'value', 'balance', 'account name', 'account number'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  pdf: {
    recognise: ['national westminster bank', '\\bnatwest\\b(?! group)', 'natwest\\.com'],
    layout: 'Date | Type | Description | Paid in | Paid out | Balance; BROUGHT FORWARD.',
  },
};

export default profile;
