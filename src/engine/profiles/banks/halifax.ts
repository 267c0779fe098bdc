// Halifax: CSV export layouts. Data only (see ../types.ts).
import type { BankProfile } from '../types.js';

const profile: BankProfile = {
  "id": "halifax",
  "name": "Halifax",
  "inputs": [
    "csv",
    "pdf"
  ],
  "detect": [
    {
      "text": [
        "halifax"
      ]
    }
  ],
  "dateOrder": "DMY",
  "currency": "GBP"
};

export default profile;
