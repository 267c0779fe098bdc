// The classify feature (beta): its service, the convert hook (classify=true) and its routes.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { ClassifyService } from '../../services/classify.service.js';
import { ClassifyRuleRepository } from '../../store/classify-rule.repository.js';
import { classifyRulesRoute } from './classify-rules.route.js';
import { classifyRoute } from './classify.route.js';
import { ClassificationSchema, ClassifyRuleSchema } from './classify.schema.js';

export async function classifyFeature(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = new ClassifyService(new ClassifyRuleRepository(ctx.dbh.db), ctx.clock, ctx.tasks);
  ctx.conversions.setClassifier((accountId, result) => service.classifyStatement(accountId, result.transactions));
  app.addSchema(ClassificationSchema);
  app.addSchema(ClassifyRuleSchema);
  await app.register(classifyRoute(ctx, service));
  await app.register(classifyRulesRoute(ctx, service));
}
