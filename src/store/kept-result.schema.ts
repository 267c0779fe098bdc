// The kept-result tables (migration 0012-kept-results). Timestamps are ISO 8601 UTC strings.

export interface KeptResultsTable {
  conversion_id: string;
  account_id: string;
  created_at: string;
  expires_at: string;
  /** Gzipped result text, sealed (src/services/kept-results.service.ts). */
  result_sealed: Uint8Array;
  /** The corrected result with its audit trail, sealed the same way; null while uncorrected. */
  corrected_sealed: Uint8Array | null;
  corrected_at: string | null;
  /** Rows edited, added or deleted by the last saved corrections. */
  corrected_rows: number;
  /** The verdict of the corrected rows (PASS | RECONCILE_WARN | NO_BAL), null while uncorrected. */
  corrected_status: string | null;
}

export interface ResultKeepingTable {
  account_id: string;
  days: number;
  updated_at: string;
}

// Type aliases, not interfaces: Kysely's withTables<T> needs an indexable record type.
export type KeptTables = {
  kept_results: KeptResultsTable;
  result_keeping: ResultKeepingTable;
};
