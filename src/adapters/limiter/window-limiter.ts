// A rolling-window RateLimiter in Redis when there is one (shared by instances), else in memory.
import type { Redis } from 'ioredis';
import type { RateLimiter } from './rate-limiter.js';
import { MemorySlidingWindowLimiter } from './sliding-window.memory.js';
import { RedisSlidingWindowLimiter } from './sliding-window.redis.js';

export function windowLimiter(redis: Redis | null, prefix: string, limit: number, windowMs: number): RateLimiter {
  return redis ? new RedisSlidingWindowLimiter(redis, limit, windowMs, prefix) : new MemorySlidingWindowLimiter(limit, windowMs);
}
