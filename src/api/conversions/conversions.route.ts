import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { presentConversion } from '../../http/conversion.presenter.js';
import { apiAuth, principalOf } from '../plugins/api-auth.js';
import { apiKeyHeader, securedErrors } from '../schemas.js';

export function conversionsRoute(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get(
      '/api/v1/conversions',
      {
        onRequest: apiAuth(ctx),
        schema: {
          summary: 'List recent conversions',
          description:
            "The caller's account's 100 most recent conversions (API and web, succeeded and failed), newest first. Metadata only; `kept_until` says until when each result can be downloaded again (GET /api/v1/conversions/{id}/result).",
          tags: ['conversions'],
          headers: apiKeyHeader,
          response: { 200: Type.Object({ conversions: Type.Array(Type.Ref('ConversionRecord')) }), ...securedErrors },
        },
      },
      async (request) => {
        const { accountId } = principalOf(request);
        const rows = await ctx.conversions.list(accountId, 100);
        const kept = await ctx.kept.metaOf(
          accountId,
          rows.map((r) => r.id),
        );
        return { conversions: rows.map((r) => presentConversion(r, kept.get(r.id))) };
      },
    );
  };
}
