// GET /api/v1/usage (beta).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import type { UsageService } from '../../services/usage.service.js';
import { apiAuth, principalOf } from '../plugins/api-auth.js';
import { presentUsage, RATE_HEADERS, usageHeaders } from './usage.presenter.js';
import { usageRouteSchema } from './usage.schema.js';

export function usageRoute(ctx: AppContext, service: UsageService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/api/v1/usage', { schema: usageRouteSchema, onRequest: apiAuth(ctx) }, async (request, reply) => {
      const principal = principalOf(request);
      const report = await service.report({ id: principal.accountId, plan: principal.plan });
      // The headers apiAuth set a moment ago are replaced by the report's own numbers.
      for (const h of RATE_HEADERS) reply.removeHeader(h);
      reply.headers(usageHeaders(report));
      return presentUsage(report);
    });
  };
}
