// Co-operative Bank: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  "id": "co-op",
  "name": "Co-operative Bank",
  "inputs": [
    "csv",
    "pdf"
  ],
  "detect": [
    {
      "headers": [
        "date",
        "description",
        "money in",
        "money out",
        "balance"
      ]
    }
  ],
  "dateOrder": "DMY",
  "currency": "GBP"
};

export default profile;
