// The composition root: builds every repository, service and adapter from a Config once.
import { Redis } from 'ioredis';
import { hasSideTasks, type Converter, type SideTasks } from './adapters/converter.js';
import { InProcessConverter } from './adapters/in-process.converter.js';
import { FlexibleFailureLimiter } from './adapters/limiter/failure-limiter.js';
import type { FailureLimiter, RateLimiter } from './adapters/limiter/rate-limiter.js';
import { MemorySlidingWindowLimiter } from './adapters/limiter/sliding-window.memory.js';
import { Lifecycle } from './adapters/lifecycle.js';
import { Metrics } from './adapters/metrics/metrics.js';
import { PoolConverter } from './adapters/pool.converter.js';
import { workerEnv, type Config } from './config.js';
import { AccountService } from './services/account.service.js';
import { ApiKeyService } from './services/api-key.service.js';
import { systemClock, type Clock } from './services/clock.js';
import { ConversionService } from './services/conversion.service.js';
import { createJobs, type JobsModule } from './services/jobs/jobs.module.js';
import { PayeeService } from './services/payee.service.js';
import { ClassifyService } from './services/classify.service.js';
import { SessionService } from './services/session.service.js';
import { UsageService } from './services/usage.service.js';
import { ClassifyRuleRepository } from './store/classify-rule.repository.js';
import { SessionRepository } from './store/session.repository.js';
import type { SessionTables } from './store/session.schema.js';
import { AccountKeys } from './services/account-keys.js';
import { ContinuityService } from './services/continuity.service.js';
import { ContinuityRepository } from './store/continuity.repository.js';
import { deploymentKey, deploymentSealer } from './adapters/jobs/seal-key.js';
import { KeptResultService } from './services/kept-results.service.js';
import { KeptResultRepository } from './store/kept-result.repository.js';
import { QuotaService } from './services/quota.service.js';
import { AccountRepository } from './store/account.repository.js';
import { ApiKeyRepository } from './store/api-key.repository.js';
import { ConversionRepository } from './store/conversion.repository.js';
import { migrate, openDb, type DbHandle } from './store/db.js';
import { PayeeRuleRepository } from './store/payee-rule.repository.js';
import { UsageRepository } from './store/usage.repository.js';

/** API requests per rolling hour per account (contract). */
export const API_RATE_LIMIT = 120;
export const API_RATE_WINDOW_MS = 3600_000;
/** Failed authentications per client address per 15 minutes before it is refused. */
export const AUTH_FAILURE_LIMIT = 20;
export const AUTH_FAILURE_WINDOW_S = 900;

export interface AppContext {
  config: Config;
  clock: Clock;
  dbh: DbHandle;
  redis: Redis | null;
  rateLimiter: RateLimiter;
  authFailures: FailureLimiter;
  converter: Converter;
  /** Classification and file rendering, where conversions run (the pool) or in-process (CLI, tests). */
  tasks: SideTasks;
  /** Shutdown state (draining) and the uploads still being answered. */
  lifecycle: Lifecycle;
  /** Prometheus metrics, when METRICS_ENABLED. */
  metrics: Metrics | null;
  accounts: AccountService;
  apiKeys: ApiKeyService;
  quota: QuotaService;
  conversions: ConversionService;
  /** Kept results (issue 50): each conversion's result, sealed, for the account's keeping period. */
  kept: KeptResultService;
  /** Asynchronous jobs and webhooks (issue 17); background work runs only after jobs.start(). */
  jobs: JobsModule;
  /** Per-account payee rules (src/engine/payees/), used by conversions and managed by the API and the Account page. */
  payees: PayeeService;
  /** Web sessions (the web feature's log-in, and the CLI's password reset that ends them). */
  sessions: SessionService;
  /** Classification (beta): its rules and the convert hook, installed by the classify feature. */
  classify: ClassifyService;
  /** Usage report (beta). */
  usage: UsageService;
  /** Repositories, for features that add their own services. */
  repos: { accounts: AccountRepository; apiKeys: ApiKeyRepository; conversions: ConversionRepository; usage: UsageRepository };
  close(): Promise<void>;
}

export interface ContextOverrides {
  clock?: Clock;
  /** 'pool' (default for the server) or 'inline' (CLI and most tests). */
  converter?: 'pool' | 'inline' | Converter;
  rateLimiter?: RateLimiter;
  skipMigrations?: boolean;
}

export async function createContext(config: Config, o: ContextOverrides = {}): Promise<AppContext> {
  const clock = o.clock ?? systemClock;
  const dbh = openDb(config.databaseUrl, { poolSize: config.databasePoolSize, statementTimeoutMs: config.databaseStatementTimeoutMs });
  if (!o.skipMigrations) await migrate(dbh.db);
  const redis = config.redisUrl
    ? new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 2000 })
    : null;
  if (redis) {
    // Errors surface through the limiters (which fail open, see api-auth.ts); a Redis that is down at
    // start-up must not stop the service from starting.
    redis.on('error', () => {});
    await redis.connect().catch(() => {});
  }
  const rateLimiter = o.rateLimiter ?? (await createRateLimiter(redis, config.redisPrefix, config.rateLimitPerHour));
  const authFailures = new FlexibleFailureLimiter(AUTH_FAILURE_LIMIT, AUTH_FAILURE_WINDOW_S, redis ?? undefined, `${config.redisPrefix}authfail`);
  const converter: Converter =
    typeof o.converter === 'object'
      ? o.converter
      : o.converter === 'inline'
        ? new InProcessConverter()
        : new PoolConverter({
            workers: config.convertWorkers,
            maxQueue: config.convertQueueMax,
            timeoutMs: config.convertTimeoutMs,
            memoryMb: config.convertWorkerMemoryMb,
            perAccount: config.convertPerAccount,
            queueWaitMs: config.convertQueueWaitMs,
            env: workerEnv(),
          });
  const tasks: SideTasks = hasSideTasks(converter) ? converter : new InProcessConverter();
  const lifecycle = new Lifecycle();
  const metrics = config.metricsEnabled ? new Metrics(() => converter.stats(), lifecycle) : null;
  const repos = {
    accounts: new AccountRepository(dbh.db),
    apiKeys: new ApiKeyRepository(dbh.db),
    conversions: new ConversionRepository(dbh.db),
    usage: new UsageRepository(dbh.db),
  };
  // A reservation older than the slowest upload plus the per-file limit (plus a minute) has no live
  // conversion behind it.
  const quota = new QuotaService(repos.usage, clock, config.requestTimeoutMs + config.convertTimeoutMs + 60_000);
  const payees = new PayeeService(new PayeeRuleRepository(dbh.db), clock);
  const continuity = new ContinuityService(new ContinuityRepository(dbh.db), new AccountKeys(() => deploymentKey(config)), clock);
  const kept = new KeptResultService(new KeptResultRepository(dbh.db), deploymentSealer(config), clock, config.keepResultsDays);
  const conversions = new ConversionService(repos.conversions, quota, converter, clock, metrics ?? undefined, payees, continuity, kept);
  const jobs = await createJobs(config, dbh, { accounts: repos.accounts, conversions, quota, clock, kept });
  return {
    config,
    clock,
    dbh,
    redis,
    rateLimiter,
    authFailures,
    converter,
    tasks,
    lifecycle,
    metrics,
    repos,
    accounts: new AccountService(repos.accounts, clock),
    apiKeys: new ApiKeyService(repos.apiKeys, clock),
    quota,
    conversions,
    kept,
    jobs,
    payees,
    sessions: new SessionService(new SessionRepository(dbh.db.withTables<SessionTables>()), clock),
    classify: new ClassifyService(new ClassifyRuleRepository(dbh.db), clock, tasks),
    usage: new UsageService(quota, rateLimiter, repos.conversions, clock),
    async close() {
      await jobs.close();
      await converter.close();
      await rateLimiter.close();
      await authFailures.close();
      // Results still being kept after their answers went out are written before the database closes.
      await kept.settled();
      redis?.disconnect();
      await dbh.close();
    },
  };
}

async function createRateLimiter(redis: Redis | null, prefix: string, limit = API_RATE_LIMIT): Promise<RateLimiter> {
  if (redis) {
    const { RedisSlidingWindowLimiter } = await import('./adapters/limiter/sliding-window.redis.js');
    return new RedisSlidingWindowLimiter(redis, limit, API_RATE_WINDOW_MS, `${prefix}rate:`);
  }
  return new MemorySlidingWindowLimiter(limit, API_RATE_WINDOW_MS);
}
