// Failed log-ins slow a (email, address) pair down instead of locking the email out. Eight wrong
// passwords from anywhere used to lock the owner out for 15 minutes; now the first FREE failures of a
// pair cost nothing, each later one makes the pair wait twice as long as the last (1 s, 2 s, 4 s ... up
// to MAX_DELAY_S), and the window forgets a pair 15 minutes after its last failure. The owner, from
// another address, is never slowed by someone else's guesses.
import type { Redis } from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { FailureLimiter } from './rate-limiter.js';

export class SlowDownLimiter implements FailureLimiter {
  private readonly counts: RateLimiterAbstract;
  private readonly gate: RateLimiterAbstract;

  /** `limit`: failures before waits start; `maxDelayS`: the longest wait. */
  constructor(
    readonly limit: number,
    windowSeconds: number,
    readonly maxDelayS: number,
    redis?: Redis,
    keyPrefix = 'll:slow',
  ) {
    const counts = { points: 1_000_000, duration: windowSeconds, keyPrefix: `${keyPrefix}:n` };
    const gate = { points: 1, duration: 1, keyPrefix: `${keyPrefix}:gate` };
    this.counts = redis ? new RateLimiterRedis({ ...counts, storeClient: redis }) : new RateLimiterMemory(counts);
    this.gate = redis ? new RateLimiterRedis({ ...gate, storeClient: redis }) : new RateLimiterMemory(gate);
  }

  /** Seconds the pair must still wait, else 0. */
  async blockedFor(key: string): Promise<number> {
    const res = await this.gate.get(key);
    return res && res.consumedPoints > 1 ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 0;
  }

  async recordFailure(key: string): Promise<void> {
    const res = await this.counts.penalty(key, 1);
    const over = res.consumedPoints - this.limit;
    if (over > 0) await this.gate.block(key, Math.min(this.maxDelayS, 2 ** (over - 1)));
  }

  async close(): Promise<void> {}
}
