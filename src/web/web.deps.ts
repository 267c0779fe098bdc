// What the web routes share: the session and log-in services built by the feature, cookie names,
// and small helpers for reading form fields.
import type { FastifyRequest } from 'fastify';
import type { RateLimiter } from '../adapters/limiter/rate-limiter.js';
import type { AppContext } from '../context.js';
import { AppError } from '../errors.js';
import type { WEB_LIMITS } from '../services/plans.js';
import type { SessionAuthService } from '../services/session-auth.service.js';
import type { ActiveSession, SessionService } from '../services/session.service.js';
import type { ShellUser } from './layout.page.js';
import { requireSession, type CookieNames } from './security.js';

export interface WebDeps {
  ctx: AppContext;
  sessions: SessionService;
  auth: SessionAuthService;
  names: CookieNames;
  secure: boolean;
  /** Rolling-window limits of the web routes (src/services/plans.ts WEB_LIMITS). */
  rate: Record<keyof typeof WEB_LIMITS, RateLimiter>;
  /** Limiter failures (Redis down) are reported here; the limits then fail open, as the API's do. */
  log: (err: unknown) => void;
}

const WHAT: Record<keyof typeof WEB_LIMITS, string> = {
  signup: 'sign-ups from your address',
  login: 'log-in attempts from your address',
  convert: 'conversions from your account',
  render: 'file downloads from your account',
  corrections: 'saved corrections from your account',
  keys: 'new API keys for your account',
};

/** Counts a request (`cost` of them) against a web limit; 429 rate_limited with Retry-After when it is used up. */
export async function webLimit(d: WebDeps, name: keyof typeof WEB_LIMITS, key: string, cost = 1): Promise<void> {
  let decision;
  try {
    decision = await d.rate[name].consume(key, d.ctx.clock(), cost);
  } catch (err) {
    d.log(err);
    return;
  }
  if (decision.allowed) return;
  const minutes = Math.max(1, Math.ceil(decision.resetSeconds / 60));
  throw new AppError(
    'rate_limited',
    `Too many ${WHAT[name]} (at most ${decision.limit} in a while${cost > 1 ? `; this one counts ${cost}` : ''}). Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfter: Math.max(1, decision.resetSeconds) },
  );
}

/** Every web route is left out of the API's OpenAPI document. */
export const HIDDEN = { hide: true } as Record<string, unknown>;

export const guards = (d: WebDeps) => ({
  page: requireSession(d, { csrf: false }),
  action: requireSession(d, { csrf: true }),
});

export function field(request: FastifyRequest, name: string, max = 1000): string {
  const body: unknown = request.body;
  const v: unknown = typeof body === 'object' && body !== null ? Reflect.get(body, name) : undefined;
  return typeof v === 'string' ? v.slice(0, max) : '';
}

export const shellUser = (s: ActiveSession): ShellUser => ({ email: s.email, csrfToken: s.csrfToken });
