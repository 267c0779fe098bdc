// The classify feature (beta): the convert hook (classify=true) and its routes; the service is the context's.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { classifyRulesRoute } from './classify-rules.route.js';
import { classifyRoute } from './classify.route.js';
import { ClassificationSchema, ClassifyRuleSchema } from './classify.schema.js';

export async function classifyFeature(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = ctx.classify;
  ctx.conversions.setClassifier((accountId, result) => service.classifyStatement(accountId, result.transactions));
  app.addSchema(ClassificationSchema);
  app.addSchema(ClassifyRuleSchema);
  await app.register(classifyRoute(ctx, service));
  await app.register(classifyRulesRoute(ctx, service));
}
