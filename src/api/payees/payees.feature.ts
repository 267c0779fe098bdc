// The payee rules feature: its schema and routes (the service lives in the context, because every
// conversion with payees reads the rules too).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { payeeRulesRoute } from './payee-rules.route.js';
import { PayeeRuleSchema } from './payees.schema.js';

export async function payeesFeature(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.addSchema(PayeeRuleSchema);
  await app.register(payeeRulesRoute(ctx));
}
