// /api/v1/jobs: create (202), list, read, delete, and the results (X-Job-Key).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { safeStem, type OutputFormat } from '../../formats/index.js';
import { presentJob, presentJobSummary } from '../../services/jobs/job-presenter.js';
import { cleanFilename } from '../../http/upload.reader.js';
import { sendAnswer } from '../../http/result.presenter.js';
import { apiAuth, principalOf } from '../plugins/api-auth.js';
import { readJobUpload } from '../../http/job-upload.reader.js';
import { presentCreated, sendArchive } from '../../http/jobs.presenter.js';
import { archiveRoute, createJobRoute, deleteJobRoute, fileResultRoute, getJobRoute, listJobsRoute } from './jobs.schema.js';
const jobKey = (h: string | string[] | undefined) => (Array.isArray(h) ? h[0] : h);

export function jobsRoute(ctx: AppContext): FastifyPluginAsyncTypebox {
  const jobs = ctx.jobs.service;
  return async (app) => {
    const auth = apiAuth(ctx);

    app.post('/api/v1/jobs', { schema: createJobRoute(ctx.config.maxUploadBytes), onRequest: auth }, async (request, reply) => {
      const p = principalOf(request);
      const created = await jobs.create(
        { id: p.accountId, plan: p.plan },
        'api',
        (sink) => readJobUpload(request, ctx.config.maxUploadBytes, sink),
        cleanFilename,
      );
      reply.code(202).header('Location', `/api/v1/jobs/${created.job.id}`).header('Cache-Control', 'no-store');
      return presentCreated(created);
    });

    app.get('/api/v1/jobs', { schema: listJobsRoute, onRequest: auth }, async (request) => {
      return { jobs: (await jobs.list(principalOf(request).accountId)).map(presentJobSummary) };
    });

    app.get('/api/v1/jobs/:id', { schema: getJobRoute, onRequest: auth }, async (request) => {
      const { id } = request.params;
      const { job, files } = await jobs.get(principalOf(request).accountId, id);
      return presentJob(job, files);
    });

    app.delete('/api/v1/jobs/:id', { schema: deleteJobRoute, onRequest: auth }, async (request, reply) => {
      const { id } = request.params;
      await jobs.remove(principalOf(request).accountId, id);
      return reply.code(204).send(null);
    });

    app.get('/api/v1/jobs/:id/files/:index', { schema: fileResultRoute, onRequest: auth }, async (request, reply) => {
      const p = principalOf(request);
      const { id, index } = request.params;
      // The stored result is opened and written in a conversion process; its bytes stream through here.
      const { file, sealed } = await jobs.openSealedWithKey(p.accountId, id, index, jobKey(request.headers['x-job-key']));
      const q = request.query;
      const { format: _f, include, ...writerOptions } = q;
      const format: OutputFormat = q.format ?? 'json';
      const quota = await ctx.quota.status({ id: p.accountId, plan: p.plan }, 'api');
      reply.header('Cache-Control', 'no-store');
      const plan = { format, writerOptions, json: { provenance: include === 'provenance' }, stem: safeStem(file.filename) };
      return await sendAnswer(reply, await ctx.tasks.answerStored({ ...sealed, plan, nowMs: ctx.clock() }, { accountId: p.accountId }), quota);
    });

    app.get('/api/v1/jobs/:id/archive', { schema: archiveRoute, onRequest: auth }, async (request, reply) => {
      const p = principalOf(request);
      const { id } = request.params;
      const { job, files, key } = await jobs.unlock(p.accountId, id, jobKey(request.headers['x-job-key']));
      const { format: f, ...writerOptions } = request.query;
      return sendArchive(reply, jobs, job, files, key, f ?? 'json', writerOptions, new Date(ctx.clock()), ctx.tasks, p.accountId);
    });
  };
}
