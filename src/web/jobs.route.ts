// The converter page's many-file mode: one upload becomes a job (the same jobs service as the API,
// web quota), the page polls its progress, opens any file's result for the visual check, and downloads
// everything as one ZIP. The result key stays in the page's memory only.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { sendAnswer } from '../http/result.presenter.js';
import { writerOptionsSchema } from '../formats/options.schema.js';
import { cleanFilename } from '../http/upload.reader.js';
import { readJobUpload } from '../http/job-upload.reader.js';
import { presentCreated, sendArchive } from '../http/jobs.presenter.js';
import { FILE_FORMATS, safeStem } from '../formats/index.js';
import { presentJob } from '../services/jobs/job-presenter.js';
import { sessionOf } from './security.js';
import { guards, webLimit, type WebDeps } from './web.deps.js';

const Params = Type.Object({ id: Type.String({ maxLength: 64 }) });
const FileParams = Type.Object({ id: Type.String({ maxLength: 64 }), index: Type.Integer({ minimum: 0, maximum: 10_000 }) });
const { statement: _one, ...fileOptions } = writerOptionsSchema;
const ArchiveQuery = Type.Object(
  { format: Type.Union(['json', ...FILE_FORMATS].map((f) => Type.Literal(f))), ...fileOptions },
  { additionalProperties: false },
);

export function webJobsRoute(d: WebDeps): FastifyPluginAsyncTypebox {
  const { ctx } = d;
  const g = guards(d);
  const jobs = ctx.jobs.service;
  const key = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);
  const json = { webJson: true };

  return async (app) => {
    app.post('/app/jobs', { schema: { hide: true }, config: json, preValidation: g.action }, async (request, reply) => {
      const s = sessionOf(request);
      // Every file is a web conversion (WEB_LIMITS.convert), counted as it arrives: failed files cost
      // no quota, so without this a free account queued 70 jobs of 100 failing files in 2.6 s.
      const created = await jobs.create(
        { id: s.accountId, plan: s.plan },
        'web',
        (sink) => readJobUpload(request, ctx.config.maxUploadBytes, sink),
        cleanFilename,
        () => webLimit(d, 'convert', s.accountId),
      );
      reply.code(202).header('Cache-Control', 'no-store');
      return presentCreated(created);
    });

    app.get('/app/jobs/:id', { schema: { hide: true, params: Params }, config: json, preValidation: g.page }, async (request, reply) => {
      const { id } = request.params;
      const { job, files } = await jobs.get(sessionOf(request).accountId, id);
      const quota = await ctx.quota.status({ id: sessionOf(request).accountId, plan: sessionOf(request).plan }, 'web');
      reply.header('Cache-Control', 'no-store');
      return { ...presentJob(job, files), quota: { used: quota.used, limit: quota.limit, remaining: quota.remaining } };
    });

    app.get('/app/jobs/:id/files/:index', { schema: { hide: true, params: FileParams }, config: json, preValidation: g.page }, async (request, reply) => {
      const { id, index } = request.params;
      const { accountId } = sessionOf(request);
      const { file, sealed } = await jobs.openSealedWithKey(accountId, id, index, key(request.headers['x-job-key']));
      reply.header('Cache-Control', 'no-store');
      // Its kept result, when there is one: the page then saves corrections to it (and the ZIP takes them).
      // (Payees as the single-file view shows them: read in the conversion with the account's rules.)
      // Either is read and written in a conversion process (held-answer.ts): the rows never cross here.
      const kept = file.conversion_id ? await ctx.kept.openText(accountId, file.conversion_id).catch(() => null) : null;
      const nowMs = ctx.clock();
      if (!kept || !file.conversion_id) {
        const plan = { format: 'json' as const, writerOptions: {}, json: {}, stem: safeStem(file.filename), page: true };
        const envelope = { id: null, filename: file.filename, kept_until: null, saved: null };
        return await sendAnswer(reply, await ctx.tasks.answerStored({ ...sealed, plan, envelope, nowMs }, { accountId }));
      }
      const page = { envelope: { id: file.conversion_id, filename: file.filename }, meta: kept.meta };
      return await sendAnswer(reply, await ctx.tasks.answerKept({ original: kept.original, corrected: kept.corrected, page, nowMs }, { accountId }));
    });

    app.get(
      '/app/jobs/:id/archive',
      { schema: { hide: true, params: Params, querystring: ArchiveQuery }, config: json, preValidation: g.page },
      async (request, reply) => {
        const { id } = request.params;
        const { accountId } = sessionOf(request);
        const { job, files, key: k } = await jobs.unlock(accountId, id, key(request.headers['x-job-key']));
        // A download writes a file per converted statement: each counts as one render (WEB_LIMITS.render).
        await webLimit(d, 'render', accountId, Math.max(1, files.filter((f) => f.status === 'done').length));
        const { format, ...options } = request.query;
        // The page's corrections (saved to each file's kept result) go into the ZIP, and its entry names say which statements need a look.
        const corrected = async (conversionId: string) => {
          const kept = await ctx.kept.open(accountId, conversionId).catch(() => null);
          if (!kept?.corrected) return null;
          const { row_keys: _keys, ...result } = kept.corrected;
          return result;
        };
        return sendArchive(reply, jobs, job, files, k, format, options, new Date(ctx.clock()), ctx.tasks, accountId, {
          corrected,
          markVerdicts: true,
        });
      },
    );
  };
}
