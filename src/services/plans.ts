// Plans and their monthly conversion quotas (contract.md, "Limits and headers").
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

/** Quota a request source may use: the free plan's API allowance is 0. */
export function quotaFor(plan: Plan, source: 'api' | 'web'): number {
  return source === 'api' && !plan.apiAccess ? 0 : plan.monthlyConversions;
}
