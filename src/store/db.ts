// Opens the database named by DATABASE_URL (SQLite file or PostgreSQL) and runs migrations.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationProvider } from 'kysely';
import pg from 'pg';
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
    const db = new Kysely<Database>({ dialect: new SqliteDialect({ database }) });
    return { db, dialect: 'sqlite', close: () => db.destroy() };
  }
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.poolSize ?? 10,
    statement_timeout: opts.statementTimeoutMs ?? 10_000,
    connectionTimeoutMillis: 5_000,
  });
  // An idle client that loses its server (PostgreSQL restart) must not crash the process.
  pool.on('error', () => {});
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

export async function migrate(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error;
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}

export async function ping(db: Db): Promise<void> {
  await sql`select 1`.execute(db);
}
