// Monthly conversion quota: reserved before a conversion, released if it fails, so a failed
// conversion never counts and concurrent requests never overrun the plan.
import { AppError } from '../errors.js';
import type { ReservationLink, UsageRepository } from '../store/usage.repository.js';
import { newId } from '../store/ids.js';
import { isoAt, monthOf, type Clock } from './clock.js';
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
  id: string;
  accountId: string;
  month: string;
  /** The account's quota as this reservation left it (its unit counted); absent for an adopted one. */
  status?: QuotaStatus;
}

export interface QuotaSubject {
  id: string;
  plan: string;
}

export class QuotaService {
  /**
   * @param staleAfterMs age (ms) past which a reservation can only belong to a conversion that died
   *   with its process: longer than the slowest upload plus the per-file time limit.
   */
  constructor(
    private readonly usage: UsageRepository,
    private readonly clock: Clock,
    private readonly staleAfterMs: number,
  ) {}

  private shape(limit: number, used: number, nowMs: number): QuotaStatus {
    const { nextMs } = monthOf(nowMs);
    return { limit, used, remaining: Math.max(0, limit - used), resetAtMs: nextMs, resetSeconds: Math.ceil((nextMs - nowMs) / 1000) };
  }

  async status(account: QuotaSubject, source: 'api' | 'web'): Promise<QuotaStatus> {
    const now = this.clock();
    const limit = quotaFor(planOf(account.plan), source);
    return this.shape(limit, await this.usage.used(account.id, monthOf(now).month), now);
  }

  /** `link` commits with the reservation (see UsageRepository.tryReserve); its throw is rethrown. */
  async reserve(account: QuotaSubject, source: 'api' | 'web', link?: ReservationLink): Promise<Reservation> {
    await this.reclaimStale(account.id);
    const now = this.clock();
    const { month } = monthOf(now);
    const limit = quotaFor(planOf(account.plan), source);
    const id = newId('qres', now);
    const used = await this.usage.tryReserve(account.id, month, limit, { id, createdAt: isoAt(now) }, link);
    if (used === null) {
      const s = this.shape(limit, limit, now);
      throw new AppError(
        'monthly_limit_reached',
        `This month's ${limit} conversions are used up; the quota resets on ${new Date(s.resetAtMs).toISOString().slice(0, 10)}.`,
        {
          retryAfter: s.resetSeconds,
          headers: quotaHeaders(s),
        },
      );
    }
    return { id, accountId: account.id, month, status: this.shape(limit, used, now) };
  }

  /** Takes over a reservation that is still held (a job file re-run after its worker died), or null. */
  async adopt(reservationId: string): Promise<Reservation | null> {
    const r = await this.usage.reservation(reservationId);
    return r ? { id: r.id, accountId: r.account_id, month: r.month } : null;
  }

  async release(r: Reservation): Promise<void> {
    await this.usage.release(r.id);
  }

  /**
   * Gives back units that killed processes left reserved: of one account (before its next
   * reservation), or of all accounts. `all` also takes young reservations, which is right only when no
   * other process can be converting (a single SQLite server at start-up).
   */
  async reclaimStale(accountId: string | null, all = false): Promise<number> {
    const before = isoAt(all ? this.clock() + 1 : this.clock() - this.staleAfterMs);
    let n = 0;
    for (const id of await this.usage.staleReservations(accountId, before)) if (await this.usage.release(id)) n++;
    return n;
  }
}

export function quotaHeaders(s: QuotaStatus): Record<string, string> {
  return { 'X-Quota-Limit': String(s.limit), 'X-Quota-Remaining': String(s.remaining), 'X-Quota-Reset': String(s.resetSeconds) };
}
