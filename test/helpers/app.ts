// Builds the real application on a real database for integration tests through app.inject.
// SQLite file by default; TEST_DATABASE_URL / TEST_REDIS_URL switch the same suite to PostgreSQL + Redis.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, testEnv, type Config } from '../../src/config.js';
import { createContext, type AppContext, type ContextOverrides } from '../../src/context.js';
import { planOf } from '../../src/services/plans.js';

export interface TestApp {
  app: FastifyInstance;
  ctx: AppContext;
  /** Moves the injected clock (ms). */
  advance(ms: number): void;
  now(): number;
  close(): Promise<void>;
}

let counter = 0;

/** A fresh, empty PostgreSQL database per test app, so suites never see each other's rows. */
async function freshPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `ll_t_${process.pid}_${Date.now().toString(36)}_${counter++}`;
  const admin = async (q: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(q);
    } finally {
      await client.end();
    }
  };
  await admin(`CREATE DATABASE ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {}) };
}

export async function createTestApp(opts: { config?: Partial<Config>; overrides?: ContextOverrides; startMs?: number } = {}): Promise<TestApp> {
  const env = testEnv();
  let databaseUrl: string;
  let dir: string | null = null;
  let dropDb: (() => Promise<void>) | null = null;
  if (env.databaseUrl) {
    const fresh = await freshPostgres(env.databaseUrl);
    databaseUrl = fresh.url;
    dropDb = fresh.drop;
  } else {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-test-'));
    databaseUrl = `sqlite:${path.join(dir, 'test.db')}`;
  }
  // Each test app gets its own Redis key space, so parallel test files never share a count.
  const redisPrefix = `test:${process.pid}:${Date.now().toString(36)}:${counter++}:`;
  const config: Config = { ...loadConfig({}), databaseUrl, redisUrl: env.redisUrl, redisPrefix, logLevel: 'silent', ...opts.config };
  let now = opts.startMs ?? Date.UTC(2026, 10, 15, 12, 0, 0);
  const ctx = await createContext(config, { clock: () => now, converter: 'inline', ...opts.overrides });
  const app = await buildApp(ctx, { logger: false });
  await app.ready();
  return {
    app,
    ctx,
    advance: (ms) => {
      now += ms;
    },
    now: () => now,
    async close() {
      await app.close();
      await ctx.close();
      if (dir) fs.rmSync(dir, { recursive: true, force: true });
      if (dropDb) await dropDb();
    },
  };
}

/**
 * Creates an account on `plan` and a key for it; returns the key. A plan without API access cannot
 * create keys (plans.ts), so its key is made on a paid plan first: an account moved down to the free
 * plan keeps the keys it had.
 */
export async function accountWithKey(t: TestApp, plan = 'starter', email = `user${counter++}@example.com`) {
  let account = await t.ctx.accounts.create(email, 'correct horse battery', planOf(plan).apiAccess ? plan : 'starter');
  const key = await t.ctx.apiKeys.create(account, 'test');
  if (account.plan !== plan) account = await t.ctx.accounts.setPlan(email, plan);
  return { account, key: key.key, keyId: key.id };
}
