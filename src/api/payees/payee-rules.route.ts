// POST/GET/DELETE /api/v1/payees/rules: the account's own payee rules.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { AppContext } from '../../context.js';
import type { PayeeRule } from '../../services/payee.service.js';
import { apiAuth, principalOf } from '../plugins/api-auth.js';
import { payeeRuleCreateSchema, payeeRuleDeleteSchema, payeeRulesListSchema } from './payees.schema.js';

export const presentPayeeRule = (r: PayeeRule) => ({ id: r.id, pattern: r.pattern, payee: r.payee, created_at: r.created_at });

export function payeeRulesRoute(ctx: AppContext): FastifyPluginAsyncTypebox {
  return async (app) => {
    const auth = apiAuth(ctx);

    app.get('/api/v1/payees/rules', { schema: payeeRulesListSchema, onRequest: auth }, async (request) => {
      const rules = await ctx.payees.listRules(principalOf(request).accountId);
      return { rules: rules.map(presentPayeeRule) };
    });

    app.post('/api/v1/payees/rules', { schema: payeeRuleCreateSchema, onRequest: auth }, async (request, reply) => {
      const rule = await ctx.payees.addRule(principalOf(request).accountId, request.body);
      return reply.code(201).send(presentPayeeRule(rule));
    });

    app.delete('/api/v1/payees/rules/:id', { schema: payeeRuleDeleteSchema, onRequest: auth }, async (request, reply) => {
      await ctx.payees.deleteRule(principalOf(request).accountId, request.params.id);
      return reply.code(204).send(null);
    });
  };
}
