// Brute-force guard on failed authentication, per client address: rate-limiter-flexible's own use
// case, in memory or in Redis (shared by all instances).
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { FailureLimiter } from './rate-limiter.js';

export class FlexibleFailureLimiter implements FailureLimiter {
  private readonly rl: RateLimiterAbstract;

  constructor(
    readonly limit: number,
    windowSeconds: number,
    redis?: Redis,
    keyPrefix = 'll:authfail',
  ) {
    const opts = { points: limit, duration: windowSeconds, blockDuration: windowSeconds, keyPrefix };
    this.rl = redis ? new RateLimiterRedis({ ...opts, storeClient: redis }) : new RateLimiterMemory(opts);
  }

  async blockedFor(key: string): Promise<number> {
    const res = await this.rl.get(key);
    if (res && res.consumedPoints >= this.limit) return Math.max(1, Math.ceil(res.msBeforeNext / 1000));
    return 0;
  }

  async recordFailure(key: string): Promise<void> {
    try {
      await this.rl.consume(key);
    } catch (e) {
      // Over the limit: the key is now blocked; blockedFor() reports it.
      if (!(e instanceof RateLimiterRes)) throw e;
    }
  }

  async close(): Promise<void> {}
}
