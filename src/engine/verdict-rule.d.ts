// Types of verdict-rule.js (plain JavaScript, shared by the engine, the converter page and its downloads).
export type Status = 'PASS' | 'RECONCILE_WARN' | 'NO_BAL';

export interface RuleTable {
  [code: string]: { severity: string; blocks: boolean | 'instance' };
}

export interface RuleWarning {
  code: string;
  blocks?: boolean;
}

export interface RuleEquation {
  /** 0-based indexes into the result's transactions. */
  rows: number[];
  holds: boolean;
  /** An opening the statement does not print (the first printed balance less its one row): covers, checks nothing. */
  implied?: boolean;
}

export declare function blocks(w: RuleWarning, table: RuleTable): boolean;

export declare function decideVerdict(
  input: { rowCount: number; equations: RuleEquation[]; warnings: RuleWarning[] },
  table: RuleTable,
): { status: Status; uncovered: number[] };

export declare function millionths(text: string): bigint | null;

export declare function checkEquations(
  transactions: { Amount: string }[],
  proof: { rows: number[]; start: string; end: string; implied?: boolean }[],
): RuleEquation[];
