// GET /api/v1/conversions/{id}/result: a kept result again, as JSON or in any format, corrected where a
// person corrected it on the web converter (its `corrections` list, and X-Corrected-Rows on files); no
// conversion and no quota. DELETE deletes it before it expires. 404 once expired or deleted.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { knownFormat } from '../convert/known-format.js';
import type { OutputFormat } from '../../formats/index.js';
import { includes } from '../../http/json-parts.js';
import { jsonOptionsOf, sendAnswer } from '../../http/result.presenter.js';
import { safeStem } from '../../formats/index.js';
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
      // Unsealed here, read and written in a conversion process (held-answer.ts answerKept): the rows
      // never cross this event loop (a 100,000-row kept result reopened held /healthz 1.2 s).
      const kept = await ctx.kept.openText(p.accountId, id);
      const record = format === 'json' ? undefined : await ctx.conversions.get(p.accountId, id);
      const quota = await ctx.quota.status({ id: p.accountId, plan: p.plan }, 'api');
      reply.header('Cache-Control', 'no-store').header('X-Kept-Until', kept.meta.expires_at);
      const plan = { format, writerOptions, json: jsonOptionsOf(wants), stem: safeStem(record?.filename ?? 'statement') };
      const answer = await ctx.tasks.answerKept({ original: kept.original, corrected: kept.corrected, plan, nowMs: ctx.clock() }, { accountId: p.accountId });
      return await sendAnswer(reply, answer, quota);
    });

    app.delete('/api/v1/conversions/:id/result', { schema: deleteKeptResultSchema, onRequest: apiAuth(ctx) }, async (request, reply) => {
      await ctx.kept.remove(principalOf(request).accountId, request.params.id);
      return reply.code(204).send(null);
    });
  };
}
