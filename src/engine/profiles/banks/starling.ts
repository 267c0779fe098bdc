// Starling Bank: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'starling',
  name: 'Starling Bank',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      headers: ['date', 'counter party', 'reference', 'type', 'amount gbp', 'balance gbp'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  pdf: {
    recognise: ['starling bank', 'starlingbank\\.com'],
    layout: 'Date | Type | Transaction | In | Out | Balance.',
  },
};

export default profile;
