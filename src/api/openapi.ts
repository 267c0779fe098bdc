// The OpenAPI 3 document, generated from the route schemas, plus what schemas cannot say
// (the multipart body and the error table).
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ERROR_TABLE } from '../errors.js';

const ERROR_ROWS = Object.entries(ERROR_TABLE)
  .map(([code, { status, title }]) => `| ${status} | \`${code}\` | ${title} |`)
  .join('\n');

const DESCRIPTION = `Converts bank statements (PDF, CSV, fixed-width text, XLSX) into reconciled transactions.

Authenticate every /api/v1 request with the header \`X-Api-Key\` (create keys on the Account page; paid plans only).
Rate limit: 120 requests per rolling hour per account (\`RateLimit-Limit\`, \`RateLimit-Remaining\`, \`RateLimit-Reset\` in seconds; \`Retry-After\` on 429).
Monthly quota per plan (\`X-Quota-Limit\`, \`X-Quota-Remaining\`, \`X-Quota-Reset\` in seconds): starter 200, pro 1,000, business 5,000 successful conversions per calendar month (UTC).
Accepted \`bank\` values: GET /api/v1/banks.

Errors are \`application/problem+json\` with a machine-readable \`code\`:

| status | code | title |
|---|---|---|
${ERROR_ROWS}

Warning codes in results (\`{code, message, row?, page?}\`; row is 1-based into transactions, page is the PDF page or text line):
- \`balance_mismatch\`: a printed balance does not equal the previous balance plus the row's amount;
- \`totals_mismatch\`: printed opening/closing balances or totals disagree with the rows;
- \`rows_unverified\`: rows no printed figure checks (never PASS);
- \`rows_skipped\`: lines with an amount but no readable date were left out (never PASS);
- \`year_inferred\`, \`date_order_ambiguous\`, \`currency_assumed\`: a guess the statement did not settle;
- \`duplicate_rows_suspected\`, \`multiple_accounts\`;
- \`ocr_used\` (mean OCR confidence), \`ocr_repaired\` (a misread figure corrected because the balances then agree exactly), \`ocr_ambiguous\` (a break more than one correction would close).`;

export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: { title: 'Ledgerline API', version: '1.0.0', description: DESCRIPTION },
      servers: [{ url: '/' }],
      components: {
        securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
      },
      tags: [
        { name: 'convert', description: 'Statement conversion' },
        { name: 'conversions', description: 'Conversion history (metadata only)' },
        { name: 'health', description: 'Probes' },
      ],
    },
    refResolver: { buildLocalReference: (json, _base, _fragment, i) => String(json.$id ?? `def-${i}`) },
    transform: ({ schema, url }) => {
      const s = { ...(schema as Record<string, unknown>) };
      // The key travels in the security scheme, not as a documented header parameter.
      if (url.startsWith('/api/v1/')) {
        delete s.headers;
        s.security = [{ ApiKey: [] }];
      }
      return { schema: s as never, url };
    },
    transformObject: (doc) => {
      const openapi = (doc as { openapiObject: Record<string, any> }).openapiObject;
      const post = openapi.paths?.['/api/v1/convert']?.post;
      if (post) {
        post.requestBody = {
          required: true,
          content: {
            'multipart/form-data': {
              schema: {
                type: 'object',
                required: ['file'],
                properties: {
                  file: { type: 'string', format: 'binary', description: 'The statement: PDF, CSV, fixed-width text, XLSX, or a PNG/JPEG/TIFF scan; at most 50 MB.' },
                  bank: { type: 'string', default: 'auto', description: 'auto, generic or an id from GET /api/v1/banks.' },
                  password: { type: 'string', description: 'Password of an encrypted PDF.' },
                },
              },
            },
          },
        };
      }
      return openapi;
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs', staticCSP: true, uiConfig: { deepLinking: false } });
  app.get('/api/v1/openapi.json', { schema: { hide: true } as never }, async () => app.swagger());
}
