// The only reader of process.env. Everything else receives a Config.
import os from 'node:os';
import path from 'node:path';

export interface Config {
  port: number;
  host: string;
  /** `sqlite:PATH` or `postgres://...`. */
  databaseUrl: string;
  redisUrl: string | null;
  /** Prefix of every Redis key, so several deployments (or test runs) can share one Redis. */
  redisPrefix: string;
  logLevel: string;
  convertWorkers: number;
  /** Conversions waiting for a worker beyond which the API answers 503 overloaded. */
  convertQueueMax: number;
  /** Per-file time limit for a conversion, in milliseconds. */
  convertTimeoutMs: number;
  /** Heap cap for one conversion worker, in MB. */
  convertWorkerMemoryMb: number;
  /** Maximum upload size in bytes (contract: 50 MB). */
  maxUploadBytes: number;
  /** Whether GET /metrics is served. */
  metricsEnabled: boolean;
  /** Secure flag on session cookies (set behind HTTPS). */
  cookieSecure: boolean;
  /** Idle upload connections are cut after this many milliseconds. */
  requestTimeoutMs: number;
  /** PostgreSQL connections per instance (instances x this must stay under the server's max_connections). */
  databasePoolSize: number;
  /** PostgreSQL per-statement limit, so a stuck query cannot hold a request (or a pool slot) for ever. */
  databaseStatementTimeoutMs: number;
  /** API requests per rolling hour per account. The contract says 120; raise it only for load tests. */
  rateLimitPerHour: number;
  /** When set, GET /metrics also needs `Authorization: Bearer <token>`. */
  metricsToken: string | null;
  /** On SIGTERM, /readyz reports draining for at least this long before the listener closes, so a load balancer notices. */
  shutdownDelayMs: number;
  /** On SIGTERM, in-flight work gets this long to finish before the process exits anyway (exit code 1). */
  shutdownTimeoutMs: number;
  /**
   * Which X-Forwarded-For hops to believe (fastify's trustProxy): false, true, or comma-separated
   * addresses/CIDRs of the load balancers. Behind one, the per-address failed-login guard needs the client's address.
   */
  trustProxy: boolean | string;
}

const MB = 1024 * 1024;

function int(v: string | undefined, dflt: number, name: string): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got "${v}"`);
  return n;
}

function bool(v: string | undefined, dflt: boolean): boolean {
  if (v === undefined || v === '') return dflt;
  return /^(1|true|yes|on)$/i.test(v);
}

function trustProxy(v: string | undefined): boolean | string {
  if (v === undefined || v.trim() === '' || /^(0|false|no|off)$/i.test(v)) return false;
  if (/^(1|true|yes|on)$/i.test(v)) return true;
  return v.trim();
}

export function normaliseDatabaseUrl(v: string | undefined, cwd = process.cwd()): string {
  if (!v) return `sqlite:${path.join(cwd, 'data', 'ledgerline.db')}`;
  if (/^postgres(ql)?:\/\//.test(v) || v.startsWith('sqlite:')) return v;
  throw new Error(`DATABASE_URL must start with sqlite: or postgres://, got "${v}"`);
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: normaliseDatabaseUrl(env.DATABASE_URL),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'll:',
    logLevel: env.LOG_LEVEL || 'info',
    convertWorkers: int(env.CONVERT_WORKERS, Math.max(1, Math.min(4, os.availableParallelism())), 'CONVERT_WORKERS'),
    convertQueueMax: int(env.CONVERT_QUEUE_MAX, 32, 'CONVERT_QUEUE_MAX'),
    convertTimeoutMs: int(env.CONVERT_TIMEOUT_MS, 60_000, 'CONVERT_TIMEOUT_MS'),
    convertWorkerMemoryMb: int(env.CONVERT_WORKER_MEMORY_MB, 1024, 'CONVERT_WORKER_MEMORY_MB'),
    maxUploadBytes: int(env.MAX_UPLOAD_BYTES, 50 * MB, 'MAX_UPLOAD_BYTES'),
    metricsEnabled: bool(env.METRICS_ENABLED, false),
    cookieSecure: bool(env.COOKIE_SECURE, false),
    requestTimeoutMs: int(env.REQUEST_TIMEOUT_MS, 120_000, 'REQUEST_TIMEOUT_MS'),
    databasePoolSize: Math.max(1, int(env.DATABASE_POOL_SIZE, 10, 'DATABASE_POOL_SIZE')),
    databaseStatementTimeoutMs: int(env.DATABASE_STATEMENT_TIMEOUT_MS, 10_000, 'DATABASE_STATEMENT_TIMEOUT_MS'),
    rateLimitPerHour: Math.max(1, int(env.RATE_LIMIT_PER_HOUR, 120, 'RATE_LIMIT_PER_HOUR')),
    metricsToken: env.METRICS_TOKEN || null,
    shutdownDelayMs: int(env.SHUTDOWN_DELAY_MS, 1_000, 'SHUTDOWN_DELAY_MS'),
    shutdownTimeoutMs: int(env.SHUTDOWN_TIMEOUT_MS, 90_000, 'SHUTDOWN_TIMEOUT_MS'),
    trustProxy: trustProxy(env.TRUST_PROXY),
  };
}

/** Test-time variables read in one place too (the integration suite runs on SQLite unless these are set). */
export function testEnv(env: NodeJS.ProcessEnv = process.env): { databaseUrl: string | null; redisUrl: string | null } {
  return { databaseUrl: env.TEST_DATABASE_URL || null, redisUrl: env.TEST_REDIS_URL || null };
}
