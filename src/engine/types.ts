// The shapes every part of the engine agrees on. Pure types: no I/O, no server imports.
import type { OcrBackend } from './ocr/ocr-backend.js';

export type ReconcileStatus = 'PASS' | 'RECONCILE_WARN' | 'NO_BAL';

/** One row of the contract (spec 2.2 + contract.md). Every value is a string. */
export interface Transaction {
  Date: string; // DD/MM/YYYY
  Description: string;
  Type: 'debit' | 'credit';
  Debit: string; // unsigned plain decimal or ""
  Credit: string; // unsigned plain decimal or ""
  Amount: string; // signed plain decimal, debits start with "-"
  Balance: string; // signed plain decimal, or "" when the statement has no balance information
  Reference: string;
  Currency: string; // ISO 4217
}

export const TRANSACTION_FIELDS = [
  'Date', 'Description', 'Type', 'Debit', 'Credit', 'Amount', 'Balance', 'Reference', 'Currency',
] as const;

export interface Warning {
  code: string;
  message: string;
  /** 1-based index into transactions. */
  row?: number;
  /** 1-based PDF page, or 1-based line of a text/CSV file. */
  page?: number;
}

/** Where a row was printed. Boxes are in PDF user-space points with the origin at the page's top-left. */
export interface Provenance {
  page: number;
  /** Text/CSV inputs: the 1-based line numbers the row came from. */
  lines?: number[];
  /** PDF inputs: one box per printed line of the row, [x0, y0, x1, y1] from the page's top-left. */
  boxes?: [number, number, number, number][];
  /** PDF inputs: the page size in points, so a viewer can scale the boxes. */
  pageWidth?: number;
  pageHeight?: number;
}

export type InputKind = 'pdf' | 'csv' | 'xlsx' | 'text' | 'image';

/** Facts about the statement that the JSON result does not carry but the file writers need. */
export interface StatementMeta {
  inputKind: InputKind;
  pageCount: number | null;
  /** Account currency (first section's currency in multi-currency statements). */
  currency: string;
  /** Minor digits of `currency` (2 for GBP). */
  currencyExponent: number;
  /** Plain decimals as printed, or null when the statement prints none. */
  openingBalance: string | null;
  closingBalance: string | null;
  /** ISO dates (YYYY-MM-DD) of the statement period, when printed or derivable from the rows. */
  periodStart: string | null;
  periodEnd: string | null;
  /** Account number / IBAN as printed (masked or not), when found. */
  accountId: string | null;
  /** Sort code / routing number / BIC as printed, when found. */
  bankId: string | null;
  /** 'card' for credit-card statements, else 'bank'. */
  accountType: 'bank' | 'card';
}

/** The JSON conversion result of the contract (spec 2.1). */
export interface ConversionResult {
  bank: string;
  reconcile_status: ReconcileStatus;
  reconcile_diff: number;
  transaction_count: number;
  warnings: Warning[];
  transactions: Transaction[];
}

/** What the engine returns: the contract result plus provenance and metadata for writers and the web view. */
export interface EngineResult extends ConversionResult {
  provenance: (Provenance | null)[];
  meta: StatementMeta;
}

export interface ConvertOptions {
  /** 'auto' (default), 'generic' or a profile id. */
  bank: string;
  /** The uploaded file's name, used only as a hint (never trusted for type). */
  filename: string;
  /** Password for encrypted PDFs. */
  password?: string;
  /** OCR for images and scanned PDF pages (built by src/adapters/ocr/); without it they are not read. */
  ocr?: OcrBackend;
}
