// What the web routes share: the session and log-in services built by the feature, cookie names,
// and small helpers for reading form fields.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import type { SessionAuthService } from '../services/session-auth.service.js';
import type { ActiveSession, SessionService } from '../services/session.service.js';
import type { ShellUser } from './layout.page.js';
import { requireSession, type CookieNames } from './security.js';

export interface WebDeps {
  ctx: AppContext;
  sessions: SessionService;
  auth: SessionAuthService;
  names: CookieNames;
  secure: boolean;
}

/** Every web route is left out of the API's OpenAPI document. */
export const HIDDEN = { hide: true } as Record<string, unknown>;

export const guards = (d: WebDeps) => ({
  page: requireSession(d, { csrf: false }),
  action: requireSession(d, { csrf: true }),
});

export function field(request: FastifyRequest, name: string, max = 1000): string {
  const body = request.body as Record<string, unknown> | null | undefined;
  const v = body && typeof body === 'object' ? body[name] : undefined;
  return typeof v === 'string' ? v.slice(0, max) : '';
}

export const shellUser = (s: ActiveSession): ShellUser => ({ email: s.email, csrfToken: s.csrfToken });
