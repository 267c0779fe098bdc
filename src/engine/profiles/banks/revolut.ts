// Revolut: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'revolut',
  name: 'Revolut',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      headers: ['type', 'product', 'started date', 'completed date', 'description', 'amount', 'fee', 'currency', 'state', 'balance'],
    },
  ],
  columns: {
    'started date': 'ignore',
    'completed date': 'date',
    type: 'type',
    state: 'status',
  },
  dateOrder: 'DMY',
  fee: 'separate',
  pdf: {
    recognise: ['revolut ltd', 'revolut\\.com'],
    layout: 'Date | Description | Money out | Money in | Balance; one section per currency.',
  },
};

export default profile;
