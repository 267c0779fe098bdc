import type { Db } from './db.js';
import type { AccountsTable } from './schema.js';

export type AccountRow = AccountsTable;

export class AccountRepository {
  constructor(private readonly db: Db) {}

  async insert(row: AccountRow): Promise<void> {
    await this.db.insertInto('accounts').values(row).execute();
  }

  findByEmail(email: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('email', '=', email).executeTakeFirst();
  }

  findById(id: string): Promise<AccountRow | undefined> {
    return this.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async setPlan(id: string, plan: string): Promise<void> {
    await this.db.updateTable('accounts').set({ plan }).where('id', '=', id).execute();
  }

  async setPasswordHash(id: string, passwordHash: string): Promise<void> {
    await this.db.updateTable('accounts').set({ password_hash: passwordHash }).where('id', '=', id).execute();
  }
}
