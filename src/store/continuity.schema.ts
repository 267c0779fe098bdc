// Table shape of continuity across uploads (migration 0008-statement-continuity): metadata only.
export type StatementHistoryTable = {
  id: string;
  /** The user's account (accounts.id). */
  account_id: string;
  /** Salted hash (hex) of the bank account's identifiers; never the number. */
  account_key: string;
  conversion_id: string;
  /** ISO dates (YYYY-MM-DD). */
  period_from: string;
  period_to: string;
  /** Plain decimals as the statement states them, or null. */
  opening_balance: string | null;
  closing_balance: string | null;
  currency: string;
  created_at: string;
};

// Type aliases, not interfaces: Kysely's withTables<T> needs an indexable record type.
export type ContinuityTables = {
  statement_history: StatementHistoryTable;
};
