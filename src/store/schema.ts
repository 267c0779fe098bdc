// Table shapes as Kysely sees them. Timestamps are ISO 8601 UTC strings (millisecond precision), which
// sort correctly as text and read the same on SQLite and PostgreSQL.
import type { Generated } from 'kysely';

export interface AccountsTable {
  id: string;
  email: string;
  password_hash: string;
  plan: string;
  created_at: string;
}

export interface ApiKeysTable {
  id: string;
  account_id: string;
  name: string;
  /** The visible start of the key (`ll_live_AbCd`), shown in lists. */
  prefix: string;
  /** SHA-256 of the whole key, lowercase hex. The key itself is never stored. */
  key_hash: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export interface ConversionsTable {
  id: string;
  account_id: string;
  created_at: string;
  filename: string;
  file_type: string | null;
  file_size: number | null;
  page_count: number | null;
  bank: string | null;
  format: string;
  status: 'succeeded' | 'failed';
  error_code: string | null;
  transaction_count: number | null;
  reconcile_status: string | null;
  /** Plain decimal string (exact); presented as a JSON number. */
  reconcile_diff: string | null;
  duration_ms: number;
  source: 'api' | 'web';
}

export interface MonthlyUsageTable {
  account_id: string;
  /** YYYY-MM (UTC). */
  month: string;
  /** Successful conversions this month, counting reservations in flight. */
  used: Generated<number>;
}

export interface QuotaReservationsTable {
  id: string;
  account_id: string;
  month: string;
  created_at: string;
}

export interface Database {
  accounts: AccountsTable;
  quota_reservations: QuotaReservationsTable;
  api_keys: ApiKeysTable;
  conversions: ConversionsTable;
  monthly_usage: MonthlyUsageTable;
}
