// Body and headers of GET /api/v1/usage, built from one report so they cannot disagree.
import { API_RATE_WINDOW_MS } from '../../context.js';
import { quotaHeaders } from '../../services/quota.service.js';
import type { UsageReport } from '../../services/usage.service.js';

export const RATE_HEADERS = ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset'] as const;

export function usageHeaders(r: UsageReport): Record<string, string> {
  const h = quotaHeaders(r.conversions);
  if (r.rate)
    Object.assign(h, {
      'RateLimit-Limit': String(r.rate.limit),
      'RateLimit-Remaining': String(r.rate.remaining),
      'RateLimit-Reset': String(r.rate.resetSeconds),
    });
  return h;
}

export function presentUsage(r: UsageReport) {
  return {
    plan: { id: r.plan.id, name: r.plan.name, api_access: r.plan.apiAccess, monthly_conversions: r.plan.monthlyConversions },
    month: r.month,
    conversions: {
      used: r.conversions.used,
      limit: r.conversions.limit,
      remaining: r.conversions.remaining,
      reset_at: new Date(r.conversions.resetAtMs).toISOString(),
      reset_seconds: r.conversions.resetSeconds,
    },
    rate_limit: r.rate
      ? { limit: r.rate.limit, remaining: r.rate.remaining, reset_seconds: r.rate.resetSeconds, window_seconds: API_RATE_WINDOW_MS / 1000 }
      : null,
    by_format: r.byFormat,
    by_verdict: r.byVerdict,
  };
}
