// Recent conversions and kept results on the web: the list (until when each result is kept), a kept
// result reopened on the converter page, downloaded again in any format, corrected (the page's rows saved
// back with their audit trail, checked again off the event loop) or deleted, and the account's keeping
// period. Session pages and forms; the JSON ones answer problem+json.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import { presentConversion } from '../http/conversion.presenter.js';
import { JSON_BODY_LIMIT_BYTES } from '../http/problem.js';
import { sendAnswer } from '../http/result.presenter.js';
import { FILE_FORMATS, safeStem } from '../formats/index.js';
import { writerOptionsSchema } from '../formats/options.schema.js';
import { conversionsPage } from './conversions.page.js';
import { sessionOf } from './security.js';
import { field, guards, HIDDEN, shellUser, webLimit, type WebDeps } from './web.deps.js';

const IdParams = Type.Object({ id: Type.String({ maxLength: 64 }) });
const { statement: _one, ...fileOptions } = writerOptionsSchema;
const FileQuery = Type.Object({ format: Type.Union(FILE_FORMATS.map((f) => Type.Literal(f))), ...fileOptions }, { additionalProperties: false });
// Notice flags are read as given (any value), so an odd or repeated flag never turns into a 400.
const ListQuery = Type.Object({ deleted: Type.Optional(Type.Unknown()) });

export function webConversionsRoute(d: WebDeps): FastifyPluginAsyncTypebox {
  const { ctx } = d;
  const g = guards(d);
  const json = { webJson: true };
  const send = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);

  return async (app) => {
    app.get('/app/conversions', { schema: { ...HIDDEN, querystring: ListQuery }, preValidation: g.page }, async (request, reply) => {
      const s = sessionOf(request);
      const rows = await ctx.conversions.list(s.accountId, 100);
      const kept = await ctx.kept.metaOf(
        s.accountId,
        rows.map((r) => r.id),
      );
      const days = await ctx.kept.daysFor(s.accountId);
      return send(
        reply,
        conversionsPage(
          shellUser(s),
          rows.map((r) => presentConversion(r, kept.get(r.id))),
          { days, deleted: request.query.deleted === '1' },
        ),
      );
    });

    // The page's view of a kept result: as converted, and the corrections saved to it.
    app.get('/app/conversions/:id/result', { schema: { ...HIDDEN, params: IdParams }, config: json, preValidation: g.page }, async (request, reply) => {
      const s = sessionOf(request);
      const { id } = request.params;
      // Unsealed here, read and written in a conversion process (held-answer.ts answerKept): a 100,000-row
      // kept result reopened held /healthz 1.2 s when its rows were read and serialized here.
      const kept = await ctx.kept.openText(s.accountId, id);
      const record = await ctx.conversions.get(s.accountId, id);
      reply.header('Cache-Control', 'no-store');
      const page = { envelope: { id, filename: record?.filename ?? 'statement' }, meta: kept.meta };
      return await sendAnswer(
        reply,
        await ctx.tasks.answerKept({ original: kept.original, corrected: kept.corrected, page, nowMs: ctx.clock() }, { accountId: s.accountId }),
      );
    });

    // A kept result as a file, corrected where it was (no conversion, no quota).
    app.get('/app/conversions/:id/file', { schema: { ...HIDDEN, params: IdParams, querystring: FileQuery }, preValidation: g.page }, async (request, reply) => {
      const s = sessionOf(request);
      await webLimit(d, 'render', s.accountId);
      const { id } = request.params;
      const { format, ...options } = request.query;
      const kept = await ctx.kept.openText(s.accountId, id);
      const record = await ctx.conversions.get(s.accountId, id);
      const quota = await ctx.quota.status({ id: s.accountId, plan: s.plan }, 'web');
      const plan = { format, writerOptions: options, json: {}, stem: safeStem(record?.filename ?? 'statement') };
      const answer = await ctx.tasks.answerKept({ original: kept.original, corrected: kept.corrected, plan, nowMs: ctx.clock() }, { accountId: s.accountId });
      return await sendAnswer(reply, answer, quota);
    });

    // Corrections saved back: the body is taken as bytes and read, checked and applied in a conversion process.
    await app.register(async (raw) => {
      raw.addContentTypeParser('application/json', { parseAs: 'buffer', bodyLimit: JSON_BODY_LIMIT_BYTES }, (_req, body, done) => done(null, body));
      raw.put<{ Body: Buffer; Params: Static<typeof IdParams> }>(
        '/app/conversions/:id/corrections',
        { schema: { hide: true, params: IdParams }, config: json, preValidation: g.action },
        async (request, reply) => {
          const s = sessionOf(request);
          await webLimit(d, 'corrections', s.accountId);
          const { id } = request.params;
          // Unsealed here; read, corrected and written as the text to keep in a conversion process.
          const kept = await ctx.kept.openText(s.accountId, id);
          const body = request.body;
          const out = await ctx.tasks.correct(
            { original: kept.original, corrected: kept.corrected, json: new Uint8Array(body.buffer, body.byteOffset, body.byteLength), nowMs: ctx.clock() },
            { accountId: s.accountId },
          );
          await ctx.kept.saveCorrected(s.accountId, id, out.saved);
          reply.header('Cache-Control', 'no-store');
          return {
            saved: out.saved !== null,
            corrections: out.saved?.rows ?? 0,
            reconcile_status: out.saved?.status ?? out.originalStatus,
            kept_until: kept.meta.expires_at,
          };
        },
      );
    });

    app.post('/app/conversions/:id/delete', { schema: { ...HIDDEN, params: IdParams }, preValidation: g.action }, async (request, reply) => {
      await ctx.kept.remove(sessionOf(request).accountId, request.params.id);
      return reply.redirect('/app/conversions?deleted=1', 303);
    });

    app.post('/app/keep-results', { schema: HIDDEN, preValidation: g.action }, async (request, reply) => {
      const s = sessionOf(request);
      const text = field(request, 'days', 10).trim();
      await ctx.kept.setDays(s.accountId, /^\d{1,3}$/.test(text) ? Number(text) : -1);
      return reply.redirect('/app/account?kept=1#keep-h', 303);
    });
  };
}
