// HSBC UK: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  "id": "hsbc-uk",
  "name": "HSBC UK",
  "inputs": [
    "csv",
    "pdf"
  ],
  "detect": [
    {
      "text": [
        "hsbc"
      ]
    }
  ],
  "dateOrder": "DMY",
  "currency": "GBP",
  "headerless": [
    "date",
    "description",
    "amount"
  ]
};

export default profile;
