// All SQL for web sessions. Lookups join the account so one query serves every page request.
import type { Kysely } from 'kysely';
import type { AccountsTable } from './schema.js';
import type { SessionDatabase, WebSessionsTable } from './session.schema.js';

export type SessionRow = WebSessionsTable;
export type SessionWithAccount = SessionRow & { email: string; plan: AccountsTable['plan'] };

export class SessionRepository {
  constructor(private readonly db: Kysely<SessionDatabase>) {}

  async insert(row: SessionRow): Promise<void> {
    await this.db.insertInto('web_sessions').values(row).execute();
  }

  findByHash(tokenHash: string): Promise<SessionWithAccount | undefined> {
    return this.db
      .selectFrom('web_sessions')
      .innerJoin('accounts', 'accounts.id', 'web_sessions.account_id')
      .selectAll('web_sessions')
      .select(['accounts.email as email', 'accounts.plan as plan'])
      .where('web_sessions.token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async extend(id: string, lastSeenAt: string, expiresAt: string): Promise<void> {
    await this.db.updateTable('web_sessions').set({ last_seen_at: lastSeenAt, expires_at: expiresAt }).where('id', '=', id).execute();
  }

  async deleteByHash(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('web_sessions').where('token_hash', '=', tokenHash).execute();
  }

  async deleteByAccount(accountId: string): Promise<number> {
    const res = await this.db.deleteFrom('web_sessions').where('account_id', '=', accountId).executeTakeFirst();
    return Number(res.numDeletedRows);
  }

  async deleteExpired(nowIso: string): Promise<number> {
    const res = await this.db.deleteFrom('web_sessions').where('expires_at', '<=', nowIso).executeTakeFirst();
    return Number(res.numDeletedRows);
  }
}
