// Loads test/data/payees-labelled.csv (UK description lines with hand-written payees) and scores the payee
// reader on it. Shared by the accuracy test and bench/payees.bench.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { payeesOf } from '../../src/engine/payees/index.js';

export interface LabelledPayee {
  description: string;
  amount: string;
  payee: string;
  /** card, direct_debit, standing_order, faster_payment, transfer, cash, fee, foreign, credit. */
  kind: string;
  /** dev: written first and used while building the reader; holdout: written afterwards, first scored unseen. */
  set: string;
}

export const PAYEES_PATH = fileURLToPath(new URL('./payees-labelled.csv', import.meta.url));

export function loadPayees(path = PAYEES_PATH): LabelledPayee[] {
  const rows: LabelledPayee[] = parse(readFileSync(path), { columns: true, skip_empty_lines: true });
  return rows;
}

export interface PayeeScore {
  total: number;
  exact: number;
  accuracy: number;
  misses: { row: LabelledPayee; got: string }[];
}

export function scorePayees(rows: readonly LabelledPayee[]): PayeeScore {
  const got = payeesOf(rows.map((r) => ({ Description: r.description })));
  const misses = rows.flatMap((row, i) => (got[i] === row.payee ? [] : [{ row, got: got[i] }]));
  const exact = rows.length - misses.length;
  return { total: rows.length, exact, accuracy: rows.length ? exact / rows.length : 0, misses };
}

/**
 * Independent of the reader: every word of the payee, ignoring case and the punctuation around it, is
 * text of the description.
 */
export function drawnFrom(payee: string, description: string): boolean {
  const text = description.toLowerCase();
  return payee
    .split(/\s+/)
    .map((w) => w.toLowerCase().replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
    .every((w) => w === '' || text.includes(w));
}
