// John Lewis Partnership Card: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'john-lewis',
  name: 'John Lewis Partnership Card',
  inputs: ['csv'],
  detect: [
    {
      headers: ['date processed', 'description', 'amount'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  amountSign: 'bank',
  accountType: 'card',
};

export default profile;
