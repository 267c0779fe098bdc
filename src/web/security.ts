// Web security plumbing: response headers (CSP and friends), the session cookie, the CSRF checks
// (per-session synchronizer token, plus a double-submit cookie for the anonymous log-in and sign-up
// forms) and the same-origin check every state-changing request passes first.
import { timingSafeEqual, randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../errors.js';
import type { ActiveSession, NewSession, SessionService } from '../services/session.service.js';

declare module 'fastify' {
  interface FastifyRequest {
    webSession?: ActiveSession;
  }
  interface FastifyContextConfig {
    /** Web routes answering JSON (problem+json errors) rather than HTML pages. */
    webJson?: boolean;
  }
}

/** Refusals of the web layer itself (no session, failed CSRF), from the one error table; shown as a page or problem+json. */
export class WebAuthError extends AppError {
  constructor(code: 'session_required' | 'csrf_failed', detail: string) {
    super(code, detail);
    this.name = 'WebAuthError';
  }
}

export const CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data: blob:",
  // pdf.js loads embedded fonts from memory.
  "font-src 'self' data:",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export function securityHeaders(reply: FastifyReply): void {
  reply.header('Content-Security-Policy', CSP);
  reply.header('X-Content-Type-Options', 'nosniff');
  reply.header('X-Frame-Options', 'DENY');
  reply.header('Referrer-Policy', 'same-origin');
  reply.header('Cross-Origin-Opener-Policy', 'same-origin');
  reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
}

export interface CookieNames {
  session: string;
  preCsrf: string;
}

/** `__Host-` names (bound to this host, path /, Secure) when cookies are Secure; plain names otherwise. */
export const cookieNames = (secure: boolean): CookieNames =>
  secure ? { session: '__Host-ll_session', preCsrf: '__Host-ll_csrf' } : { session: 'll_session', preCsrf: 'll_csrf' };

export function setSessionCookie(reply: FastifyReply, names: CookieNames, secure: boolean, s: NewSession, nowMs: number): void {
  reply.setCookie(names.session, s.token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure,
    maxAge: Math.max(1, Math.floor((s.expiresAtMs - nowMs) / 1000)),
  });
}

export function clearSessionCookie(reply: FastifyReply, names: CookieNames, secure: boolean): void {
  reply.clearCookie(names.session, { path: '/', httpOnly: true, sameSite: 'lax', secure });
}

/** The anonymous forms' double-submit token: reuses the cookie's value or sets a new one. */
export function preCsrfToken(request: FastifyRequest, reply: FastifyReply, names: CookieNames, secure: boolean): string {
  const existing = request.cookies[names.preCsrf];
  if (existing && /^[A-Za-z0-9_-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString('base64url');
  reply.setCookie(names.preCsrf, token, { path: '/', httpOnly: true, sameSite: 'strict', secure });
  return token;
}

const equal = (a: string, b: string) => {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
};

/**
 * Browsers send Origin on every cross-origin POST (and Sec-Fetch-Site); a request that says it comes
 * from elsewhere is refused before any token is looked at. Requests with neither header (not from a
 * browser) still need the token.
 */
export function sameOrigin(request: FastifyRequest): boolean {
  const host = stripDefaultPort(request.headers.host ?? '');
  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (origin === 'null') return false;
    try {
      return stripDefaultPort(new URL(origin).host) === host;
    } catch {
      return false;
    }
  }
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const referer = request.headers.referer;
  if (referer) {
    try {
      return stripDefaultPort(new URL(referer).host) === host;
    } catch {
      return false;
    }
  }
  return true;
}

// URL() drops a scheme's default port while a Host header may carry it; neither side should matter.
const stripDefaultPort = (h: string) => h.toLowerCase().replace(/:(80|443)$/, '');

function presentedToken(request: FastifyRequest): string {
  const header = request.headers['x-csrf-token'];
  if (typeof header === 'string') return header;
  const body: unknown = request.body;
  return typeof body === 'object' && body !== null && '_csrf' in body && typeof body._csrf === 'string' ? body._csrf : '';
}

const FORGED = 'This form has expired or did not come from this site. Reload the page and try again.';

/** CSRF check for a logged-in request: same origin and the session's synchronizer token. */
export function checkCsrf(request: FastifyRequest, session: ActiveSession): void {
  if (!sameOrigin(request) || !equal(presentedToken(request), session.csrfToken)) throw new WebAuthError('csrf_failed', FORGED);
}

/** CSRF check for the anonymous forms: same origin and the double-submit cookie. */
export function checkPreCsrf(request: FastifyRequest, names: CookieNames): void {
  if (!sameOrigin(request) || !equal(presentedToken(request), request.cookies[names.preCsrf] ?? '')) throw new WebAuthError('csrf_failed', FORGED);
}

export interface SessionGuardOptions {
  sessions: SessionService;
  names: CookieNames;
  secure: boolean;
}

/** preHandler: loads the session from the cookie; no session means a redirect to log-in (pages) or 401 (JSON). */
export function requireSession(o: SessionGuardOptions, opts: { csrf: boolean }) {
  return async function guard(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const session = await o.sessions.resolve(request.cookies[o.names.session]);
    if (!session) {
      if (request.cookies[o.names.session]) clearSessionCookie(reply, o.names, o.secure);
      if (request.method === 'GET' && !request.routeOptions.config.webJson) {
        const next = encodeURIComponent(request.url.slice(0, 200));
        return reply.redirect(`/login?next=${next}`, 303);
      }
      throw new WebAuthError('session_required', 'Your session has ended. Log in again.');
    }
    if (opts.csrf) checkCsrf(request, session);
    request.webSession = session;
  };
}

export function sessionOf(request: FastifyRequest): ActiveSession {
  if (!request.webSession) throw new WebAuthError('session_required', 'Log in first.');
  return request.webSession;
}

/** Only local paths are followed after log-in, so the `next` parameter cannot send people elsewhere. */
export function safeNext(next: unknown): string {
  return typeof next === 'string' && /^\/app\/[A-Za-z0-9/_?=&%-]*$/.test(next) && !next.startsWith('//') ? next : '/app/convert';
}
