// Metro Bank: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'metro',
  name: 'Metro Bank',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      headers: ['date', 'details', 'transaction type', 'in', 'out', 'balance'],
    },
  ],
  columns: {
    details: 'description',
    in: 'credit',
    out: 'debit',
  },
  dateOrder: 'DMY',
  currency: 'GBP',
  pdf: {
    recognise: ['metro bank plc', 'metrobankonline\\.co\\.uk'],
    layout: 'Date | Transaction type | Description | Money out | Money in | Balance.',
  },
};

export default profile;
