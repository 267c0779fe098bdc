// Wise: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'wise',
  name: 'Wise',
  inputs: ['csv'],
  detect: [
    {
      headers: ['transferwise id', 'date', 'amount', 'currency', 'description', 'payment reference', 'running balance'],
    },
  ],
  columns: {
    'total fees': 'ignore',
    'payment reference': 'reference',
    merchant: 'note',
    'payer name': 'note',
    'payee name': 'note',
    'exchange from': 'ignore',
    'exchange to': 'ignore',
  },
  dateOrder: 'DMY',
  fee: 'included',
};

export default profile;
