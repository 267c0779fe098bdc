// A true rolling window ("120 requests in the last hour") kept as a log of request times per key.
// rate-limiter-flexible only offers fixed windows that start at the first request, which lets a
// client send up to twice the limit across a window boundary; the contract says rolling, so the API
// limit is this small log (120 numbers per account) and the same algorithm runs in Redis for many
// instances (sliding-window.redis.ts).
import type { RateDecision, RateLimiter } from './rate-limiter.js';

export class MemorySlidingWindowLimiter implements RateLimiter {
  private readonly logs = new Map<string, number[]>();

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  private prune(key: string, nowMs: number): number[] {
    const log = this.logs.get(key) ?? [];
    const from = nowMs - this.windowMs;
    let i = 0;
    while (i < log.length && log[i] <= from) i++;
    const kept = i ? log.slice(i) : log;
    if (kept.length) this.logs.set(key, kept);
    else this.logs.delete(key);
    return kept;
  }

  private decision(log: number[], nowMs: number, allowed: boolean): RateDecision {
    const resetMs = log.length ? log[0] + this.windowMs - nowMs : 0;
    return { allowed, limit: this.limit, remaining: Math.max(0, this.limit - log.length), resetSeconds: Math.max(0, Math.ceil(resetMs / 1000)) };
  }

  async consume(key: string, nowMs: number, cost = 1): Promise<RateDecision> {
    const log = this.prune(key, nowMs);
    if (log.length + cost > this.limit) return this.decision(log, nowMs, false);
    for (let i = 0; i < cost; i++) log.push(nowMs);
    this.logs.set(key, log);
    return this.decision(log, nowMs, true);
  }

  async peek(key: string, nowMs: number): Promise<RateDecision> {
    return this.decision(this.prune(key, nowMs), nowMs, true);
  }

  async close(): Promise<void> {
    this.logs.clear();
  }
}
