// The jobs feature's fixed limits, read everywhere from here.

/** Files one job may hold (multipart parts, or entries of one ZIP). */
export const JOB_MAX_FILES = 100;
/**
 * Records one ZIP of a job may have in its central directory, folders, hidden files and macOS resource
 * forks included, counted before any is read (a Finder archive of 100 statements has about 200).
 */
export const JOB_MAX_ZIP_RECORDS = 10 * JOB_MAX_FILES;
/** Claims of one file before it is failed: a file that stops its worker this often is not tried again. */
export const JOB_MAX_ATTEMPTS = 3;
/** Most recent jobs listed by GET /api/v1/jobs. */
export const JOB_LIST_LIMIT = 100;
/** A file given back after a transient failure (overloaded, database away) is offered again after this (ms). */
export const JOB_RETRY_DELAY_MS = 5_000;
/** Webhook events a subscription may name. */
export const WEBHOOK_EVENTS = ['job.completed', 'job.failed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
/** Webhook endpoints per account. */
export const WEBHOOK_MAX_PER_ACCOUNT = 10;
/**
 * One delivery attempt's time limit (ms), name lookup to last byte. Short, as Svix's and Stripe's
 * are, because an endpoint that does not answer holds a dispatcher for all of it (10 s let ten silent
 * endpoints delay another account's webhook by 49 s).
 */
export const WEBHOOK_TIMEOUT_MS = 5_000;
/** Delivery attempts one account may have in flight at once (every process's dispatchers share 4 slots each). */
export const WEBHOOK_IN_FLIGHT_PER_ACCOUNT = 2;
/** Longest wait between two delivery attempts (ms). */
export const WEBHOOK_MAX_DELAY_MS = 6 * 3600_000;
/** Delivery records are kept this long (ms) after the event, then deleted. */
export const WEBHOOK_DELIVERY_RETENTION_MS = 7 * 86_400_000;
