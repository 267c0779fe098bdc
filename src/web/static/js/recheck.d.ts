// Types of recheck.js (plain JavaScript, shared by the browser and the server's render endpoint).
import type { ProofEquation } from '../../../engine/proof.js';
import type { RuleTable } from '../../../engine/verdict-rule.js';

export interface CheckRow {
  Date: string;
  Amount: string;
  Balance: string;
  Currency: string;
}
export interface CheckWarning {
  code: string;
  message: string;
  row?: number;
  page?: number;
  blocks?: boolean;
  statement?: number;
  equation?: number;
}
export interface RowNow<T extends CheckRow = CheckRow> {
  t: T;
  /** The row's 0-based index as the engine read it (rows added on the page: any number, with `added`). */
  key: number;
  added?: boolean;
}
export declare function equationsNow(rows: RowNow[], proof: ProofEquation[]): ProofEquation[];
export declare function verdictOf(
  rows: RowNow[],
  result: { proof?: ProofEquation[]; warnings: CheckWarning[]; reconcile_status: 'PASS' | 'RECONCILE_WARN' | 'NO_BAL'; meta: { currencyExponent: number } },
  table: RuleTable,
): { reconcile_status: 'PASS' | 'RECONCILE_WARN' | 'NO_BAL'; reconcile_diff: number; warnings: CheckWarning[]; proof: ProofEquation[] };
