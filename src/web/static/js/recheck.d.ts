// Types of recheck.js (plain JavaScript, shared by the browser and the server's render endpoint).
export interface CheckRow {
  Date: string;
  Amount: string;
  Balance: string;
  Currency: string;
}
export interface CheckMeta {
  currency: string;
  currencyExponent: number;
  openingBalance: string | null;
  closingBalance: string | null;
}
export interface CheckWarning {
  code: string;
  message: string;
  row?: number;
  page?: number;
}
export declare const CHECK_CODES: string[];
export declare const BLOCKING_CODES: string[];
export declare function recheck(
  transactions: CheckRow[],
  meta: CheckMeta,
): { status: 'PASS' | 'RECONCILE_WARN' | 'NO_BAL'; diff: string; equations: number; warnings: CheckWarning[] };
export declare function verdictOf(
  transactions: CheckRow[],
  meta: CheckMeta,
  otherWarnings: CheckWarning[],
  earlierStatus: 'PASS' | 'RECONCILE_WARN' | 'NO_BAL',
): { reconcile_status: 'PASS' | 'RECONCILE_WARN' | 'NO_BAL'; reconcile_diff: number; warnings: CheckWarning[]; equations: number };
