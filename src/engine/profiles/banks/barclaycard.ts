// Barclaycard: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  "id": "barclaycard",
  "name": "Barclaycard",
  "inputs": [
    "csv",
    "pdf"
  ],
  "detect": [
    {
      "headerlessLine": "^\\d{1,2} [A-Z][a-z]{2} \\d{2},"
    }
  ],
  "dateOrder": "DMY",
  "currency": "GBP",
  "headerless": [
    "date",
    "description",
    null,
    null,
    null,
    null,
    "credit",
    "debit"
  ],
  "accountType": "card"
};

export default profile;
