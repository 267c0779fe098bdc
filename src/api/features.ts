// Feature plugins added to the core API (web pages, beta endpoints). A feature is one line here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { classifyFeature } from './classify/classify.feature.js';
import { jobsFeature } from './jobs/jobs.feature.js';
import { metricsFeature } from './metrics/metrics.feature.js';
import { payeesFeature } from './payees/payees.feature.js';
import { usageFeature } from './usage/usage.feature.js';
import { webFeature } from '../web/web.feature.js';

export type Feature = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

export const FEATURES: Feature[] = [
  metricsFeature,
  classifyFeature,
  payeesFeature,
  usageFeature,
  jobsFeature,
  webFeature,
];
