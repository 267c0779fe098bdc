// POST/GET/DELETE /api/v1/classify/rules (beta): the account's own classification rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import type { ClassifyService } from '../../services/classify.service.js';
import { apiAuth, principalOf } from '../plugins/api-auth.js';
import { presentRule } from './classify.presenter.js';
import { ruleCreateSchema, ruleDeleteSchema, rulesListSchema } from './classify.schema.js';

export function classifyRulesRoute(ctx: AppContext, service: ClassifyService): FastifyPluginAsyncTypebox {
  return async (app) => {
    const auth = apiAuth(ctx);

    app.get('/api/v1/classify/rules', { schema: rulesListSchema, onRequest: auth }, async (request) => {
      const rules = await service.listRules(principalOf(request).accountId);
      return { rules: rules.map(presentRule) };
    });

    app.post('/api/v1/classify/rules', { schema: ruleCreateSchema, onRequest: auth }, async (request, reply) => {
      const rule = await service.addRule(principalOf(request).accountId, request.body);
      return reply.code(201).send(presentRule(rule));
    });

    app.delete('/api/v1/classify/rules/:id', { schema: ruleDeleteSchema, onRequest: auth }, async (request, reply) => {
      await service.deleteRule(principalOf(request).accountId, request.params.id);
      return reply.code(204).send(null);
    });
  };
}
