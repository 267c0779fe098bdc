// Feature plugins added to the core API (web pages, beta endpoints). A feature is one line here.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';

export type Feature = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

export const FEATURES: Feature[] = [];
