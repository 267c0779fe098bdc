// The shape of a bank profile: data only. Adding a bank is adding a file under banks/ and listing it in
// banks/index.ts (a test fails while a file is not listed); its CSV detection, columns and PDF recognition
// all live in that file, and no engine code changes.
import type { Role } from '../csv/header-words.js';

/** How to recognise the bank's PDF statements from their page text, and whether they are card accounts. */
export interface PdfHints {
  /**
   * Case-insensitive regular expressions for the bank's names as its letterhead and small print print
   * them. The profile mentioned most in the page text outside the rows names the bank; a name introduced
   * as a parent ("a division of", "a trading name of") does not count (pdf-hints.ts recogniseBank).
   */
  recognise: string[];
  /** Card statements: unsigned amounts are purchases and balances are amounts owed. */
  accountType?: 'bank' | 'card';
  /** Notes on the printed layout (for people; the generic layout reads all of these). */
  layout?: string;
}

export interface BankProfile {
  id: string;
  name: string;
  /** Which inputs this profile covers; GET /api/v1/banks shows it. */
  inputs: ('csv' | 'pdf')[];
  /** Ways to recognise the bank's exports (one per layout); any one matching names the bank. */
  detect?: {
    /** Normalised header words that must all appear in the header row (see csv/header-words normHeader). */
    headers?: string[];
    /** Regular expressions (case-insensitive) any of which, found in the first 4 KB of text, names the bank. */
    text?: string[];
    /** For headerless exports: the exact column count plus a pattern for the first data line. */
    headerlessLine?: string;
  }[];
  /** Normalised header -> role, where the bank's words differ from the shared synonyms. */
  columns?: Record<string, Role>;
  /** Column roles, left to right, of an export that has no header row. */
  headerless?: (Role | null)[];
  dateOrder?: 'DMY' | 'MDY' | 'YMD';
  decimal?: '.' | ',';
  /** ISO code when the export names none. */
  currency?: string;
  /** A single amount column's view: 'holder' (negative = money out) or 'bank' (positive = money out: card exports). */
  amountSign?: 'holder' | 'bank';
  accountType?: 'bank' | 'card';
  /** A fee column: 'separate' = taken from the balance on top of the amount; 'included' = already in it. */
  fee?: 'separate' | 'included';
  pdf?: PdfHints;
}
