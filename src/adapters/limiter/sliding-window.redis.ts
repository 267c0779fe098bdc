// The same rolling window as the memory limiter, shared by every instance: one sorted set of
// request times per key, trimmed and counted atomically by a Lua script.
import type { Redis } from 'ioredis';
import type { RateDecision, RateLimiter } from './rate-limiter.js';

// KEYS[1] = log key; ARGV = now (ms), window (ms), limit, member id, count (1 = consume, 0 = peek),
// cost (requests counted at once). Returns {allowed, count, oldest}.
const SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
local n = redis.call('ZCARD', key)
local allowed = 1
if ARGV[5] == '1' then
  local cost = tonumber(ARGV[6])
  if n + cost <= limit then
    for i = 1, cost do
      redis.call('ZADD', key, now, ARGV[4] .. '-' .. i)
    end
    n = n + cost
  else
    allowed = 0
  end
  redis.call('PEXPIRE', key, window)
end
local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
local o = -1
if oldest[2] then o = tonumber(oldest[2]) end
return {allowed, n, o}
`;

let seq = 0;

export class RedisSlidingWindowLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    readonly limit: number,
    readonly windowMs: number,
    private readonly prefix = 'll:rate:',
  ) {}

  private async run(key: string, nowMs: number, count: boolean, cost = 1): Promise<RateDecision> {
    const member = `${nowMs}-${process.pid}-${seq++}-${Math.random().toString(36).slice(2, 8)}`;
    const [allowed, n, oldest] = (await this.redis.eval(
      SCRIPT,
      1,
      this.prefix + key,
      nowMs,
      this.windowMs,
      this.limit,
      member,
      count ? '1' : '0',
      cost,
    )) as number[];
    const resetMs = oldest >= 0 ? oldest + this.windowMs - nowMs : 0;
    return { allowed: allowed === 1, limit: this.limit, remaining: Math.max(0, this.limit - n), resetSeconds: Math.max(0, Math.ceil(resetMs / 1000)) };
  }

  consume(key: string, nowMs: number, cost = 1) {
    return this.run(key, nowMs, true, cost);
  }

  peek(key: string, nowMs: number) {
    return this.run(key, nowMs, false);
  }

  async close(): Promise<void> {}
}
