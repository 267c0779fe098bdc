// Feature plugins added to the core API (web pages, beta endpoints). A feature is one line here; this
// list lives in src/server/ because it joins api/ and web/, which never import each other.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { classifyFeature } from '../api/classify/classify.feature.js';
import { jobsFeature } from '../api/jobs/jobs.feature.js';
import { metricsFeature } from '../api/metrics/metrics.feature.js';
import { payeesFeature } from '../api/payees/payees.feature.js';
import { usageFeature } from '../api/usage/usage.feature.js';
import { webFeature } from '../web/web.feature.js';

export type Feature = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

export const FEATURES: Feature[] = [metricsFeature, classifyFeature, payeesFeature, usageFeature, jobsFeature, webFeature];
