// POST /api/v1/classify (beta).
import type { FastifyPluginAsync } from 'fastify';
import type { Static } from 'typebox';
import type { AppContext } from '../../context.js';
import type { Transaction } from '../../engine/types.js';
import type { ClassifyService } from '../../services/classify.service.js';
import { apiAuth, principalOf } from '../plugins/api-auth.js';
import { presentClassified } from './classify.presenter.js';
import { classifyRouteSchema, type classifyBodySchema } from './classify.schema.js';

type Body = Static<typeof classifyBodySchema>;

export function classifyRoutes(ctx: AppContext, service: ClassifyService): FastifyPluginAsync {
  return async (app) => {
    app.post('/api/v1/classify', { schema: classifyRouteSchema, preHandler: apiAuth(ctx) }, async (request) => {
      const { transactions } = request.body as Body;
      const classes = await service.classify(principalOf(request).accountId, transactions as unknown as Transaction[]);
      return presentClassified(transactions, classes);
    });
  };
}
