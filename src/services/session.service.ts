// Web sessions: a random 256-bit token in the cookie, only its SHA-256 in the database, an idle
// expiry pushed forward as the session is used, and an absolute limit no activity can extend.
import { randomBytes } from 'node:crypto';
import { newId } from '../store/ids.js';
import type { SessionRepository, SessionWithAccount } from '../store/session.repository.js';
import { sha256Hex } from './api-key.service.js';
import { isoAt, type Clock } from './clock.js';

export const SESSION_IDLE_MS = 7 * 24 * 3600_000;
export const SESSION_ABSOLUTE_MS = 30 * 24 * 3600_000;
// Extending on every request would turn every page view into a write.
const EXTEND_INTERVAL_MS = 3600_000;

export interface NewSession {
  /** The cookie value, returned this once. */
  token: string;
  csrfToken: string;
  expiresAtMs: number;
}

export interface ActiveSession {
  id: string;
  accountId: string;
  email: string;
  plan: string;
  csrfToken: string;
  expiresAtMs: number;
}

const randomToken = () => randomBytes(32).toString('base64url');
const TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export class SessionService {
  constructor(
    private readonly sessions: SessionRepository,
    private readonly clock: Clock,
  ) {}

  async create(accountId: string): Promise<NewSession> {
    const now = this.clock();
    const token = randomToken();
    const csrfToken = randomToken();
    const expiresAtMs = now + SESSION_IDLE_MS;
    await this.sessions.insert({
      id: newId('sess', now),
      token_hash: sha256Hex(token),
      account_id: accountId,
      csrf_token: csrfToken,
      created_at: isoAt(now),
      last_seen_at: isoAt(now),
      expires_at: isoAt(expiresAtMs),
    });
    return { token, csrfToken, expiresAtMs };
  }

  /** The live session of a cookie value, or null (unknown, malformed or expired; expired rows are deleted). */
  async resolve(token: string | undefined): Promise<ActiveSession | null> {
    if (!token || !TOKEN_RE.test(token)) return null;
    const row = await this.sessions.findByHash(sha256Hex(token));
    if (!row) return null;
    const now = this.clock();
    const expires = Date.parse(row.expires_at);
    if (!(expires > now)) {
      await this.sessions.deleteByHash(row.token_hash);
      return null;
    }
    return { ...this.shape(row), expiresAtMs: await this.maybeExtend(row, now, expires) };
  }

  async destroy(token: string | undefined): Promise<void> {
    if (!token || !TOKEN_RE.test(token)) return;
    await this.sessions.deleteByHash(sha256Hex(token));
  }

  /** Logs the account out everywhere (after a password change by the administrator, for example). */
  destroyAll(accountId: string): Promise<number> {
    return this.sessions.deleteByAccount(accountId);
  }

  purgeExpired(): Promise<number> {
    return this.sessions.deleteExpired(isoAt(this.clock()));
  }

  private shape(row: SessionWithAccount): Omit<ActiveSession, 'expiresAtMs'> {
    return { id: row.id, accountId: row.account_id, email: row.email, plan: row.plan, csrfToken: row.csrf_token };
  }

  private async maybeExtend(row: SessionWithAccount, now: number, expires: number): Promise<number> {
    if (now - Date.parse(row.last_seen_at) < EXTEND_INTERVAL_MS) return expires;
    const next = Math.min(now + SESSION_IDLE_MS, Date.parse(row.created_at) + SESSION_ABSOLUTE_MS);
    if (next <= expires) return expires;
    await this.sessions.extend(row.id, isoAt(now), isoAt(next));
    return next;
  }
}
