// The OpenAPI 3 document, generated from the route schemas, plus what schemas cannot say
// (the multipart body and the error table).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import swagger, { type SwaggerTransformObject } from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { warningTableMarkdown } from '../engine/warnings.js';
import { ERROR_TABLE } from '../errors.js';
import { megabytes } from '../http/sizes.js';
import { PLANS } from '../services/plans.js';
import { JOB_MAX_FILES } from '../services/jobs/job-limits.js';
import { listBanks } from '../engine/profiles/index.js';
import { JSON_PART_NAMES } from '../http/json-parts.js';
import { closedSetsAsEnums } from './openapi-enums.js';

/** A file of the docs page's look (src/api/docs/), read once: the build copies it beside the compiled module. */
const docsFile = (name: string): string => fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'docs', name), 'utf8');

const FAVICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="#0b5cad"/><path d="M4 3v10h8" stroke="#fff" stroke-width="2" fill="none"/></svg>';

const DOCS_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'", "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

const ERROR_ROWS = Object.entries(ERROR_TABLE)
  .map(([code, { status, title }]) => `| ${status} | \`${code}\` | ${title} |`)
  .join('\n');

/** The paid plans' quotas in words, from PLANS: "starter 200, pro 1,000, business 5,000". */
const planQuotas = () =>
  Object.values(PLANS)
    .filter((p) => p.apiAccess)
    .map((p) => `${p.id} ${p.monthlyConversions.toLocaleString('en-US')}`)
    .join(', ');

const description = (
  config: Pick<Config, 'rateLimitPerHour'>,
) => `Converts bank statements (PDF, CSV, fixed-width text, XLSX, scans, and structured files: MT940/MT942, camt.052/053/054, OFX/QFX/QBO, QIF) into reconciled transactions.

Authenticate every /api/v1 request with the header \`X-Api-Key\` (create keys on the Account page; paid plans only).
Rate limit: ${config.rateLimitPerHour} requests per rolling hour per account (\`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` in seconds; \`Retry-After\` on 429).
Monthly quota per plan (\`X-Quota-Limit\`, \`X-Quota-Remaining\`, \`X-Quota-Reset\` in seconds): ${planQuotas()} successful conversions per calendar month (UTC).
Accepted \`bank\` values: GET /api/v1/banks.
Payees: \`include=payees\` adds \`payees\`, the counterparty of every row as a bookkeeper would write it (\`VIS TESCO STORES 2341 LONDON\` -> \`Tesco Stores\`), parallel to \`transactions\`; files with a payee field use the same values. Your rules (\`/api/v1/payees/rules\`) come first.

Errors are \`application/problem+json\` with a machine-readable \`code\`:

| status | code | title |
|---|---|---|
${ERROR_ROWS}

Every result carries a verdict, decided in one place from its proof and its warnings: \`PASS\` only when every row sits inside an equation between printed figures that holds (\`include=proof\` lists them: start + the rows' Amount = end, exactly) and no warning that blocks PASS stands; \`NO_BAL\` when nothing printed checks anything; else \`RECONCILE_WARN\`.

Warnings in results (\`{code, message, row?, page?, blocks?, statement?, equation?}\`; row is 1-based into transactions, page is the PDF page or text line):

${warningTableMarkdown()}`;

export async function registerOpenApi(app: FastifyInstance, config: Pick<Config, 'rateLimitPerHour' | 'maxUploadBytes'>): Promise<void> {
  const maxMb = megabytes(config.maxUploadBytes);
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Ledgerline API', version: '1.0.0', description: description(config) },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      },
      tags: [
        { name: 'convert', description: 'Statement conversion' },
        { name: 'conversions', description: 'Conversion history (metadata only)' },
        {
          name: 'payees',
          description:
            'Payees: the counterparty of every row (include=payees, and the payee fields of xero, xlsx, ofx, qbo and qif files), and your rules for them',
        },
        { name: 'health', description: 'Probes' },
        { name: 'jobs', description: 'Asynchronous jobs: many statements at once, results sealed with a one-time result_key' },
        { name: 'webhooks', description: 'Signed notifications when a job finishes (job.completed, job.failed)' },
      ],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => (typeof json.$id === 'string' ? json.$id : `def-${i}`) },
    transform: ({ schema, url }) => {
      const s = { ...(schema as Record<string, unknown>) };
      // The key travels in the security scheme, not as a documented header parameter.
      if (url.startsWith('/api/v1/')) {
        delete s.headers;
        s.security = [{ ApiKey: [] }];
      }
      return { schema: s, url };
    },
    transformObject: (doc) => {
      // The multipart operations get their bodies, `include` its list of parts, and every closed set of
      // values one enum (openapi-enums.ts); the rest of the document is fastify-swagger's.
      type Parameter = { name: string; in: string; schema?: Record<string, unknown>; style?: string; explode?: boolean };
      type Operation = { requestBody?: unknown; parameters?: Parameter[] };
      const openapi = (doc as { openapiObject: ReturnType<SwaggerTransformObject> }).openapiObject;
      const paths = openapi.paths as Record<string, Record<string, Operation> | undefined> | undefined;
      // `bank`: auto, generic or a profile id, from the profiles (GET /api/v1/banks lists their names).
      const bankField = (description: string) => ({
        type: 'string',
        enum: ['auto', 'generic', ...listBanks().map((b) => b.id)],
        default: 'auto',
        description,
      });
      // include=a,b: one comma-separated parameter whose values are the parts (JSON_PARTS).
      for (const path of Object.values(paths ?? {}))
        for (const op of Object.values(path ?? {}))
          for (const p of op.parameters ?? []) {
            if (p.in !== 'query' || p.name !== 'include') continue;
            const description = p.schema?.description;
            p.schema = { type: 'array', items: { type: 'string', enum: [...JSON_PART_NAMES] }, ...(description ? { description } : {}) };
            p.style = 'form';
            p.explode = false;
          }
      const multipart = (properties: Record<string, unknown>) => ({
        required: true,
        content: { 'multipart/form-data': { schema: { type: 'object', required: ['file'], properties } } },
      });
      const post = paths?.['/api/v1/convert']?.post;
      if (post) {
        post.requestBody = multipart({
          file: {
            type: 'string',
            format: 'binary',
            description: `The statement: PDF, CSV, fixed-width text, XLSX, a PNG/JPEG/TIFF scan, or a structured file (MT940/MT942, camt.052/053/054, OFX/QFX/QBO, QIF); at most ${maxMb} MB.`,
          },
          bank: bankField('auto (detect), generic (no profile) or a bank id; GET /api/v1/banks names them.'),
          password: { type: 'string', description: 'Password of an encrypted PDF.' },
        });
      }
      const jobsPost = paths?.['/api/v1/jobs']?.post;
      if (jobsPost) {
        jobsPost.requestBody = multipart({
          file: {
            type: 'array',
            maxItems: JOB_MAX_FILES,
            items: { type: 'string', format: 'binary' },
            description: `Up to ${JOB_MAX_FILES} statements, each at most ${maxMb} MB, or ZIPs of statements (their entries count).`,
          },
          bank: bankField('auto (detect), generic (no profile) or a bank id (GET /api/v1/banks names them); applies to every file.'),
          password: { type: 'string', description: 'Password of encrypted PDFs in the job.' },
        });
      }
      return closedSetsAsEnums(openapi);
    },
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    // The page's own policy: Swagger UI's React inserts one <style> element, allowed by its hash (a new
    // Swagger UI version that changes it shows as a console error in test/web/docs.happy.test.ts).
    staticCSP: DOCS_CSP,
    uiConfig: { deepLinking: false, docExpansion: 'list', defaultModelsExpandDepth: 0, tryItOutEnabled: false },
    validatorUrl: false,
    theme: {
      title: 'Ledgerline API',
      css: [{ filename: 'ledgerline.css', content: docsFile('docs-theme.css') }],
      js: [{ filename: 'ledgerline.js', content: docsFile('docs-theme.js') }],
      favicon: [{ filename: 'favicon.svg', rel: 'icon', sizes: 'any', type: 'image/svg+xml', content: Buffer.from(FAVICON) }],
    },
    logo: { type: 'image/svg+xml', content: Buffer.from(docsFile('logo.svg')), href: '/docs', target: '_self' },
  });
  app.get('/api/v1/openapi.json', { schema: { hide: true } as never }, async () => app.swagger());
}
