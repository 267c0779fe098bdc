// Monzo: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'monzo',
  name: 'Monzo',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      headers: ['transaction id', 'date', 'time', 'type', 'name', 'emoji', 'category', 'amount', 'currency'],
    },
    {
      headers: ['id', 'created', 'amount', 'currency', 'local amount', 'local currency', 'category', 'emoji', 'description'],
    },
  ],
  columns: {
    'money out': 'ignore',
    'money in': 'ignore',
    description: 'note',
    name: 'payee',
  },
  dateOrder: 'DMY',
  currency: 'GBP',
  pdf: {
    recognise: ['\\bmonzo\\b', 'monzo\\.com'],
    layout: 'Date | Description | (GBP) Amount | (GBP) Balance; signed amounts.',
  },
};

export default profile;
