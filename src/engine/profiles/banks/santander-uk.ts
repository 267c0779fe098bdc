// Santander UK: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  "id": "santander-uk",
  "name": "Santander UK",
  "inputs": [
    "csv",
    "pdf"
  ],
  "detect": [
    {
      "text": [
        "santander"
      ]
    }
  ],
  "dateOrder": "DMY",
  "currency": "GBP"
};

export default profile;
