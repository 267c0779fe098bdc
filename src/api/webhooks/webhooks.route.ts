// /api/v1/webhooks: register (secret shown once), list, delete, deliveries.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import { presentDelivery, presentWebhook } from '../../services/jobs/webhook.service.js';
import { apiAuth, principalOf } from '../plugins/api-auth.js';
import { createWebhookRoute, deleteWebhookRoute, deliveriesRoute, listWebhooksRoute } from './webhooks.schema.js';

export function webhooksRoute(ctx: AppContext): FastifyPluginAsyncTypebox {
  const hooks = ctx.jobs.webhooks;
  return async (app) => {
    const auth = apiAuth(ctx);

    app.post('/api/v1/webhooks', { schema: createWebhookRoute, onRequest: auth }, async (request, reply) => {
      const { url, events } = request.body;
      const { webhook, secret } = await hooks.register(principalOf(request).accountId, url, events);
      reply.code(201).header('Cache-Control', 'no-store');
      return { ...presentWebhook(webhook), secret };
    });

    app.get('/api/v1/webhooks', { schema: listWebhooksRoute, onRequest: auth }, async (request) => {
      return { webhooks: (await hooks.list(principalOf(request).accountId)).map(presentWebhook) };
    });

    app.delete('/api/v1/webhooks/:id', { schema: deleteWebhookRoute, onRequest: auth }, async (request, reply) => {
      await hooks.remove(principalOf(request).accountId, request.params.id);
      return reply.code(204).send(null);
    });

    app.get('/api/v1/webhooks/:id/deliveries', { schema: deliveriesRoute, onRequest: auth }, async (request) => {
      const rows = await hooks.deliveries(principalOf(request).accountId, request.params.id);
      return { deliveries: rows.map(presentDelivery) };
    });
  };
}
