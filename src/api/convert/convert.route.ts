import type { FastifyPluginAsync } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext } from '../../context.js';
import type { FileFormat, OutputFormat } from '../../formats/types.js';
import { quotaHeaders } from '../../services/quota.service.js';
import { apiAuth, principalOf } from '../plugins/api-auth.js';
import { presentResult, sendFile } from './convert.presenter.js';
import { convertQuerySchema, convertRouteSchema } from './convert.schema.js';
import { readUpload } from './upload.reader.js';

type Query = Static<typeof convertQuerySchema>;

export function convertRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/v1/convert', { schema: convertRouteSchema, preHandler: apiAuth(ctx) }, async (request, reply) => {
      const principal = principalOf(request);
      const q = request.query as Query;
      const { format: _f, include, classify, ...writerOptions } = q;
      const format = (q.format ?? 'json') as OutputFormat;
      const outcome = await ctx.conversions.convert({
        account: { id: principal.accountId, plan: principal.plan },
        source: 'api',
        format,
        classify: classify === true,
        writerOptions,
        readUpload: () => readUpload(request, ctx.config.maxUploadBytes),
      });
      if (format !== 'json') return sendFile(reply, outcome, format as FileFormat, writerOptions, new Date(ctx.clock()));
      reply.headers(quotaHeaders(outcome.quota));
      return presentResult(outcome.result, { provenance: include === 'provenance' }, outcome.classifications);
    });
  };
}
