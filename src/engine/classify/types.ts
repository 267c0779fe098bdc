// Shapes of the classifier's input and output. Pure types.
import type { CategoryId } from './taxonomy.data.js';

export type ClassificationKind = 'income' | 'expense' | 'transfer';

export interface Classification {
  classification: ClassificationKind;
  category: CategoryId;
  /** 0..1, two decimals: roughly how often a row with this kind of evidence is in the right category. */
  confidence: number;
  /** The rule or evidence used, in plain words. */
  reason: string;
}

/** A per-account rule: descriptions matching `pattern` get `category` (and `classification` when given). */
export interface UserRule {
  id: string;
  /** Case-insensitive substring, or `/regex/` (flags after the last slash are ignored; matching is always case-insensitive). */
  pattern: string;
  category: CategoryId;
  classification?: ClassificationKind;
}

export type Direction = 'debit' | 'credit';

/**
 * A row to classify: a convert result's transaction, or one a client sent back (POST /api/v1/classify,
 * where only Description and Amount are required). Missing fields read as "".
 */
export type ClassifyRow = Partial<Record<'Date' | 'Description' | 'Type' | 'Debit' | 'Credit' | 'Amount' | 'Balance' | 'Reference' | 'Currency', string>>;
