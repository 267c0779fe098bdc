// The jobs feature (issue 17): asynchronous jobs and webhooks. Background work (converting files,
// delivering webhooks, retention) is started by `serve` and `ledgerline worker`, not here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { DeliverySchema, WebhookSchema } from '../webhooks/webhooks.schema.js';
import { webhooksRoute } from '../webhooks/webhooks.route.js';
import { jobsRoute } from './jobs.route.js';
import { JobFileSchema, JobSchema, JobSummarySchema } from './jobs.schema.js';

export async function jobsFeature(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const s of [JobFileSchema, JobSummarySchema, JobSchema, WebhookSchema, DeliverySchema]) app.addSchema(s);
  await app.register(jobsRoute(ctx));
  await app.register(webhooksRoute(ctx));
}
