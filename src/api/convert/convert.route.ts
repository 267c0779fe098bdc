import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { knownFormat } from './known-format.js';
import type { OutputFormat } from '../../formats/index.js';
import { quotaHeaders } from '../../services/quota.service.js';
import { apiAuth, principalOf } from '../plugins/api-auth.js';
import { includes } from '../../http/json-parts.js';
import { jsonOptionsOf, presentResult, sendAnswer, sendFile, sendResult } from '../../http/result.presenter.js';
import { convertRouteSchema } from './convert.schema.js';
import { readUpload } from '../../http/upload.reader.js';

export function convertRoute(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post(
      '/api/v1/convert',
      { schema: convertRouteSchema(ctx.config.maxUploadBytes), preValidation: knownFormat, onRequest: apiAuth(ctx) },
      async (request, reply) => {
        const principal = principalOf(request);
        const q = request.query;
        const { format: _f, include, classify, ...writerOptions } = q;
        const format: OutputFormat = q.format ?? 'json';
        const wants = includes(include);
        if (classify !== true) {
          // The answer is written where the file is read; this process passes its bytes on (held-answer.ts).
          const answered = await ctx.conversions.convertToAnswer({
            account: { id: principal.accountId, plan: principal.plan },
            source: 'api',
            format,
            payees: wants.has('payees'),
            writerOptions,
            json: jsonOptionsOf(wants),
            readUpload: () => readUpload(request, ctx.config.maxUploadBytes),
          });
          return await sendAnswer(reply, answered.answer, answered.quota);
        }
        // Classification reads the rows here (the account's rules, then the classifier).
        const outcome = await ctx.conversions.convert({
          account: { id: principal.accountId, plan: principal.plan },
          source: 'api',
          format,
          classify: classify === true,
          payees: wants.has('payees'),
          writerOptions,
          // The answer does not say until when the result is kept, so it is not kept on the answer's time.
          keepInBackground: true,
          readUpload: () => readUpload(request, ctx.config.maxUploadBytes),
        });
        if (format !== 'json')
          return sendFile(reply, outcome, format, writerOptions, new Date(ctx.clock()), (task) => ctx.tasks.write(task, { accountId: principal.accountId }));
        reply.headers(quotaHeaders(outcome.quota));
        return sendResult(reply, presentResult(outcome.result, { ...jsonOptionsOf(wants), continuity: outcome.continuity }, outcome.classifications));
      },
    );
  };
}
