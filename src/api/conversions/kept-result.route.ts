// GET /api/v1/conversions/{id}/result: a kept result again, as JSON or in any format, corrected where a
// person corrected it on the web converter (its `corrections` list, and X-Corrected-Rows on files); no
// conversion and no quota. DELETE deletes it before it expires. 404 once expired or deleted.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { knownFormat } from '../convert/known-format.js';
import { pickStatement } from '../../formats/per-account.js';
import type { OutputFormat } from '../../formats/index.js';
import { includes } from '../../http/json-parts.js';
import { jsonOptionsOf, presentResult, sendFile, sendResult } from '../../http/result.presenter.js';
import { quotaHeaders } from '../../services/quota.service.js';
import { apiAuth, principalOf } from '../plugins/api-auth.js';
import { deleteKeptResultSchema, keptResultSchema } from './kept-result.schema.js';

export function keptResultRoute(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/api/v1/conversions/:id/result', { schema: keptResultSchema, preValidation: knownFormat, onRequest: apiAuth(ctx) }, async (request, reply) => {
      const p = principalOf(request);
      const { id } = request.params;
      const { format: f, include, ...writerOptions } = request.query;
      const format: OutputFormat = f ?? 'json';
      const wants = includes(include);
      const kept = await ctx.kept.open(p.accountId, id);
      const { continuity, ...original } = kept.original;
      const result = kept.corrected ? (({ row_keys: _k, ...r }) => r)(kept.corrected) : original;
      const quota = await ctx.quota.status({ id: p.accountId, plan: p.plan }, 'api');
      reply.header('Cache-Control', 'no-store').header('X-Kept-Until', kept.meta.expires_at);
      if (format !== 'json') {
        const record = await ctx.conversions.get(p.accountId, id);
        return sendFile(
          reply,
          { result: pickStatement(result, writerOptions.statement), filename: record?.filename ?? 'statement', quota },
          format,
          writerOptions,
          new Date(ctx.clock()),
          (task) => ctx.tasks.write(task, { accountId: p.accountId }),
        );
      }
      reply.headers(quotaHeaders(quota));
      return sendResult(reply, presentResult(result, { ...jsonOptionsOf(wants), continuity }));
    });

    app.delete('/api/v1/conversions/:id/result', { schema: deleteKeptResultSchema, onRequest: apiAuth(ctx) }, async (request, reply) => {
      await ctx.kept.remove(principalOf(request).accountId, request.params.id);
      return reply.code(204).send(null);
    });
  };
}
