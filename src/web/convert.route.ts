// The converter page, its JSON conversion endpoint (web quota), and file rendering of a result the
// page already holds (no second conversion, nothing stored, no quota).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type, type Static } from 'typebox';
import { sendAnswer, sendRendered } from '../http/result.presenter.js';
import { JSON_BODY_LIMIT_BYTES } from '../http/problem.js';
import { readUpload } from '../http/upload.reader.js';
import { listBanks } from '../engine/profiles/index.js';
import { converterPage } from './converter.page.js';
import { RenderQuery } from './render.schema.js';
import { sessionOf } from './security.js';
import { guards, shellUser, webLimit, type WebDeps } from './web.deps.js';

// Optional query flags are read as given (any value), so a repeated or odd flag never turns into a 400.
const PageQuery = Type.Object({ welcome: Type.Optional(Type.Unknown()), open: Type.Optional(Type.Unknown()) });

export function webConvertRoute(d: WebDeps): FastifyPluginAsyncTypebox {
  const { ctx } = d;
  const g = guards(d);
  const subject = (request: Parameters<typeof sessionOf>[0]) => {
    const s = sessionOf(request);
    return { id: s.accountId, plan: s.plan };
  };

  return async (app) => {
    app.get('/app/convert', { schema: { hide: true, querystring: PageQuery }, preValidation: g.page }, async (request, reply) => {
      const s = sessionOf(request);
      const quota = await ctx.quota.status(subject(request), 'web');
      return reply.type('text/html; charset=utf-8').send(
        converterPage(
          shellUser(s),
          listBanks(),
          quota,
          ctx.config.maxUploadBytes,
          request.query.welcome === '1',
          // A kept result to reopen (Recent conversions' Open): the page fetches it.
          typeof request.query.open === 'string' && /^[A-Za-z0-9_]{1,64}$/.test(request.query.open) ? request.query.open : undefined,
        ),
      );
    });

    app.post('/app/convert', { schema: { hide: true }, config: { webJson: true }, preValidation: g.action }, async (request, reply) => {
      await webLimit(d, 'convert', sessionOf(request).accountId);
      // The page's answer is written where the file is read (held-answer.ts `page`); its bytes pass through here.
      const answered = await ctx.conversions.convertToAnswer({
        account: subject(request),
        source: 'web',
        format: 'json',
        payees: true,
        json: {},
        page: true,
        readUpload: () => readUpload(request, ctx.config.maxUploadBytes),
      });
      reply.header('Cache-Control', 'no-store');
      return await sendAnswer(reply, answered.answer, answered.quota);
    });

    // The render body is taken as bytes: parsing, validating and writing it (seconds for 75,000 rows)
    // happen in a conversion process (src/web/render.ts), never on the event loop.
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
      // The body is the raw bytes of the JSON (the parser above), declared as such: no schema can describe it.
      raw.post<{ Body: Buffer; Querystring: Static<typeof RenderQuery> }>(
        '/app/render',
        { schema: { hide: true, querystring: RenderQuery }, config: { webJson: true }, preValidation: g.action },
        async (request, reply) => {
          const { format, ...options } = request.query;
          const s = sessionOf(request);
          await webLimit(d, 'render', s.accountId);
          const json = request.body;
          const payeeRules = await ctx.payees.rulesFor(s.accountId);
          const file = await ctx.tasks.render(
            { json: new Uint8Array(json.buffer, json.byteOffset, json.byteLength), format, options, nowMs: ctx.clock(), payeeRules },
            { accountId: s.accountId },
          );
          return sendRendered(reply, file, await ctx.quota.status(subject(request), 'web'));
        },
      );
    });
  };
}
