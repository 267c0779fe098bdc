// Santander UK: CSV export layouts and the .txt download (key/value blocks after a "From: ... to ..." /
// "Account: ..." preamble, read by csv/key-value.ts). Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'santander-uk',
  name: 'Santander UK',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      text: ['santander'],
    },
    {
      text: ['^\\s*From:\\s*\\d{1,2}/\\d{1,2}/\\d{4}\\s+to\\s+\\d{1,2}/\\d{1,2}/\\d{4}\\s+Account:\\s*[X\\d][X\\d ]*\\s+Date:'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  pdf: {
    recognise: ['santander uk plc', 'santander\\.co\\.uk'],
    layout: 'Date | Description | Money in | Money out | Balance; Balance brought forward.',
  },
};

export default profile;
