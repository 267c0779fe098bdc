// The converter page, its JSON conversion endpoint (web quota), and file rendering of a result the
// page already holds (no second conversion, nothing stored, no quota).
import type { FastifyPluginAsync } from 'fastify';
import type { Static } from 'typebox';
import { presentResult, sendFile } from '../api/convert/convert.presenter.js';
import { readUpload } from '../api/convert/upload.reader.js';
import { listBanks } from '../engine/profiles/index.js';
import { converterPage } from './converter.page.js';
import { RenderBody, RenderQuery, type RenderBodyT } from './render.schema.js';
import { renderOutcome } from './render.js';
import { sessionOf } from './security.js';
import { guards, shellUser, type WebDeps } from './web.deps.js';

export function convertRoutes(d: WebDeps): FastifyPluginAsync {
  const { ctx } = d;
  const g = guards(d);
  const subject = (request: Parameters<typeof sessionOf>[0]) => {
    const s = sessionOf(request);
    return { id: s.accountId, plan: s.plan };
  };

  return async (app) => {
    app.get('/app/convert', { schema: { hide: true }, preValidation: g.page }, async (request, reply) => {
      const s = sessionOf(request);
      const quota = await ctx.quota.status(subject(request), 'web');
      return reply.type('text/html; charset=utf-8').send(converterPage(shellUser(s), listBanks(), quota, ctx.config.maxUploadBytes));
    });

    app.post('/app/convert', { schema: { hide: true }, config: { webJson: true }, preValidation: g.action }, async (request, reply) => {
      const outcome = await ctx.conversions.convert({
        account: subject(request),
        source: 'web',
        format: 'json',
        readUpload: () => readUpload(request, ctx.config.maxUploadBytes),
      });
      reply.header('Cache-Control', 'no-store');
      return {
        id: outcome.id,
        filename: outcome.filename,
        quota: { used: outcome.quota.used, limit: outcome.quota.limit, remaining: outcome.quota.remaining },
        result: { ...presentResult(outcome.result, { provenance: true }), meta: outcome.result.meta },
      };
    });

    app.post(
      '/app/render',
      { schema: { hide: true, body: RenderBody, querystring: RenderQuery }, config: { webJson: true }, preValidation: g.action },
      async (request, reply) => {
        const { format } = request.query as Static<typeof RenderQuery>;
        const quota = await ctx.quota.status(subject(request), 'web');
        return sendFile(reply, renderOutcome(request.body as RenderBodyT, format, quota), format, {}, new Date(ctx.clock()));
      },
    );
  };
}
