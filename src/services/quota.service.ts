// Monthly conversion quota: reserved before a conversion, released if it fails, so a failed
// conversion never counts and concurrent requests never overrun the plan.
import { AppError } from '../errors.js';
import type { UsageRepository } from '../store/usage.repository.js';
import { monthOf, type Clock } from './clock.js';
import { planOf, quotaFor } from './plans.js';

export interface QuotaStatus {
  limit: number;
  used: number;
  remaining: number;
  /** Epoch ms when the next calendar month (UTC) starts. */
  resetAtMs: number;
  /** Whole seconds until then. */
  resetSeconds: number;
}

export interface Reservation {
  accountId: string;
  month: string;
}

export interface QuotaSubject {
  id: string;
  plan: string;
}

export class QuotaService {
  constructor(private readonly usage: UsageRepository, private readonly clock: Clock) {}

  private shape(limit: number, used: number, nowMs: number): QuotaStatus {
    const { nextMs } = monthOf(nowMs);
    return { limit, used, remaining: Math.max(0, limit - used), resetAtMs: nextMs, resetSeconds: Math.ceil((nextMs - nowMs) / 1000) };
  }

  async status(account: QuotaSubject, source: 'api' | 'web'): Promise<QuotaStatus> {
    const now = this.clock();
    const limit = quotaFor(planOf(account.plan), source);
    return this.shape(limit, await this.usage.used(account.id, monthOf(now).month), now);
  }

  async reserve(account: QuotaSubject, source: 'api' | 'web'): Promise<Reservation> {
    const now = this.clock();
    const { month } = monthOf(now);
    const limit = quotaFor(planOf(account.plan), source);
    if (!(await this.usage.tryReserve(account.id, month, limit))) {
      const s = this.shape(limit, limit, now);
      throw new AppError('monthly_limit_reached', `This month's ${limit} conversions are used up; the quota resets on ${new Date(s.resetAtMs).toISOString().slice(0, 10)}.`, {
        retryAfter: s.resetSeconds,
        headers: quotaHeaders(s),
      });
    }
    return { accountId: account.id, month };
  }

  async release(r: Reservation): Promise<void> {
    await this.usage.release(r.accountId, r.month);
  }

  /**
   * Rebuilds this month's counts from the conversion records. Only safe while no conversion is in
   * flight anywhere (it would drop live reservations): a single SQLite process at start-up.
   */
  async resyncAfterRestart(): Promise<void> {
    const { month, startMs, nextMs } = monthOf(this.clock());
    await this.usage.resync(month, new Date(startMs).toISOString(), new Date(nextMs).toISOString());
  }
}

export function quotaHeaders(s: QuotaStatus): Record<string, string> {
  return { 'X-Quota-Limit': String(s.limit), 'X-Quota-Remaining': String(s.remaining), 'X-Quota-Reset': String(s.resetSeconds) };
}
