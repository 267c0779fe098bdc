// Table shape of the per-account classification rules (migration 0002-classify-rules).
export type ClassifyRulesTable = {
  id: string;
  account_id: string;
  /** As the user wrote it: a substring, or /regex/. */
  pattern: string;
  /** A taxonomy id (src/engine/classify/taxonomy.data.ts). */
  category: string;
  /** income | expense | transfer, or null to follow the category and direction. */
  classification: string | null;
  created_at: string;
};

// Type aliases, not interfaces: Kysely's withTables<T> needs an indexable record type.
export type ClassifyRuleTables = {
  classify_rules: ClassifyRulesTable;
};
