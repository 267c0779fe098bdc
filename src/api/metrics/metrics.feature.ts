// GET /metrics (Prometheus text format) when METRICS_ENABLED, always behind METRICS_TOKEN (without a
// token it stays closed: it used to open to anyone); and the hooks that count every answer by route
// pattern, status and error code.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { digest, metricsRoute } from './metrics.route.js';

function problemCode(payload: unknown): string | null {
  if (typeof payload !== 'string' || payload.length > 4096) return null;
  try {
    const code = (JSON.parse(payload) as { code?: unknown }).code;
    return typeof code === 'string' ? code : null;
  } catch {
    return null;
  }
}

export async function metricsFeature(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const metrics = ctx.metrics;
  if (!metrics) return;
  const token = ctx.config.metricsToken ? digest(ctx.config.metricsToken) : null;

  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode >= 400 && String(reply.getHeader('content-type') ?? '').startsWith('application/problem+json')) {
      const code = problemCode(payload);
      if (code) metrics.onProblem(code);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL: ids and query strings would make the label set unbounded.
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.onRequest(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
  });

  if (!token) app.log.warn('METRICS_ENABLED without METRICS_TOKEN: GET /metrics answers 401 until a token is set');

  await app.register(metricsRoute(metrics, token));
}
