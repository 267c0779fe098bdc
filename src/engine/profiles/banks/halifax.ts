// Halifax: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'halifax',
  name: 'Halifax',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      text: ['halifax'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  pdf: {
    recognise: ['halifax', 'bank of scotland plc'],
    layout: 'Date | Description | Type | Money In | Money Out | Balance (Lloyds family).',
  },
};

export default profile;
