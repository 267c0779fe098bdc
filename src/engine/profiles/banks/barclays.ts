// Barclays: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  "id": "barclays",
  "name": "Barclays",
  "inputs": [
    "csv",
    "pdf"
  ],
  "detect": [
    {
      "headers": [
        "number",
        "date",
        "account",
        "amount",
        "subcategory",
        "memo"
      ]
    }
  ],
  "columns": {
    "subcategory": "type",
    "memo": "description",
    "number": "reference"
  },
  "dateOrder": "DMY",
  "currency": "GBP"
};

export default profile;
