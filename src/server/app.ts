// Builds the fastify application from an AppContext: the core API routes, then the features (API beta
// endpoints and the web pages). Listening is the caller's business.
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { newId } from '../store/ids.js';
import { banksRoute } from '../api/banks/banks.route.js';
import { conversionsRoute } from '../api/conversions/conversions.route.js';
import { keptResultRoute } from '../api/conversions/kept-result.route.js';
import { ConversionRecordSchema } from '../http/conversion.presenter.js';
import { ConversionResultSchema, TransactionSchema, WarningSchema } from '../api/convert/convert.schema.js';
import { convertRoute } from '../api/convert/convert.route.js';
import { FEATURES, type Feature } from './features.js';
import { healthRoute } from '../api/health/health.route.js';
import { registerOpenApi } from '../api/openapi.js';
import { clientErrorHandler, connectionsCheckingInterval } from '../http/client-error.js';
import { JSON_BODY_LIMIT_BYTES, registerProblemHandling } from '../http/problem.js';
import { giveBackAfterLargeRequests } from './give-back.js';
import { ProblemSchema } from '../api/schemas.js';
import { prettyLogStream } from '../adapters/pretty-log.js';
import { serializerFactory } from '../http/serializer-schema.js';

export interface BuildOptions {
  /** Pino logger options, or false for silence (tests). */
  logger?: boolean | Record<string, unknown>;
  /** Feature plugins (web pages, beta endpoints) registered after the core routes; default: all of src/server/features.ts. */
  features?: Feature[];
}

// @fastify/multipart logs every request header at trace level as busboyOptions.headers.
export const LOG_REDACT = [
  'req.headers["x-api-key"]',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-csrf-token"]',
  'res.headers["set-cookie"]',
  'busboyOptions.headers["x-api-key"]',
  'busboyOptions.headers.cookie',
  'busboyOptions.headers.authorization',
  // Jobs: the one-time result key.
  'req.headers["x-job-key"]',
  'busboyOptions.headers["x-job-key"]',
  'busboyOptions.headers["x-csrf-token"]',
];

export async function buildApp(ctx: AppContext, opts: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      opts.logger === undefined
        ? { level: ctx.config.logLevel, redact: LOG_REDACT, ...(ctx.config.logFormat === 'pretty' ? { stream: prettyLogStream() } : {}) }
        : opts.logger,
    genReqId: () => newId('req'),
    requestIdHeader: false,
    requestTimeout: ctx.config.requestTimeoutMs,
    connectionTimeout: ctx.config.requestTimeoutMs,
    http: { connectionsCheckingInterval: connectionsCheckingInterval(ctx.config.requestTimeoutMs) },
    clientErrorHandler: clientErrorHandler(ctx.config.requestTimeoutMs),
    // A JSON body (classify) may hold 10,000 transactions; uploads go through multipart's own limit.
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    trustProxy: ctx.config.trustProxy,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', useDefaults: true } },
    // Answers are serialized with no validator behind them (src/http/serializer-schema.ts).
    schemaController: { compilersFactory: { buildSerializer: serializerFactory } },
  });
  // The conversion pool logs time-outs and out-of-memory ends through the server's logger.
  (ctx.converter as { setLogger?: (log: FastifyInstance['log']) => void }).setLogger?.(app.log);
  ctx.conversions.setLogger(app.log);
  app.addHook('onRequest', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
    // Secure cookies mean the service is reached over HTTPS: browsers should never try plain HTTP again.
    if (ctx.config.cookieSecure) reply.header('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  });
  // A large upload's memory goes back to the system once it is answered and its result kept.
  giveBackAfterLargeRequests(app, () => ctx.kept.settled());
  registerProblemHandling(app, ctx.config.maxUploadBytes);
  for (const s of [ProblemSchema, TransactionSchema, WarningSchema, ConversionResultSchema, ConversionRecordSchema]) app.addSchema(s);
  await app.register(multipart, { limits: { fileSize: ctx.config.maxUploadBytes, files: 2 } });
  await registerOpenApi(app, ctx.config);
  await app.register(healthRoute(ctx));
  await app.register(convertRoute(ctx));
  await app.register(conversionsRoute(ctx));
  await app.register(keptResultRoute(ctx));
  await app.register(banksRoute(ctx));
  for (const feature of opts.features ?? FEATURES) await feature(app, ctx);
  return app;
}
