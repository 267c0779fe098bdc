// The web face of the service: pages, sessions and the converter, on the same fastify server.
// Cookie and form-body parsing are registered inside this encapsulated plugin, so the API's
// multipart and JSON handling is untouched.
import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance } from 'fastify';
import { FlexibleFailureLimiter } from '../adapters/limiter/failure-limiter.js';
import { SlowDownLimiter } from '../adapters/limiter/slow-down.js';
import { windowLimiter } from '../adapters/limiter/window-limiter.js';
import { WEB_LIMITS } from '../services/plans.js';
import type { AppContext } from '../context.js';
import { isAppError } from '../errors.js';
import { sendProblem } from '../http/problem.js';
import { SessionAuthService } from '../services/session-auth.service.js';
import { webAccountRoute } from './account.route.js';
import { errorPage } from './auth.page.js';
import { webAuthRoute } from './auth.route.js';
import { webConvertRoute } from './convert.route.js';
import { webConversionsRoute } from './conversions.route.js';
import { webJobsRoute } from './jobs.route.js';
import { cookieNames, securityHeaders, WebAuthError } from './security.js';
import { webStaticRoute } from './static.route.js';
import { shellUser, type WebDeps } from './web.deps.js';

/** Failed log-ins per client address (any emails) in 15 minutes before that address must wait out the window. */
export const LOGIN_LIMIT_PER_ADDRESS = 20;
/** Failed log-ins per (email, address) before each further try waits (1 s, doubling, at most LOGIN_MAX_DELAY_S); never a lock-out of the email. */
export const LOGIN_FREE_FAILURES_PER_PAIR = 5;
export const LOGIN_MAX_DELAY_S = 60;
export const LOGIN_WINDOW_S = 900;

export function buildWebDeps(ctx: AppContext, log: (err: unknown) => void = () => {}): WebDeps {
  const { sessions } = ctx;
  const prefix = `${ctx.config.redisPrefix}weblogin:`;
  const limiters = {
    byAddress: new FlexibleFailureLimiter(LOGIN_LIMIT_PER_ADDRESS, LOGIN_WINDOW_S, ctx.redis ?? undefined, `${prefix}addr`),
    byPair: new SlowDownLimiter(LOGIN_FREE_FAILURES_PER_PAIR, LOGIN_WINDOW_S, LOGIN_MAX_DELAY_S, ctx.redis ?? undefined, `${prefix}pair`),
  };
  const rate = Object.fromEntries(
    Object.entries(WEB_LIMITS).map(([name, l]) => [name, windowLimiter(ctx.redis, `${ctx.config.redisPrefix}web:${name}:`, l.limit, l.windowMs)]),
  ) as WebDeps['rate'];
  const auth = new SessionAuthService(ctx.accounts, sessions, limiters, log);
  const secure = ctx.config.cookieSecure;
  return { ctx, sessions, auth, names: cookieNames(secure), secure, rate, log };
}

/** A cookie's value from the raw header (the 404 page is answered outside this feature's cookie plugin). */
const cookieValue = (header: string | undefined, name: string): string | undefined => {
  for (const part of (header ?? '').split(';')) {
    const i = part.indexOf('=');
    if (i > 0 && part.slice(0, i).trim() === name) return part.slice(i + 1).trim();
  }
  return undefined;
};

export async function webFeature(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const deps = buildWebDeps(ctx, (err) => app.log.warn({ err }, 'web log-in limiter unavailable; failing open'));
  // A mistyped address in a browser gets a page in the product's look (API paths keep problem+json).
  app.notFoundPages.push(async (request, reply, path) => {
    const token = cookieValue(request.headers.cookie, deps.names.session);
    const session = token ? await ctx.sessions.resolve(token).catch(() => null) : null;
    securityHeaders(reply);
    return errorPage(
      404,
      `There is no page at ${path}. Check the address, or start again from the ${session ? 'converter' : 'log-in page'}.`,
      session ? shellUser(session) : null,
    );
  });
  await app.register(async (web) => {
    await web.register(cookie);
    await web.register(formbody, { bodyLimit: 64 * 1024 });
    web.addHook('onSend', async (request, reply, payload) => {
      securityHeaders(reply);
      if (String(reply.getHeader('content-type') ?? '').startsWith('text/html')) reply.header('Cache-Control', 'no-store');
      return payload;
    });
    web.setErrorHandler((error: FastifyError, request, reply) => {
      const json = request.routeOptions.config?.webJson === true;
      const user = request.webSession ? shellUser(request.webSession) : null;
      if (error instanceof WebAuthError) {
        if (json) return sendProblem(reply, request, error);
        return reply
          .code(error.status)
          .type('text/html; charset=utf-8')
          .send(errorPage(error.status, error.detail, user));
      }
      // JSON endpoints answer problem+json through the API's own handler.
      if (json) throw error;
      if (isAppError(error) && error.retryAfter) reply.header('Retry-After', String(error.retryAfter));
      let status = isAppError(error) ? error.status : (error.statusCode ?? 500);
      if (status < 400) status = 500;
      if (status >= 500) request.log.error({ err: error }, 'web page error');
      const message = isAppError(error)
        ? error.detail
        : status < 500
          ? 'The request could not be read. Go back and try again.'
          : `Something went wrong on our side. It has been logged (request ${request.id}).`;
      return reply
        .code(status)
        .type('text/html; charset=utf-8')
        .send(errorPage(status, message, user));
    });
    await web.register(webStaticRoute());
    await web.register(webAuthRoute(deps));
    await web.register(webAccountRoute(deps));
    await web.register(webConvertRoute(deps));
    await web.register(webConversionsRoute(deps));
    await web.register(webJobsRoute(deps));
  });
}
