// During shutdown: new uploads are refused with 503 overloaded (a load balancer or client retries
// them elsewhere) while the uploads already accepted are counted until answered, so the server waits
// for exactly those before it closes.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../errors.js';

const isUpload = (method: string, contentType: string | undefined) => method === 'POST' && /^multipart\//i.test(contentType ?? '');

export function installDrainGuard(app: FastifyInstance, ctx: AppContext): void {
  app.addHook('onRequest', async (request, reply) => {
    if (!isUpload(request.method, request.headers['content-type'])) return;
    if (ctx.lifecycle.draining) {
      reply.header('Connection', 'close');
      throw new AppError('overloaded', 'This instance is shutting down; retry (another instance will take the upload).', { retryAfter: 2 });
    }
    reply.raw.once('close', ctx.lifecycle.begin());
  });
}
