// Loads test/data/classify-labelled.csv as transactions and scores the classifier on it. Shared by the
// accuracy test and bench/classify.bench.ts.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse } from 'csv-parse/sync';
import { classify, type Classification } from '../../src/engine/classify/index.js';
import type { Transaction } from '../../src/engine/types.js';

export interface LabelledRow {
  description: string;
  amount: string;
  category: string;
}

export const LABELLED_PATH = fileURLToPath(new URL('./classify-labelled.csv', import.meta.url));

export function loadLabelled(): LabelledRow[] {
  const rows: LabelledRow[] = parse(readFileSync(LABELLED_PATH), { columns: true, skip_empty_lines: true });
  return rows;
}

/** One date per row, so unrelated rows of equal amounts are never read as same-day transfer pairs. */
export function toTransactions(rows: readonly LabelledRow[]): Transaction[] {
  const start = Date.UTC(2024, 0, 1);
  return rows.map((r, i) => {
    const d = new Date(start + i * 86_400_000);
    const date = `${String(d.getUTCDate()).padStart(2, '0')}/${String(d.getUTCMonth() + 1).padStart(2, '0')}/${d.getUTCFullYear()}`;
    const debit = r.amount.trim().startsWith('-');
    const unsigned = r.amount.replace(/^[-+]/, '');
    return {
      Date: date, Description: r.description, Type: debit ? 'debit' : 'credit', Debit: debit ? unsigned : '', Credit: debit ? '' : unsigned,
      Amount: r.amount, Balance: '', Reference: '', Currency: 'GBP',
    };
  });
}

export interface Score {
  total: number;
  correct: number;
  accuracy: number;
  /** confusion[truth][predicted] = count */
  confusion: Map<string, Map<string, number>>;
  misses: { row: LabelledRow; got: Classification }[];
}

export function scoreLabelled(rows: readonly LabelledRow[] = loadLabelled()): Score {
  const got = classify(toTransactions(rows));
  const confusion = new Map<string, Map<string, number>>();
  const misses: Score['misses'] = [];
  rows.forEach((row, i) => {
    const line = confusion.get(row.category) ?? new Map<string, number>();
    line.set(got[i].category, (line.get(got[i].category) ?? 0) + 1);
    confusion.set(row.category, line);
    if (got[i].category !== row.category) misses.push({ row, got: got[i] });
  });
  const correct = rows.length - misses.length;
  return { total: rows.length, correct, accuracy: correct / rows.length, confusion, misses };
}
