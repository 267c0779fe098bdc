// Metro Bank: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  "id": "metro",
  "name": "Metro Bank",
  "inputs": [
    "csv",
    "pdf"
  ],
  "detect": [
    {
      "headers": [
        "date",
        "details",
        "transaction type",
        "in",
        "out",
        "balance"
      ]
    }
  ],
  "columns": {
    "details": "description",
    "in": "credit",
    "out": "debit"
  },
  "dateOrder": "DMY",
  "currency": "GBP"
};

export default profile;
