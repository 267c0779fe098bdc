// Schema of GET /api/v1/usage (beta).
import { Type } from 'typebox';
import { apiKeyHeader, securedErrors } from '../schemas.js';

const count = (description: string) => Type.Integer({ minimum: 0, description });

export const UsageSchema = Type.Object(
  {
    plan: Type.Object({ id: Type.String(), name: Type.String(), api_access: Type.Boolean(), monthly_conversions: Type.Integer() }),
    month: Type.Object({
      id: Type.String({ description: 'YYYY-MM (UTC).' }),
      start: Type.String({ format: 'date-time' }),
      end: Type.String({ format: 'date-time', description: 'When the next month starts and the quota resets.' }),
    }),
    conversions: Type.Object({
      used: count('Successful conversions this month, web and API together (as X-Quota-Limit minus X-Quota-Remaining).'),
      limit: count('Same as X-Quota-Limit.'),
      remaining: count('Same as X-Quota-Remaining.'),
      reset_at: Type.String({ format: 'date-time' }),
      reset_seconds: count('Same as X-Quota-Reset.'),
    }),
    rate_limit: Type.Union(
      [
        Type.Object({
          limit: count('Same as RateLimit-Limit.'),
          remaining: count('Same as RateLimit-Remaining (this request already counted).'),
          reset_seconds: count('Same as RateLimit-Reset.'),
          window_seconds: count('Length of the rolling window.'),
        }),
        Type.Null(),
      ],
      { description: 'null (and no RateLimit-* headers) while the rate limiter is unavailable.' },
    ),
    by_format: Type.Record(Type.String(), Type.Integer({ minimum: 0 }), { description: "This month's successful conversions per output format." }),
    by_verdict: Type.Object(
      { PASS: count('Balances reconcile.'), RECONCILE_WARN: count('Balances do not reconcile.'), NO_BAL: count('No balance information.') },
      { description: "This month's successful conversions per reconcile_status." },
    ),
  },
  { $id: 'Usage', additionalProperties: false },
);

export const usageRouteSchema = {
  tags: ['beta'],
  'x-beta': true,
  summary: "Beta: the account's usage",
  description:
    "Beta: the account's plan, this month's conversions (used, limit, remaining, reset), the rate-limit window and this month's successful conversions by format and by verdict. " +
    'The numbers agree exactly with the X-Quota-* and RateLimit-* headers of the same response. The request itself counts against the rate limit, never against the quota.',
  headers: apiKeyHeader,
  response: { 200: Type.Ref('Usage'), ...securedErrors },
};
