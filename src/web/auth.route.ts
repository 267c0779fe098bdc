// Log-in, sign-up and log-out. Forms post url-encoded bodies; answers are pages or 303 redirects.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AuthOutcome } from '../services/session-auth.service.js';
import { loginPage, signupPage } from './auth.page.js';
import { checkCsrf, checkPreCsrf, clearSessionCookie, preCsrfToken, safeNext, setSessionCookie } from './security.js';
import { field, HIDDEN, webLimit, type WebDeps } from './web.deps.js';

// Read as given (any value): safeNext judges `next`, and an odd value never turns into a 400.
const LoginQuery = Type.Object({ out: Type.Optional(Type.Unknown()), next: Type.Optional(Type.Unknown()) });

export function webAuthRoute(d: WebDeps): FastifyPluginAsyncTypebox {
  const { names, secure } = d;
  const current = (request: FastifyRequest) => d.sessions.resolve(request.cookies[names.session]);

  function finish(reply: FastifyReply, outcome: Extract<AuthOutcome, { ok: true }>, next: string) {
    setSessionCookie(reply, names, secure, outcome.session, d.ctx.clock());
    return reply.redirect(next, 303);
  }

  function refused(reply: FastifyReply, outcome: Exclude<AuthOutcome, { ok: true }>) {
    if (outcome.reason === 'throttled') reply.header('Retry-After', String(outcome.retryAfter)).code(429);
    else reply.code(outcome.reason === 'invalid' ? 401 : 400);
    return reply.type('text/html; charset=utf-8');
  }

  return async (app) => {
    app.get('/', { schema: HIDDEN }, async (request, reply) => reply.redirect((await current(request)) ? '/app/convert' : '/login', 303));

    app.get('/login', { schema: { ...HIDDEN, querystring: LoginQuery } }, async (request, reply) => {
      if (await current(request)) return reply.redirect('/app/convert', 303);
      const q = request.query;
      const notice = q.out === '1' ? 'You are logged out.' : undefined;
      return reply.type('text/html; charset=utf-8').send(loginPage({ csrf: preCsrfToken(request, reply, names, secure), next: safeNext(q.next), notice }));
    });

    app.post('/login', { schema: HIDDEN }, async (request, reply) => {
      checkPreCsrf(request, names);
      await webLimit(d, 'login', request.ip);
      const email = field(request, 'email', 320);
      const next = safeNext(field(request, 'next', 200));
      const outcome = await d.auth.login(email, field(request, 'password', 1000), request.ip);
      if (outcome.ok) {
        // The old session (if any) ends: a new log-in always gets a new token.
        await d.sessions.destroy(request.cookies[names.session]);
        await d.sessions.purgeExpired().catch(() => 0);
        return finish(reply, outcome, next);
      }
      return refused(reply, outcome).send(loginPage({ csrf: preCsrfToken(request, reply, names, secure), email, error: outcome.message, next }));
    });

    app.get('/signup', { schema: HIDDEN }, async (request, reply) => {
      if (await current(request)) return reply.redirect('/app/convert', 303);
      return reply.type('text/html; charset=utf-8').send(signupPage({ csrf: preCsrfToken(request, reply, names, secure) }));
    });

    app.post('/signup', { schema: HIDDEN }, async (request, reply) => {
      checkPreCsrf(request, names);
      await webLimit(d, 'signup', request.ip);
      const email = field(request, 'email', 320);
      const outcome = await d.auth.signup(email, field(request, 'password', 1000), request.ip);
      if (outcome.ok) {
        await d.sessions.destroy(request.cookies[names.session]);
        return finish(reply, outcome, '/app/convert?welcome=1');
      }
      return refused(reply, outcome).send(signupPage({ csrf: preCsrfToken(request, reply, names, secure), email, error: outcome.message }));
    });

    app.post('/logout', { schema: HIDDEN }, async (request, reply) => {
      const session = await current(request);
      if (session) {
        checkCsrf(request, session);
        await d.sessions.destroy(request.cookies[names.session]);
      }
      clearSessionCookie(reply, names, secure);
      return reply.redirect('/login?out=1', 303);
    });
  };
}
