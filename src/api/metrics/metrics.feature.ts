// GET /metrics (Prometheus text format) when METRICS_ENABLED, always behind METRICS_TOKEN (without a
// token it stays closed: it used to open to anyone); and the hooks that count every answer by route
// pattern, status and error code.
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';

const digest = (s: string) => createHash('sha256').update(s).digest();

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

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) throw new AppError('invalid_api_key', 'Metrics are closed: the server has no METRICS_TOKEN set.');
    const m = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
    if (!m || !timingSafeEqual(digest(m[1].trim()), token)) {
      throw new AppError('invalid_api_key', 'Send the metrics token as "Authorization: Bearer <token>".');
    }
    reply.header('Cache-Control', 'no-store').type(metrics.contentType);
    return metrics.render();
  });
}
