// Opens the database named by DATABASE_URL (SQLite file or PostgreSQL) and runs migrations.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type MigrationProvider,
  type PostgresPool,
  type PostgresPoolClient,
  type SqliteDatabase,
} from 'kysely';
import pg from 'pg';
import { AppError } from '../errors.js';
import { MIGRATIONS } from './migrations/index.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;
export type Dialect = 'sqlite' | 'postgres';

export interface DbHandle {
  db: Db;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DbOptions {
  /** PostgreSQL: per-statement limit in ms so a stuck query cannot hold a request forever. */
  statementTimeoutMs?: number;
  poolSize?: number;
}

export function openDb(url: string, opts: DbOptions = {}): DbHandle {
  if (url.startsWith('sqlite:')) {
    const file = url.slice('sqlite:'.length);
    if (file !== ':memory:') fs.mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
    const database = new SQLite(file);
    // WAL: readers never block the writer, and a killed process leaves a consistent file.
    database.pragma('journal_mode = WAL');
    database.pragma('synchronous = NORMAL');
    database.pragma('foreign_keys = ON');
    database.pragma('busy_timeout = 5000');
    keepSpaceReturnable(database);
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: reusingStatements(database) }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    statement_timeout: opts.statementTimeoutMs ?? 10_000,
    connectionTimeoutMillis: 5_000,
    // Connections idle this long are closed, so a restarted server's stale sockets do not linger.
    idleTimeoutMillis: 30_000,
  });
  // An idle client that loses its server (PostgreSQL restart) must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: unavailableAware(pool) }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

/**
 * Job inputs and results are deleted once converted or expired; with SQLite's default (no auto-vacuum)
 * their pages stay in the file for ever, and the database grew about 500 MB per hostile upload. In
 * INCREMENTAL mode the jobs sweep hands free pages back (JobRepository.giveSpaceBack). A database made
 * before is converted once by a VACUUM (the time of copying it; another process holding it open makes
 * that wait for the next start). The WAL is cut back to 64 MB after checkpoints, so one large write does
 * not leave a large WAL file behind.
 */
function keepSpaceReturnable(database: SQLite.Database): void {
  database.pragma('journal_size_limit = 67108864');
  if (database.name === ':memory:' || database.pragma('auto_vacuum', { simple: true }) === 2) return;
  database.pragma('auto_vacuum = INCREMENTAL');
  try {
    database.exec('VACUUM');
  } catch {
    /* busy: converted at a later start */
  }
}

/** Prepared statements kept per SQLite connection; past this many distinct SQL texts the oldest is dropped. */
const STATEMENT_CACHE_SIZE = 200;

/**
 * Kysely's SQLite driver prepares every query anew; an API request runs about fourteen statements
 * (key, quota, conversion record), and preparing them was a quarter of its database time. A statement
 * is reused for the same SQL text: safe because the driver runs one query at a time on its single
 * connection (a stream holds the connection until it ends), and SQLite re-prepares a statement by
 * itself after a schema change.
 */
function reusingStatements(database: SQLite.Database): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => database.close(),
    prepare(text: string) {
      let stmt = cache.get(text);
      if (!stmt) {
        stmt = database.prepare(text);
        if (cache.size >= STATEMENT_CACHE_SIZE) cache.delete(cache.keys().next().value!);
        cache.set(text, stmt);
      }
      return stmt;
    },
  };
}

// SQLSTATE classes and codes that mean "the database is not reachable or not answering now" rather
// than "this query is wrong": connection exceptions (08), shutdown / start-up (57P0x), too many
// connections (53300) and the statement timeout (57014).
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[1-3]|53300|57014)$/;
const UNAVAILABLE_ERRNO = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
const UNAVAILABLE_MESSAGE =
  /connection terminated|connection timeout|timeout exceeded when trying to connect|not queryable|connection ended|client has encountered a connection error/i;

export function isDatabaseUnavailable(e: unknown): boolean {
  const err = e as { code?: unknown; message?: unknown } | null;
  if (!err) return false;
  const code = typeof err.code === 'string' ? err.code : '';
  return UNAVAILABLE_SQLSTATE.test(code) || UNAVAILABLE_ERRNO.has(code) || UNAVAILABLE_MESSAGE.test(typeof err.message === 'string' ? err.message : '');
}

/** The one place where a PostgreSQL outage becomes the contract's 503 `service_unavailable`. */
function unavailable(e: unknown): unknown {
  if (!isDatabaseUnavailable(e)) return e;
  return new AppError('service_unavailable', 'The database is not answering; retry shortly.', { retryAfter: 5 });
}

// Kysely talks to this instead of the pg pool: outages surface as AppErrors to every repository at
// once, and a client that saw one is handed back as broken so the pool opens a fresh connection.
function unavailableAware(pool: pg.Pool): PostgresPool {
  return {
    async connect(): Promise<PostgresPoolClient> {
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        throw unavailable(e);
      }
      let broken: Error | undefined;
      const run = async (text: string, params: readonly unknown[]) => {
        try {
          return await client.query(text, params as unknown[]);
        } catch (e) {
          if (isDatabaseUnavailable(e)) broken = e as Error;
          throw unavailable(e);
        }
      };
      // Cursors (streamed queries) pass through untouched; every other query goes through run().
      const query = ((textOrCursor: unknown, params?: readonly unknown[]) =>
        typeof textOrCursor === 'string' ? run(textOrCursor, params ?? []) : client.query(textOrCursor as never)) as unknown as PostgresPoolClient['query'];
      return { query, release: () => client.release(broken) };
    },
    end: () => pool.end(),
  };
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrate(db: Db): Promise<string[]> {
  // Migrations are independent tables and columns added by features; a database that already ran a
  // later one (say 0006) still takes an earlier one that lands after it (0005).
  const migrator = new Migrator({ db, provider, allowUnorderedMigrations: true });
  const { error, results } = await migrator.migrateToLatest();
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what was caught, as it came
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
