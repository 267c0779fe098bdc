// The rate limiter seen by the services. Implementations: memory (one process) and redis (many).
export interface RateDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted request leaves the window (a slot frees up). */
  resetSeconds: number;
}

export interface RateLimiter {
  /**
   * Counts one request for `key` at `nowMs` (`cost` of them: a download of many files counts each) if
   * the window has room for all of them. Refused requests are not counted.
   */
  consume(key: string, nowMs: number, cost?: number): Promise<RateDecision>;
  /** The state of `key` without counting anything. */
  peek(key: string, nowMs: number): Promise<RateDecision>;
  close(): Promise<void>;
}

export interface FailureLimiter {
  /** Seconds to wait when `key` (a client address) has failed too often, else 0. */
  blockedFor(key: string): Promise<number>;
  recordFailure(key: string): Promise<void>;
  readonly limit: number;
  close(): Promise<void>;
}
