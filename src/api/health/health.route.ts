import type { FastifyPluginAsync } from 'fastify';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { ping } from '../../store/db.js';

export function healthRoutes(ctx: AppContext): FastifyPluginAsync {
  return async (app) => {
    app.get('/healthz', { schema: { summary: 'Liveness (the process answers)', tags: ['health'], response: { 200: Type.Object({ status: Type.String() }) } } }, async () => ({ status: 'ok' }));
    app.get(
      '/readyz',
      { schema: { summary: 'Readiness', tags: ['health'], response: { 200: Type.Object({ status: Type.String(), checks: Type.Record(Type.String(), Type.String()) }), 503: Type.Object({ status: Type.String(), checks: Type.Record(Type.String(), Type.String()) }) } } },
      async (_request, reply) => {
        const checks: Record<string, string> = {};
        checks.database = await ping(ctx.dbh.db).then(() => 'ok', () => 'unavailable');
        if (ctx.redis) checks.redis = await ctx.redis.ping().then(() => 'ok', () => 'unavailable');
        const ok = Object.values(checks).every((v) => v === 'ok');
        return reply.code(ok ? 200 : 503).send({ status: ok ? 'ok' : 'unavailable', checks });
      },
    );
  };
}
