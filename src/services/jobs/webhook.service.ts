// Webhook endpoints (registered per account, signing secret shown once) and their deliveries: queued in
// the transaction that finishes a job, sent by a dispatcher that any server or worker process runs,
// retried with exponential backoff for a day (WEBHOOK_RETRY_WINDOW_MS). Endpoints are isolated as
// Stripe and Svix isolate them: one attempt in flight per endpoint, a few per account, a back-off per
// endpoint (a failing endpoint is probed, not flooded), endpoints served in turn, 5 s per attempt.
import { AppError } from '../../errors.js';
import { newId } from '../../store/ids.js';
import type { AnyTrx, JobRepository, JobRow } from '../../store/job.repository.js';
import type { DeliveryRow, WebhookRepository, WebhookRow } from '../../store/webhook.repository.js';
import { newSigningSecret, signatureHeader, SIGNATURE_HEADER } from '../../adapters/webhooks/signature.js';
import { checkUrlShape, resolveAllowed, sendWebhook, WebhookUrlError, type AttemptResult } from '../../adapters/webhooks/webhook-sender.js';
import { isoAt, type Clock } from '../clock.js';
import {
  WEBHOOK_EVENTS,
  WEBHOOK_IN_FLIGHT_PER_ACCOUNT,
  WEBHOOK_MAX_DELAY_MS,
  WEBHOOK_MAX_PER_ACCOUNT,
  WEBHOOK_TIMEOUT_MS,
  type WebhookEvent,
} from './job-limits.js';
import { presentJob } from './job-presenter.js';
import type { DeploymentSealer } from './sealing.js';

export interface WebhookSettings {
  allowLoopback: boolean;
  retryBaseMs: number;
  retryWindowMs: number;
}

export type Sender = (url: string, body: string, headers: Record<string, string>) => Promise<AttemptResult>;

const secretContext = (webhookId: string) => `webhook-secret|${webhookId}`;
const LOG_KEEP = 30;

export function presentWebhook(w: WebhookRow) {
  return { id: w.id, url: w.url, events: w.events.split(',') as WebhookEvent[], created_at: w.created_at };
}

export function presentDelivery(d: DeliveryRow) {
  let log: unknown[] = [];
  try {
    log = JSON.parse(d.attempt_log) as unknown[];
  } catch {
    /* an unreadable log is shown empty */
  }
  return {
    id: d.id,
    event: d.event as WebhookEvent,
    job_id: d.job_id,
    status: d.status,
    created_at: d.created_at,
    delivered_at: d.delivered_at,
    attempt_count: Number(d.attempts),
    next_attempt_at: d.status === 'pending' ? d.next_attempt_at : null,
    last_status_code: d.last_status_code === null ? null : Number(d.last_status_code),
    last_error: d.last_error,
    attempts: log as { at: string; status_code: number | null; error: string | null; duration_ms: number }[],
  };
}

export class WebhookService {
  private readonly sender: Sender;

  constructor(
    private readonly hooks: WebhookRepository,
    private readonly jobs: JobRepository,
    private readonly sealer: DeploymentSealer,
    private readonly clock: Clock,
    private readonly settings: WebhookSettings,
    sender?: Sender,
  ) {
    this.sender = sender ?? ((url, body, headers) => sendWebhook(url, body, headers, { allowLoopback: settings.allowLoopback, timeoutMs: WEBHOOK_TIMEOUT_MS }));
  }

  async register(accountId: string, url: string, events: string[]): Promise<{ webhook: WebhookRow; secret: string }> {
    const wanted = [...new Set(events)];
    const unknown = wanted.filter((e) => !(WEBHOOK_EVENTS as readonly string[]).includes(e));
    if (!wanted.length || unknown.length)
      throw new AppError(
        'invalid_request',
        `events must name one or more of ${WEBHOOK_EVENTS.join(', ')}${unknown.length ? `; unknown: ${unknown.slice(0, 3).join(', ').slice(0, 100)}` : ''}.`,
      );
    if (url.length > 2048) throw new AppError('invalid_request', 'The webhook URL is longer than 2,048 characters.');
    try {
      // Checked now (a clear error at once) and again before every delivery.
      await resolveAllowed(checkUrlShape(url, this.settings.allowLoopback), this.settings.allowLoopback);
    } catch (e) {
      if (e instanceof WebhookUrlError) throw new AppError('invalid_request', e.message);
      throw e;
    }
    if ((await this.hooks.count(accountId)) >= WEBHOOK_MAX_PER_ACCOUNT)
      throw new AppError('invalid_request', `An account may have at most ${WEBHOOK_MAX_PER_ACCOUNT} webhook endpoints; delete one first.`);
    const id = newId('wh', this.clock());
    const secret = newSigningSecret();
    const webhook: WebhookRow = {
      id,
      account_id: accountId,
      url,
      events: wanted.join(','),
      secret_sealed: this.sealer.sealText(secret, secretContext(id)),
      created_at: isoAt(this.clock()),
      failures: 0,
      blocked_until: null,
      last_attempt_at: null,
    };
    await this.hooks.insert(webhook);
    return { webhook, secret };
  }

  list(accountId: string): Promise<WebhookRow[]> {
    return this.hooks.list(accountId);
  }

  async remove(accountId: string, id: string): Promise<void> {
    if (!(await this.hooks.delete(accountId, id))) throw new AppError('not_found', 'No such webhook.');
  }

  async deliveries(accountId: string, id: string): Promise<DeliveryRow[]> {
    if (!(await this.hooks.find(accountId, id))) throw new AppError('not_found', 'No such webhook.');
    return this.hooks.deliveries(id, 100);
  }

  /** Queues job.completed / job.failed for the account's endpoints, inside the job's finishing transaction. */
  async enqueueForJob(trx: AnyTrx, job: JobRow): Promise<void> {
    const event: WebhookEvent = job.status === 'done' ? 'job.completed' : 'job.failed';
    const hooks = await this.hooks.subscribed(trx, job.account_id, event);
    if (!hooks.length) return;
    const files = await this.jobs.files(job.id, trx);
    const now = this.clock();
    const rows: DeliveryRow[] = hooks.map((h) => {
      const id = newId('whd', now);
      const payload = JSON.stringify({ id, type: event, created_at: isoAt(now), data: { job: presentJob(job, files) } });
      return {
        id,
        webhook_id: h.id,
        account_id: job.account_id,
        job_id: job.id,
        event,
        payload,
        status: 'pending',
        attempts: 0,
        next_attempt_at: isoAt(now),
        lease_until: null,
        last_status_code: null,
        last_error: null,
        attempt_log: '[]',
        created_at: isoAt(now),
        delivered_at: null,
      };
    });
    await this.hooks.insertDeliveries(trx, rows);
  }

  /** Sends the next due delivery, if any; false when there was none. */
  async deliverNext(): Promise<boolean> {
    const now = this.clock();
    const claimed = await this.hooks.claimDue(isoAt(now), isoAt(now + WEBHOOK_TIMEOUT_MS * 3), WEBHOOK_IN_FLIGHT_PER_ACCOUNT);
    if (!claimed) return false;
    const { delivery, hook } = claimed;
    let secret: string;
    try {
      secret = this.sealer.openText(hook.secret_sealed, secretContext(hook.id));
    } catch {
      await this.record(delivery, { statusCode: null, error: "The signing secret could not be unsealed with this process's seal key.", durationMs: 0 });
      return true;
    }
    const t = Math.floor(this.clock() / 1000);
    const result = await this.sender(hook.url, delivery.payload, {
      [SIGNATURE_HEADER]: signatureHeader(secret, t, delivery.payload),
      'Ledgerline-Event': delivery.event,
      'Ledgerline-Delivery': delivery.id,
    });
    await this.record(delivery, result, hook);
    return true;
  }

  /**
   * The wait before the next attempt after `failures` failed ones: WEBHOOK_RETRY_BASE_MS doubling, at
   * most 6 hours, plus up to 10% so endpoints that failed together do not retry in step.
   */
  private backoff(failures: number): number {
    const delay = Math.min(this.settings.retryBaseMs * 2 ** Math.min(30, failures - 1), WEBHOOK_MAX_DELAY_MS);
    return Math.round(delay * (1 + Math.random() * 0.1));
  }

  /** Fails deliveries whose retry window has passed while their endpoint was in back-off. */
  expire(): Promise<number> {
    const now = this.clock();
    return this.hooks.expirePending(isoAt(now - this.settings.retryWindowMs), isoAt(now));
  }

  private async record(d: DeliveryRow, r: AttemptResult, hook?: WebhookRow): Promise<void> {
    const now = this.clock();
    const attempts = Number(d.attempts) + 1;
    let log: unknown[] = [];
    try {
      log = JSON.parse(d.attempt_log) as unknown[];
    } catch {
      log = [];
    }
    log.push({ at: isoAt(now), status_code: r.statusCode, error: r.error, duration_ms: r.durationMs });
    const attemptLog = JSON.stringify(log.slice(-LOG_KEEP));
    // The endpoint's own back-off: after a failure none of its deliveries is tried before it ends, so
    // an endpoint that never answers costs one attempt per step, however many deliveries wait for it.
    if (hook) await this.hooks.recordEndpoint(hook.id, !r.error, isoAt(now), r.error ? isoAt(now + this.backoff(Number(hook.failures) + 1)) : null);
    if (!r.error) {
      await this.hooks.recordAttempt(d.id, {
        status: 'delivered',
        attempts,
        next_attempt_at: null,
        last_status_code: r.statusCode,
        last_error: null,
        attempt_log: attemptLog,
        delivered_at: isoAt(now),
      });
      return;
    }
    // Each delivery backs off too (given up once the retry window has passed).
    const next = now + this.backoff(attempts);
    const giveUp = next > Date.parse(d.created_at) + this.settings.retryWindowMs;
    await this.hooks.recordAttempt(d.id, {
      status: giveUp ? 'failed' : 'pending',
      attempts,
      next_attempt_at: giveUp ? null : isoAt(next),
      last_status_code: r.statusCode,
      last_error: r.error.slice(0, 300),
      attempt_log: attemptLog,
    });
  }
}
