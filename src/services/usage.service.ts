// The usage report (beta): plan, this month's conversions, the rate-limit window and this month's
// successful conversions by format and by verdict. The route copies the same numbers into the
// X-Quota-* and RateLimit-* headers, so body and headers of one response always agree.
import type { RateDecision, RateLimiter } from '../adapters/limiter/rate-limiter.js';
import type { ReconcileStatus } from '../engine/types.js';
import type { ConversionRepository } from '../store/conversion.repository.js';
import { isoAt, monthOf, type Clock } from './clock.js';
import { planOf, type Plan } from './plans.js';
import type { QuotaService, QuotaStatus } from './quota.service.js';

export interface UsageReport {
  plan: Plan;
  /** YYYY-MM (UTC) and its bounds as ISO strings. */
  month: { id: string; start: string; end: string };
  conversions: QuotaStatus;
  /** Null when the rate limiter's store is unreachable (requests then fail open). */
  rate: RateDecision | null;
  byFormat: Record<string, number>;
  byVerdict: Record<ReconcileStatus, number>;
}

export class UsageService {
  constructor(
    private readonly quota: QuotaService,
    private readonly rateLimiter: RateLimiter,
    private readonly conversions: ConversionRepository,
    private readonly clock: Clock,
  ) {}

  async report(account: { id: string; plan: string }): Promise<UsageReport> {
    const now = this.clock();
    const { month, startMs, nextMs } = monthOf(now);
    const [conversions, rate, counts] = await Promise.all([
      this.quota.status(account, 'api'),
      this.rateLimiter.peek(account.id, now).catch(() => null),
      this.conversions.countsSince(account.id, isoAt(startMs), isoAt(nextMs)),
    ]);
    const byFormat: Record<string, number> = {};
    const byVerdict: Record<ReconcileStatus, number> = { PASS: 0, RECONCILE_WARN: 0, NO_BAL: 0 };
    for (const c of counts) {
      byFormat[c.format] = (byFormat[c.format] ?? 0) + c.n;
      if (c.reconcile_status === 'PASS' || c.reconcile_status === 'RECONCILE_WARN' || c.reconcile_status === 'NO_BAL') byVerdict[c.reconcile_status] += c.n;
    }
    const sortedFormats = Object.fromEntries(Object.entries(byFormat).sort(([a], [b]) => a.localeCompare(b)));
    return {
      plan: planOf(account.plan),
      month: { id: month, start: isoAt(startMs), end: isoAt(nextMs) },
      conversions,
      rate,
      byFormat: sortedFormats,
      byVerdict,
    };
  }
}
