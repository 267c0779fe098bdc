// Generic CSV: the 9 transaction fields in spec order. (Skeleton; the output-formats issue completes it.)
import { TRANSACTION_FIELDS } from '../engine/types.js';
import type { FormatWriter } from './types.js';

const quote = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

export const csvWriter: FormatWriter = {
  format: 'csv',
  contentType: 'text/csv; charset=utf-8',
  fileName: (stem) => `${stem}.csv`,
  async *write({ result }) {
    const enc = new TextEncoder();
    yield enc.encode(TRANSACTION_FIELDS.join(',') + '\r\n');
    for (const t of result.transactions) yield enc.encode(TRANSACTION_FIELDS.map((f) => quote(t[f])).join(',') + '\r\n');
  },
};
