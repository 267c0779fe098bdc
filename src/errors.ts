// The one closed table of error codes. Every failure the service reports is one of these; anything
// else is a bug and becomes a logged `internal_error`.

export const ERROR_TABLE = {
  invalid_request: { status: 400, title: 'Invalid request' },
  unsupported_file_type: { status: 400, title: 'Unsupported file type' },
  file_too_large: { status: 400, title: 'File too large' },
  security_check_failed: { status: 400, title: 'Security check failed' },
  missing_api_key: { status: 401, title: 'Missing API key' },
  invalid_api_key: { status: 401, title: 'Invalid API key' },
  paid_plan_required: { status: 403, title: 'Paid plan required' },
  // Web pages only (session cookie and CSRF token); never answered by /api/v1.
  session_required: { status: 401, title: 'Log in required' },
  csrf_failed: { status: 403, title: 'Request refused' },
  not_found: { status: 404, title: 'Not found' },
  // Jobs: reading a result needs the job's result key (X-Job-Key); a file still converting is not ready.
  invalid_job_key: { status: 403, title: 'Invalid job key' },
  result_not_ready: { status: 409, title: 'Result not ready' },
  no_transactions_found: { status: 422, title: 'No transactions found' },
  unsupported_bank: { status: 422, title: 'Unsupported bank' },
  rate_limited: { status: 429, title: 'Rate limit exceeded' },
  monthly_limit_reached: { status: 429, title: 'Monthly limit reached' },
  internal_error: { status: 500, title: 'Internal error' },
  overloaded: { status: 503, title: 'Service overloaded' },
  service_unavailable: { status: 503, title: 'Service unavailable' },
} as const satisfies Record<string, { status: number; title: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly detail: string;
  /** Seconds, for 429 and 503 answers. */
  readonly retryAfter?: number;
  /** Extra response headers (for example the rate-limit headers of a 429). */
  readonly headers?: Record<string, string>;

  constructor(code: ErrorCode, detail: string, extra: { retryAfter?: number; headers?: Record<string, string> } = {}) {
    super(`${code}: ${detail}`);
    this.name = 'AppError';
    this.code = code;
    this.detail = detail;
    this.retryAfter = extra.retryAfter;
    this.headers = extra.headers;
  }

  get status(): number {
    return ERROR_TABLE[this.code].status;
  }
}

export const isAppError = (e: unknown): e is AppError => e instanceof AppError;

export interface Problem {
  type: 'about:blank';
  status: number;
  code: ErrorCode;
  title: string;
  detail: string;
  request_id?: string;
}

export function toProblem(code: ErrorCode, detail: string, requestId?: string): Problem {
  const { status, title } = ERROR_TABLE[code];
  const p: Problem = { type: 'about:blank', status, code, title, detail };
  if (requestId) p.request_id = requestId;
  return p;
}

/** CLI exit codes of contract.md: 2 for the API's 400, 3 for its 422, 1 for anything else. */
export function exitCodeFor(code: ErrorCode): number {
  const status = ERROR_TABLE[code].status;
  return status === 400 ? 2 : status === 422 ? 3 : 1;
}
