// GET /metrics: the Prometheus text, behind the metrics token (a SHA-256 digest, compared in constant time).
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { Metrics } from '../../adapters/metrics/metrics.js';
import { AppError } from '../../errors.js';

export const digest = (s: string) => createHash('sha256').update(s).digest();

export function metricsRoute(metrics: Metrics, token: Buffer | null): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!token) throw new AppError('invalid_api_key', 'Metrics are closed: the server has no METRICS_TOKEN set.');
      const m = /^Bearer\s+(.+)$/i.exec(request.headers.authorization ?? '');
      if (!m || !timingSafeEqual(digest(m[1].trim()), token)) {
        throw new AppError('invalid_api_key', 'Send the metrics token as "Authorization: Bearer <token>".');
      }
      reply.header('Cache-Control', 'no-store').type(metrics.contentType);
      return metrics.render();
    });
  };
}
