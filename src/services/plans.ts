// Plans and their monthly conversion quotas (contract.md, "Limits and headers"), and the one rule for
// API keys that every path (web page, CLI, API) asks here.
import { AppError } from '../errors.js';

export const PLAN_IDS = ['free', 'starter', 'pro', 'business'] as const;
export type PlanId = (typeof PLAN_IDS)[number];

export interface Plan {
  id: PlanId;
  name: string;
  apiAccess: boolean;
  /** Successful conversions per calendar month (UTC), web and API together. */
  monthlyConversions: number;
}

export const PLANS: Record<PlanId, Plan> = {
  // The free plan has no API access; its web converter allows 5 conversions a month.
  free: { id: 'free', name: 'Free', apiAccess: false, monthlyConversions: 5 },
  starter: { id: 'starter', name: 'Starter', apiAccess: true, monthlyConversions: 200 },
  pro: { id: 'pro', name: 'Pro', apiAccess: true, monthlyConversions: 1000 },
  business: { id: 'business', name: 'Business', apiAccess: true, monthlyConversions: 5000 },
};

export const isPlanId = (v: string): v is PlanId => (PLAN_IDS as readonly string[]).includes(v);

export function planOf(id: string): Plan {
  return isPlanId(id) ? PLANS[id] : PLANS.free;
}

/** Paid plans by name, from PLANS: "starter, pro or business". */
const paidPlanNames = (): string => {
  const ids = Object.values(PLANS)
    .filter((p) => p.apiAccess)
    .map((p) => p.id);
  return ids.length > 1 ? `${ids.slice(0, -1).join(', ')} or ${ids[ids.length - 1]}` : ids.join('');
};

/**
 * The one rule for API keys: only an account whose plan has API access may use or create them. The web
 * page, the CLI's \`keys create\` and the API's key check all ask here. Plans are set by an administrator
 * (there is no payment page), so the refusal says who can act and how.
 */
export function requireApiAccess(plan: string, when: 'use' | 'create'): void {
  const p = planOf(plan);
  if (p.apiAccess) return;
  const what = when === 'use' ? 'The API needs' : 'API keys need';
  throw new AppError(
    'paid_plan_required',
    `${what} a paid plan (${paidPlanNames()}); this account is on the ${p.name.toLowerCase()} plan. ` +
      'Plans are set by the administrator of this service (ledgerline users set-plan --email EMAIL --plan starter); ' +
      'the Account page (/app/account) shows the plan.',
  );
}

/** Quota a request source may use: the free plan's API allowance is 0. */
export function quotaFor(plan: Plan, source: 'api' | 'web'): number {
  return source === 'api' && !plan.apiAccess ? 0 : plan.monthlyConversions;
}

// ---- Limits that are the same for every plan (one place; the web routes and services read them here).

/** Live (unrevoked) API keys one account may hold; creating more answers 400 until one is revoked. */
export const MAX_LIVE_KEYS_PER_ACCOUNT = 10;

/** A rolling-window limit: at most `limit` requests in `windowMs`. */
export interface WindowLimit {
  limit: number;
  windowMs: number;
}

const HOUR = 3600_000;

/**
 * Web routes: per client address for the anonymous forms, per account for the rest. Failed
 * conversions cost no quota, so /app/convert needs its own limit; /app/render writes files without
 * quota. Log-in failures have their own slow-down (LOGIN_* in src/web/web.feature.ts).
 */
export const WEB_LIMITS = {
  /** Sign-ups per client address. */
  signup: { limit: 10, windowMs: HOUR },
  /** Log-in attempts (right or wrong) per client address. */
  login: { limit: 60, windowMs: 15 * 60_000 },
  /** Web conversions (successful or not) per account. */
  convert: { limit: 60, windowMs: HOUR },
  /** File renders per account (the page's downloads, and kept results downloaded again). */
  render: { limit: 120, windowMs: HOUR },
  /** Corrections saved to kept results per account (the page saves after each change). */
  corrections: { limit: 600, windowMs: HOUR },
  /** API key creations per account (revoked keys stay as rows). */
  keys: { limit: 20, windowMs: 24 * HOUR },
} as const satisfies Record<string, WindowLimit>;
