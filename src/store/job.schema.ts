// The job and webhook tables (migration 0006-jobs). Timestamps are ISO 8601 UTC strings.
import type { Database } from './schema.js';

export type JobStatus = 'receiving' | 'queued' | 'running' | 'done' | 'failed';
export type JobFileStatus = 'receiving' | 'queued' | 'running' | 'done' | 'failed';

export interface JobsTable {
  id: string;
  account_id: string;
  source: 'api' | 'web';
  status: JobStatus;
  bank: string;
  password_sealed: string | null;
  /** The account's currency the form stated (ISO 4217), for statements that print none; null when none was. */
  currency: string | null;
  file_count: number;
  files_succeeded: number;
  files_failed: number;
  /** SHA-256 (hex) of the result key. */
  key_hash: string;
  /** base64url X25519 public key results are sealed to. */
  seal_public_key: string;
  created_at: string;
  updated_at: string;
  completed_at: string | null;
  expires_at: string;
}

export interface JobFilesTable {
  id: string;
  job_id: string;
  account_id: string;
  idx: number;
  filename: string;
  file_size: number;
  status: JobFileStatus;
  error_code: string | null;
  error_detail: string | null;
  bank: string | null;
  page_count: number | null;
  transaction_count: number | null;
  reconcile_status: string | null;
  reconcile_diff: string | null;
  attempts: number;
  lease_token: string | null;
  lease_until: string | null;
  available_at: string;
  reservation_id: string | null;
  conversion_id: string | null;
  created_at: string;
  started_at: string | null;
  finished_at: string | null;
  /** How the input is kept: 0 the bytes as uploaded, 8 raw DEFLATE of `file_size` bytes (a ZIP entry as it came). */
  input_method: number;
}

/** Sealed inputs and results, in parts of at most about a megabyte (`seq` from 0). */
export interface JobBlobsTable {
  file_id: string;
  kind: 'input' | 'result';
  seq: number;
  data: Uint8Array;
}

export interface WebhooksTable {
  id: string;
  account_id: string;
  url: string;
  events: string;
  secret_sealed: string;
  created_at: string;
  /** Failed attempts in a row (0 after a success). */
  failures: number;
  /** No delivery to this endpoint is tried before this time (its back-off after a failed attempt). */
  blocked_until: string | null;
  /** When a delivery to it was last tried (endpoints are served least recently tried first). */
  last_attempt_at: string | null;
}

export interface WebhookDeliveriesTable {
  id: string;
  webhook_id: string;
  account_id: string;
  job_id: string;
  event: string;
  payload: string;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  next_attempt_at: string | null;
  lease_until: string | null;
  last_status_code: number | null;
  last_error: string | null;
  attempt_log: string;
  created_at: string;
  delivered_at: string | null;
}

/** When each account was last given a job file to run (a number that grows with every claim). */
export interface JobTurnsTable {
  account_id: string;
  served: number;
}

export interface SealCheckTable {
  id: string;
  check_value: string;
}

export type JobTables = {
  jobs: JobsTable;
  job_files: JobFilesTable;
  job_blobs: JobBlobsTable;
  webhooks: WebhooksTable;
  webhook_deliveries: WebhookDeliveriesTable;
  seal_check: SealCheckTable;
  job_turns: JobTurnsTable;
};

export type JobDatabase = Database & JobTables;
