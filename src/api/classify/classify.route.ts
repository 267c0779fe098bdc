// POST /api/v1/classify (beta).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import type { ClassifyService } from '../../services/classify.service.js';
import { apiAuth, principalOf } from '../plugins/api-auth.js';
import { presentClassified } from './classify.presenter.js';
import { classifyRouteSchema } from './classify.schema.js';

export function classifyRoute(ctx: AppContext, service: ClassifyService): FastifyPluginAsyncTypebox {
  return async (app) => {
    app.post('/api/v1/classify', { schema: classifyRouteSchema, onRequest: apiAuth(ctx) }, async (request) => {
      const { transactions } = request.body;
      const classes = await service.classify(principalOf(request).accountId, transactions);
      return presentClassified(transactions, classes);
    });
  };
}
