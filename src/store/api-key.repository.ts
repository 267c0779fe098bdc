import type { Db } from './db.js';
import type { AccountsTable, ApiKeysTable } from './schema.js';

export type ApiKeyRow = ApiKeysTable;
export type KeyWithAccount = ApiKeyRow & { account_plan: AccountsTable['plan']; account_email: string };

export class ApiKeyRepository {
  constructor(private readonly db: Db) {}

  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  /** Looks a key up by its hash, with its account's plan, in one query (the hot path of every request). */
  findByHash(keyHash: string): Promise<KeyWithAccount | undefined> {
    return this.db
      .selectFrom('api_keys')
      .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .selectAll('api_keys')
      .select(['accounts.plan as account_plan', 'accounts.email as account_email'])
      .where('api_keys.key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  listByAccount(accountId: string): Promise<ApiKeyRow[]> {
    return this.db.selectFrom('api_keys').selectAll().where('account_id', '=', accountId).orderBy('created_at', 'desc').orderBy('id', 'desc').execute();
  }

  listAll(): Promise<(ApiKeyRow & { email: string })[]> {
    return this.db
      .selectFrom('api_keys')
      .innerJoin('accounts', 'accounts.id', 'api_keys.account_id')
      .selectAll('api_keys')
      .select('accounts.email')
      .orderBy('api_keys.created_at')
      .execute();
  }

  /** Revokes a key; scoped by account unless accountId is null (admin CLI). Returns whether a live key was revoked. */
  async revoke(id: string, accountId: string | null, at: string): Promise<boolean> {
    let q = this.db.updateTable('api_keys').set({ revoked_at: at }).where('id', '=', id).where('revoked_at', 'is', null);
    if (accountId !== null) q = q.where('account_id', '=', accountId);
    const res = await q.executeTakeFirst();
    return Number(res.numUpdatedRows) > 0;
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
