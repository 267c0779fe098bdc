// The shapes every part of the engine agrees on. Pure types: no I/O, no server imports.
import type { IntegrityReport } from './integrity/types.js';
import type { OcrBackend } from './ocr/ocr-backend.js';
import type { Equation } from './proof.js';
import type { WarningCode } from './warnings.js';

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

export const TRANSACTION_FIELDS = ['Date', 'Description', 'Type', 'Debit', 'Credit', 'Amount', 'Balance', 'Reference', 'Currency'] as const;

export interface Warning {
  /** A code of the one table (warnings.ts). */
  code: WarningCode;
  message: string;
  /** Only for codes the table leaves to the instance (`blocks: 'instance'`): whether this one keeps the result from PASS. */
  blocks?: boolean;
  /** 1-based index into transactions. */
  row?: number;
  /** 1-based PDF page, or 1-based line of a text/CSV file. */
  page?: number;
  /** 1-based index into `statements`, for a warning about one statement of several that names no row. */
  statement?: number;
  /** 1-based index into the proof (include=proof) of the equation that does not hold, for a warning that says so. */
  equation?: number;
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
  /** Scans: how sure OCR was of the row's words (src/engine/ocr/ocr-confidence.ts). */
  ocr?: OcrRowConfidence;
}

/** OCR confidence of one row: mean and lowest word confidence (0-100) and the words read below 85%. */
export interface OcrRowConfidence {
  confidence: number;
  min: number;
  low: { text: string; conf: number; box: [number, number, number, number]; cell: 'date' | 'description' | 'amount' | 'balance' }[];
}

/** Structured statement files (bank exports with their own grammar): src/engine/structured/. */
export type StructuredKind = 'mt940' | 'camt' | 'ofx' | 'qif';

export type InputKind = 'pdf' | 'csv' | 'xlsx' | 'text' | 'image' | StructuredKind;

/** How a place in the input is named: pages of a PDF or scan, lines of everything else. */
export const locationUnit = (kind: InputKind): 'page' | 'line' => (kind === 'pdf' || kind === 'image' ? 'page' : 'line');

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

/**
 * A person's correction of one row (the web page's review), kept with the result: every file of a
 * corrected result carries the list (the JSON's `corrections`, the XLSX summary).
 */
export interface Correction {
  change: 'edited' | 'added' | 'deleted';
  /** 1-based row in the corrected transactions; null for a deleted row. */
  row: number | null;
  /** 1-based row as the statement was read; null for an added row. */
  printed_row: number | null;
  /** The row as read (null: added) and as corrected (null: deleted). */
  printed: Transaction | null;
  corrected: Transaction | null;
  /** When the correction was saved (ISO 8601 UTC). */
  at: string;
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

/** The account a statement inside a file belongs to (issue 18's `statements[].account`); never a full number. */
export interface StatementAccount {
  /** Account or holder name as the file states it. */
  name: string | null;
  /** UK sort code (NN-NN-NN), from a GB IBAN or a 6-digit bank id of a GBP account. */
  sort_code: string | null;
  number_last4: string | null;
  /** IBAN with everything but the country, check digits and last four characters starred. */
  iban_masked: string | null;
  currency: string;
  /** 'current' | 'savings' | 'card' | 'loan' | 'other', or null when the file does not say. */
  kind: string | null;
}

/** One statement inside a file: one account over one period, reconciled on its own. */
export interface StatementSummary {
  account: StatementAccount;
  /** ISO dates (YYYY-MM-DD). */
  period: { from: string | null; to: string | null };
  /** Plain decimals as the file states them, or null. */
  opening_balance: string | null;
  closing_balance: string | null;
  reconcile_status: ReconcileStatus;
  reconcile_diff: number;
  /** 1-based index into transactions of the statement's first row; its rows are contiguous. */
  first_row: number;
  row_count: number;
}

/** What the engine returns: the contract result plus provenance and metadata for writers and the web view. */
export interface EngineResult extends ConversionResult {
  provenance: (Provenance | null)[];
  meta: StatementMeta;
  /** Statements inside the file, when the reader knows them (structured inputs); the verdict is the worst of them. */
  statements?: StatementSummary[];
  /** The printed ids of each statement (never in JSON; the OFX/QBO writers and continuity hashes need them), parallel to statements. */
  statementIds?: { accountId: string | null; bankId: string | null }[];
  /**
   * Salted hashes of the statements' account identifiers (src/services/account-keys.ts), parallel to
   * statements (one entry without them); null where the statement prints no account id. Set by the
   * service, never by the engine (it holds no secret); keys the stable transaction ids and continuity.
   */
  accountKeys?: (string | null)[];
  /** Transaction ids the file itself gives (OFX FITID), parallel to transactions; null where it gives none. */
  sourceIds?: (string | null)[];
  /** Every equation between printed figures the balance chain checked (proof.ts); the verdict rests on them. */
  proof?: Equation[];
  /** Integrity signals of a PDF (src/engine/integrity/), shown with include=integrity. */
  integrity?: IntegrityReport;
  /** One payee per transaction (src/engine/payees/), when `ConvertOptions.payees` asked for them. */
  payees?: string[];
  /** A person's corrections, when the rows were corrected after they were read (never set by the engine). */
  corrections?: Correction[];
}

/** A per-account payee rule: descriptions matching `pattern` (substring or /regex/) have payee `payee`. */
export interface PayeeRuleInput {
  id: string;
  pattern: string;
  payee: string;
}

export interface ConvertOptions {
  /** 'auto' (default), 'generic' or a profile id. */
  bank: string;
  /** The uploaded file's name, used only as a hint (never trusted for type). */
  filename: string;
  /** Password for encrypted PDFs. */
  password?: string;
  /**
   * The account's currency as the caller states it (an ISO 4217 code, checked by convert()): used
   * where the statement prints none, in place of one the engine would infer or assume.
   */
  currency?: string;
  /** OCR for images and scanned PDF pages (built by src/adapters/ocr/); without it they are not read. */
  ocr?: OcrBackend;
  /** Read a payee for every row, the account's rules first (in the worker, off the server's event loop). */
  payees?: { rules: PayeeRuleInput[] };
  /** The bytes are a job's ZIP entry as it came, raw DEFLATE of a file of `size` bytes: inflated first (input-limits.ts inflateEntry). */
  inflate?: { size: number };
}
