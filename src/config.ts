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
  /** 'pretty' (readable lines, for a terminal) or 'json' (one object a line, for log collectors). */
  logFormat: 'pretty' | 'json';
  convertWorkers: number;
  /** Conversions waiting for a worker beyond which the API answers 503 overloaded. */
  convertQueueMax: number;
  /** Per-file time limit for a conversion, in milliseconds. */
  convertTimeoutMs: number;
  /** Memory one conversion may use (its process's heap, buffers and WebAssembly memory), in MB, on top of the runtime. */
  convertWorkerMemoryMb: number;
  /** Conversions (and other pool tasks) one account may have running or waiting at once. */
  convertPerAccount: number;
  /** Longest wait for a free conversion process before 503 overloaded, in milliseconds. */
  convertQueueWaitMs: number;
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
  /** Jobs: results (and jobs) are deleted this many hours after the job was created (decimals allowed). */
  jobRetentionHours: number;
  /** Jobs: the most bytes one job upload may carry, all files together. */
  jobMaxUploadBytes: number;
  /** Jobs: the deployment's seal key for queued inputs and webhook secrets (>= 32 bytes, hex or base64); null: read or create jobSealKeyFile. */
  jobSealSecret: string | null;
  /** Jobs: where the seal key is kept when JOB_SEAL_SECRET is not set (created on first start, mode 0600). */
  jobSealKeyFile: string;
  /** Jobs: whether `serve` also converts job files (a worker in-process); `ledgerline worker` always does. */
  jobsInServer: boolean;
  /** Jobs: files one process converts at once. */
  jobConcurrency: number;
  /** Jobs: a claimed file's lease (ms); a worker killed mid-file leaves it to be claimed again after this. */
  jobLeaseMs: number;
  /**
   * Kept results: days a conversion's result (and the corrections saved to it) is kept, sealed, for accounts
   * that chose no period of their own (0-90; 0 keeps nothing).
   */
  keepResultsDays: number;
  /** Webhooks: also deliver to loopback addresses, over http or https (tests and local development only). */
  webhookAllowLoopback: boolean;
  /** Webhooks: first retry delay (ms), doubled at each attempt (at most 6 hours between attempts). */
  webhookRetryBaseMs: number;
  /** Webhooks: retries stop this long (ms) after the event. */
  webhookRetryWindowMs: number;
}

const MB = 1024 * 1024;

function logFormat(v: string | undefined, tty: boolean): Config['logFormat'] {
  if (!v) return tty ? 'pretty' : 'json';
  if (v === 'pretty' || v === 'json') return v;
  throw new Error(`LOG_FORMAT must be pretty or json, got "${v}"`);
}

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

/** `tty`: whether stdout is a terminal (the default log format follows it). */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, tty = Boolean(process.stdout.isTTY)): Config {
  return {
    port: int(env.PORT, 3000, 'PORT'),
    host: env.HOST || '0.0.0.0',
    databaseUrl: normaliseDatabaseUrl(env.DATABASE_URL),
    redisUrl: env.REDIS_URL || null,
    redisPrefix: env.REDIS_PREFIX || 'll:',
    logLevel: env.LOG_LEVEL || 'info',
    logFormat: logFormat(env.LOG_FORMAT, tty),
    convertWorkers: int(env.CONVERT_WORKERS, Math.max(1, Math.min(4, os.availableParallelism())), 'CONVERT_WORKERS'),
    convertQueueMax: int(env.CONVERT_QUEUE_MAX, 32, 'CONVERT_QUEUE_MAX'),
    convertTimeoutMs: int(env.CONVERT_TIMEOUT_MS, 60_000, 'CONVERT_TIMEOUT_MS'),
    convertWorkerMemoryMb: int(env.CONVERT_WORKER_MEMORY_MB, 1024, 'CONVERT_WORKER_MEMORY_MB'),
    convertPerAccount: Math.max(1, int(env.CONVERT_PER_ACCOUNT, 4, 'CONVERT_PER_ACCOUNT')),
    convertQueueWaitMs: int(env.CONVERT_QUEUE_WAIT_MS, 60_000, 'CONVERT_QUEUE_WAIT_MS'),
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
    ...jobSettings(env),
  };
}

function positive(v: string | undefined, dflt: number, name: string): number {
  if (v === undefined || v === '') return dflt;
  const n = Number(v);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`${name} must be a positive number, got "${v}"`);
  return n;
}

/** KEEP_RESULTS_DAYS: 0-90 (the most an account may choose), default 30. */
function keepDays(v: string | undefined): number {
  const n = int(v, 30, 'KEEP_RESULTS_DAYS');
  if (n > 90) throw new Error(`KEEP_RESULTS_DAYS must be 0 to 90 (days), got "${v}"`);
  return n;
}

/** Settings of the jobs and webhooks feature (issue 17). */
function jobSettings(env: NodeJS.ProcessEnv) {
  const db = normaliseDatabaseUrl(env.DATABASE_URL);
  // Beside the SQLite file by default, so a copy of the database file alone does not carry it.
  const dataDir =
    db.startsWith('sqlite:') && db !== 'sqlite::memory:' ? path.dirname(path.resolve(db.slice('sqlite:'.length))) : path.join(process.cwd(), 'data');
  const workers = Math.max(1, Math.min(4, os.availableParallelism()));
  return {
    jobRetentionHours: positive(env.JOB_RETENTION_HOURS, 24, 'JOB_RETENTION_HOURS'),
    keepResultsDays: keepDays(env.KEEP_RESULTS_DAYS),
    jobMaxUploadBytes: int(env.JOB_MAX_UPLOAD_BYTES, 500 * MB, 'JOB_MAX_UPLOAD_BYTES'),
    jobSealSecret: env.JOB_SEAL_SECRET || null,
    jobSealKeyFile: env.JOB_SEAL_KEY_FILE || path.join(dataDir, 'job-seal.key'),
    jobsInServer: bool(env.JOBS_IN_SERVER, true),
    jobConcurrency: Math.max(1, int(env.JOB_CONCURRENCY, int(env.CONVERT_WORKERS, workers, 'CONVERT_WORKERS'), 'JOB_CONCURRENCY')),
    jobLeaseMs: Math.max(1000, int(env.JOB_LEASE_MS, 30_000, 'JOB_LEASE_MS')),
    webhookAllowLoopback: bool(env.WEBHOOK_ALLOW_LOOPBACK, false),
    webhookRetryBaseMs: Math.max(10, int(env.WEBHOOK_RETRY_BASE_MS, 30_000, 'WEBHOOK_RETRY_BASE_MS')),
    webhookRetryWindowMs: Math.max(1000, int(env.WEBHOOK_RETRY_WINDOW_MS, 86_400_000, 'WEBHOOK_RETRY_WINDOW_MS')),
  };
}

/**
 * The environment of conversion processes: this one's, less the service's secrets and connection
 * strings, which code parsing hostile files never needs.
 */
export function workerEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const out: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(env))
    if (!/^(DATABASE_URL|REDIS_URL|METRICS_TOKEN|TEST_DATABASE_URL|TEST_REDIS_URL|POSTGRES_PASSWORD|PG\w*)$|SECRET|TOKEN|PASSWORD/i.test(k)) out[k] = v;
  return out;
}

/** Test-time variables read in one place too (the integration suite runs on SQLite unless these are set). */
export function testEnv(env: NodeJS.ProcessEnv = process.env): { databaseUrl: string | null; redisUrl: string | null } {
  return { databaseUrl: env.TEST_DATABASE_URL || null, redisUrl: env.TEST_REDIS_URL || null };
}
