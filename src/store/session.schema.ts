// The web_sessions table (migration 0003-web-sessions). Timestamps are ISO 8601 UTC strings.
import type { Database } from './schema.js';

export interface WebSessionsTable {
  id: string;
  /** SHA-256 of the cookie's token, lowercase hex. The token itself is never stored. */
  token_hash: string;
  account_id: string;
  csrf_token: string;
  created_at: string;
  last_seen_at: string;
  /** Idle expiry; pushed forward as the session is used, never past created_at + the absolute limit. */
  expires_at: string;
}

export type SessionTables = {
  web_sessions: WebSessionsTable;
};

export type SessionDatabase = Database & SessionTables;
