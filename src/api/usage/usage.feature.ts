// The usage feature (beta).
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { usageRoute } from './usage.route.js';
import { UsageSchema } from './usage.schema.js';

export async function usageFeature(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const service = ctx.usage;
  app.addSchema(UsageSchema);
  await app.register(usageRoute(ctx, service));
}
