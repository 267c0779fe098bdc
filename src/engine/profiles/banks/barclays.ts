// Barclays: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'barclays',
  name: 'Barclays',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      headers: ['number', 'date', 'account', 'amount', 'subcategory', 'memo'],
    },
  ],
  columns: {
    subcategory: 'type',
    memo: 'description',
    number: 'reference',
  },
  dateOrder: 'DMY',
  currency: 'GBP',
  pdf: {
    recognise: ['barclays bank uk plc', 'barclays\\.co\\.uk'],
    layout: 'Date | Description | Money out £ | Money in £ | Balance £; date only on the first row of a day; Start/End balance.',
  },
};

export default profile;
