import { Type } from 'typebox';
import { WEBHOOK_EVENTS } from '../../services/jobs/job-limits.js';
import { apiKeyHeader, problemRef, securedErrors } from '../schemas.js';

const Event = Type.Union(WEBHOOK_EVENTS.map((e) => Type.Literal(e)));

export const WebhookSchema = Type.Object(
  { id: Type.String(), url: Type.String(), events: Type.Array(Event), created_at: Type.String({ format: 'date-time' }) },
  { $id: 'Webhook', additionalProperties: false },
);

export const DeliverySchema = Type.Object(
  {
    id: Type.String({ description: 'Also the `id` of the payload and the Ledgerline-Delivery header.' }),
    event: Event,
    job_id: Type.String(),
    status: Type.Union([Type.Literal('pending'), Type.Literal('delivered'), Type.Literal('failed')], {
      description: 'failed: given up after the retry window (a day).',
    }),
    created_at: Type.String({ format: 'date-time' }),
    delivered_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    attempt_count: Type.Integer(),
    next_attempt_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], { description: 'When the next retry is due (pending only).' }),
    last_status_code: Type.Union([Type.Integer(), Type.Null()]),
    last_error: Type.Union([Type.String(), Type.Null()]),
    attempts: Type.Array(
      Type.Object({
        at: Type.String({ format: 'date-time' }),
        status_code: Type.Union([Type.Integer(), Type.Null()]),
        error: Type.Union([Type.String(), Type.Null()]),
        duration_ms: Type.Integer(),
      }),
      { description: 'The most recent 30 attempts, oldest first.' },
    ),
  },
  { $id: 'WebhookDelivery', additionalProperties: false },
);

const Params = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const createWebhookRoute = {
  summary: 'Register a webhook endpoint',
  description:
    'The URL must use https and resolve to public addresses only (checked now and again before every delivery). ' +
    'Deliveries are JSON job metadata (never rows) signed with `Ledgerline-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` under the `secret` returned here, once. ' +
    'A delivery that does not get a 2xx within 10 s is retried with exponential backoff for a day.',
  tags: ['webhooks'],
  headers: apiKeyHeader,
  body: Type.Object(
    { url: Type.String({ maxLength: 2048 }), events: Type.Array(Event, { minItems: 1, maxItems: WEBHOOK_EVENTS.length }) },
    { additionalProperties: false },
  ),
  response: {
    201: Type.Object(
      { ...WebhookSchema.properties, secret: Type.String({ description: 'The signing secret (whsec_...). Shown once.' }) },
      { additionalProperties: false },
    ),
    400: problemRef,
    ...securedErrors,
  },
};

export const listWebhooksRoute = {
  summary: "List the account's webhook endpoints",
  tags: ['webhooks'],
  headers: apiKeyHeader,
  response: { 200: Type.Object({ webhooks: Type.Array(Type.Ref('Webhook')) }), ...securedErrors },
};

export const deleteWebhookRoute = {
  summary: 'Delete a webhook endpoint (and its delivery records)',
  tags: ['webhooks'],
  headers: apiKeyHeader,
  params: Params,
  response: { 204: Type.Null({ description: 'Deleted.' }), 404: problemRef, ...securedErrors },
};

export const deliveriesRoute = {
  summary: "An endpoint's recent deliveries",
  description: 'The 100 most recent deliveries, newest first: attempts, status codes, next retry. Delivery records are kept 7 days.',
  tags: ['webhooks'],
  headers: apiKeyHeader,
  params: Params,
  response: { 200: Type.Object({ deliveries: Type.Array(Type.Ref('WebhookDelivery')) }), 404: problemRef, ...securedErrors },
};
