// TSB: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'tsb',
  name: 'TSB',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      text: ['\\btsb\\b'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  pdf: {
    recognise: ['tsb bank plc', 'tsb\\.co\\.uk'],
    layout: 'Date | Payment type | Details | Money out | Money in | Balance.',
  },
};

export default profile;
