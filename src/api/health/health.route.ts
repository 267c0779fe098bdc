import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { AppContext } from '../../context.js';
import { ping } from '../../store/db.js';
import { installDrainGuard } from './drain.guard.js';

const Readiness = Type.Object({ status: Type.String(), checks: Type.Record(Type.String(), Type.String()) });

export function healthRoute(ctx: AppContext): FastifyPluginAsyncTypebox {
  const plugin: FastifyPluginAsyncTypebox = async (app) => {
    installDrainGuard(app, ctx);
    app.get(
      '/healthz',
      { schema: { summary: 'Liveness (the process answers)', tags: ['health'], response: { 200: Type.Object({ status: Type.String() }) } } },
      async () => ({ status: 'ok' }),
    );
    app.get(
      '/readyz',
      {
        schema: {
          summary: 'Readiness',
          description:
            '503 when the database does not answer or the instance is draining (shutting down). Redis is reported but does not make the instance unready: the rate limiters fail open, and every instance shares one Redis, so failing readiness on it would take the whole service out of rotation.',
          tags: ['health'],
          response: { 200: Readiness, 503: Readiness },
        },
      },
      async (_request, reply) => {
        const checks: Record<string, string> = {};
        checks.database = await ping(ctx.dbh.db).then(
          () => 'ok',
          () => 'unavailable',
        );
        if (ctx.redis)
          checks.redis = await ctx.redis.ping().then(
            () => 'ok',
            () => 'unavailable',
          );
        if (ctx.lifecycle.draining) checks.lifecycle = 'draining';
        const ready = checks.database === 'ok' && !ctx.lifecycle.draining;
        const status = !ready ? (ctx.lifecycle.draining ? 'draining' : 'unavailable') : checks.redis === 'unavailable' ? 'degraded' : 'ok';
        return reply.code(ready ? 200 : 503).send({ status, checks });
      },
    );
  };
  // Not encapsulated: the drain guard must see every route of the application, not only these two.
  return Object.assign(plugin, { [Symbol.for('skip-override')]: true });
}
