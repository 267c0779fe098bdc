// X-Api-Key authentication, the per-address brute-force guard, the per-account rolling rate limit,
// the paid-plan check, and the RateLimit-* / X-Quota-* headers on every API response.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { RateDecision } from '../../adapters/limiter/rate-limiter.js';
import type { AppContext } from '../../context.js';
import { AppError, isAppError } from '../../errors.js';
import { planOf, requireApiAccess, type PlanId } from '../../services/plans.js';
import { quotaHeaders } from '../../services/quota.service.js';

export interface ApiPrincipal {
  accountId: string;
  keyId: string;
  /** Always a paid plan: a key of a free account is refused before a principal exists. */
  plan: PlanId;
}

declare module 'fastify' {
  interface FastifyRequest {
    principal?: ApiPrincipal;
  }
}

function rateHeaders(d: RateDecision): Record<string, string> {
  return { 'RateLimit-Limit': String(d.limit), 'RateLimit-Remaining': String(d.remaining), 'RateLimit-Reset': String(d.resetSeconds) };
}

/**
 * The limiters fail open: when their store (Redis) is unreachable the request goes on without a rate
 * decision (and without RateLimit-* headers), because refusing every customer while Redis restarts is
 * worse than a short window without rate limiting. The monthly quota, kept in the database, still holds.
 */
async function orOpen<T>(request: FastifyRequest, what: string, f: () => Promise<T>): Promise<T | null> {
  try {
    return await f();
  } catch (err) {
    request.log.warn({ err }, `${what} unavailable; failing open`);
    return null;
  }
}

export function apiAuth(ctx: AppContext) {
  return async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const address = request.ip;
    const blocked = (await orOpen(request, 'auth-failure limiter', () => ctx.authFailures.blockedFor(address))) ?? 0;
    if (blocked > 0) {
      throw new AppError('rate_limited', 'Too many failed authentication attempts from this address; wait before trying again.', {
        retryAfter: blocked,
        headers: { 'RateLimit-Limit': String(ctx.authFailures.limit), 'RateLimit-Remaining': '0', 'RateLimit-Reset': String(blocked) },
      });
    }
    const header = request.headers['x-api-key'];
    let key;
    try {
      key = await ctx.apiKeys.authenticate(Array.isArray(header) ? header[0] : header);
    } catch (e) {
      // Only a refused key counts as a failed attempt; a database outage (503) is not the client's doing.
      if (isAppError(e) && e.status === 401) await orOpen(request, 'auth-failure limiter', () => ctx.authFailures.recordFailure(address));
      throw e;
    }
    const decision = await orOpen(request, 'rate limiter', () => ctx.rateLimiter.consume(key.account_id, ctx.clock()));
    if (decision) reply.headers(rateHeaders(decision));
    if (decision && !decision.allowed) {
      throw new AppError('rate_limited', `Over ${decision.limit} API requests in the last hour; retry in ${decision.resetSeconds} s.`, {
        retryAfter: Math.max(1, decision.resetSeconds),
      });
    }
    requireApiAccess(key.account_plan, 'use');
    const plan = planOf(key.account_plan);
    reply.headers(quotaHeaders(await ctx.quota.status({ id: key.account_id, plan: key.account_plan }, 'api')));
    request.principal = { accountId: key.account_id, keyId: key.id, plan: plan.id };
  };
}

export function principalOf(request: FastifyRequest): ApiPrincipal {
  if (!request.principal) throw new AppError('missing_api_key', 'Send your API key in the X-Api-Key header.');
  return request.principal;
}
