// HSBC UK: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  id: 'hsbc-uk',
  name: 'HSBC UK',
  inputs: ['csv', 'pdf'],
  detect: [
    {
      text: ['hsbc'],
    },
  ],
  dateOrder: 'DMY',
  currency: 'GBP',
  headerless: ['date', 'description', 'amount'],
  pdf: {
    recognise: ['hsbc uk bank plc', 'hsbc bank plc', 'hsbc\\.co\\.uk'],
    layout:
      'Date | Payment type and details | Paid out | Paid in | Balance; balance only on the last row of a day; BALANCE BROUGHT/CARRIED FORWARD; D suffix when overdrawn.',
  },
};

export default profile;
