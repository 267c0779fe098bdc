// Table shape of the per-account payee rules (migration 0007-payee-rules).
export type PayeeRulesTable = {
  id: string;
  account_id: string;
  /** As the user wrote it: a substring, or /regex/. */
  pattern: string;
  /** The payee name the user chose, written as given. */
  payee: string;
  created_at: string;
};

// Type aliases, not interfaces: Kysely's withTables<T> needs an indexable record type.
export type PayeeRuleTables = {
  payee_rules: PayeeRulesTable;
};
