// API keys: `ll_live_` + 32 base62 characters, stored only as SHA-256 with a visible prefix.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { AppError } from '../errors.js';
import type { ApiKeyRepository, ApiKeyRow, KeyWithAccount } from '../store/api-key.repository.js';
import { newId } from '../store/ids.js';
import { isoAt, type Clock } from './clock.js';
import { MAX_LIVE_KEYS_PER_ACCOUNT, requireApiAccess } from './plans.js';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const KEY_RE = /^ll_live_[0-9A-Za-z]{32}$/;
const PREFIX_LENGTH = 'll_live_'.length + 4;
// last_used_at is written at most this often per key (ms), so busy keys do not turn every request into a write.
const TOUCH_INTERVAL_MS = 60_000;

export const sha256Hex = (s: string) => createHash('sha256').update(s, 'utf8').digest('hex');

function randomBase62(n: number): string {
  let out = '';
  while (out.length < n) {
    for (const b of randomBytes(n * 2)) {
      // 248 = 4 * 62: rejecting larger bytes keeps every character equally likely.
      if (b < 248 && out.length < n) out += BASE62[b % 62];
    }
  }
  return out;
}

export interface CreatedKey {
  id: string;
  name: string;
  prefix: string;
  created_at: string;
  /** The secret, returned this once and never again. */
  key: string;
}

export class ApiKeyService {
  constructor(
    private readonly keys: ApiKeyRepository,
    private readonly clock: Clock,
  ) {}

  /** A new key for an account whose plan has API access (requireApiAccess: the web page and the CLI alike). */
  async create(account: { id: string; plan: string }, name?: string): Promise<CreatedKey> {
    requireApiAccess(account.plan, 'create');
    const accountId = account.id;
    const live = (await this.keys.listByAccount(accountId)).filter((k) => k.revoked_at === null).length;
    if (live >= MAX_LIVE_KEYS_PER_ACCOUNT) {
      throw new AppError('invalid_request', `An account may have at most ${MAX_LIVE_KEYS_PER_ACCOUNT} live API keys; revoke one you no longer use first.`);
    }
    const label = (name ?? '').trim().slice(0, 100) || 'API key';
    const key = `ll_live_${randomBase62(32)}`;
    const row: ApiKeyRow = {
      id: newId('key', this.clock()),
      account_id: accountId,
      name: label,
      prefix: key.slice(0, PREFIX_LENGTH),
      key_hash: sha256Hex(key),
      created_at: isoAt(this.clock()),
      last_used_at: null,
      revoked_at: null,
    };
    await this.keys.insert(row);
    return { id: row.id, name: row.name, prefix: row.prefix, created_at: row.created_at, key };
  }

  list(accountId: string): Promise<ApiKeyRow[]> {
    return this.keys.listByAccount(accountId);
  }

  listAll() {
    return this.keys.listAll();
  }

  /** Revokes one of the account's keys (accountId null: any account, for the admin CLI). */
  async revoke(id: string, accountId: string | null): Promise<void> {
    const ok = await this.keys.revoke(id, accountId, isoAt(this.clock()));
    if (!ok) throw new AppError('not_found', 'No live key has this id.');
  }

  /** The key's row and its account's plan, or an AppError: missing_api_key / invalid_api_key. */
  async authenticate(raw: string | undefined): Promise<KeyWithAccount> {
    if (raw === undefined || raw.trim() === '') throw new AppError('missing_api_key', 'Send your API key in the X-Api-Key header.');
    const presented = raw.trim();
    const hash = sha256Hex(presented);
    const row = KEY_RE.test(presented) ? await this.keys.findByHash(hash) : undefined;
    // The lookup is by hash; the explicit constant-time comparison keeps the final check free of
    // early exits even if the store's comparison were not.
    const ok = !!row && timingSafeEqual(Buffer.from(row.key_hash, 'hex'), Buffer.from(hash, 'hex'));
    if (!row || !ok || row.revoked_at !== null) throw new AppError('invalid_api_key', 'The API key is not valid or has been revoked.');
    const now = this.clock();
    if (!row.last_used_at || now - Date.parse(row.last_used_at) >= TOUCH_INTERVAL_MS) {
      await this.keys.touch(row.id, isoAt(now));
    }
    return row;
  }
}
