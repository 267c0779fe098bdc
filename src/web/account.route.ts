// Account page, API key creation and revocation, and the recent conversions list.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { AppError, isAppError } from '../errors.js';
import { planOf, requireApiAccess } from '../services/plans.js';
import type { ActiveSession } from '../services/session.service.js';
import { accountPage, revokePage, type AccountView } from './account.page.js';
import { sessionOf } from './security.js';
import { field, guards, HIDDEN, shellUser, webLimit, type WebDeps } from './web.deps.js';

const NOTICES: Record<string, string> = {
  revoked: 'The key is revoked. Requests with it now get 401.',
  ruleAdded: 'The payee rule is saved. It applies to your next conversions and downloads.',
  ruleDeleted: 'The payee rule is deleted.',
  welcome: 'Welcome! Your account is on the free plan: 5 conversions a month in the web converter.',
  kept: 'Saved. The period below applies to the results already kept too.',
};

// Notice flags are read as given (any value), so an odd or repeated flag never turns into a 400.
const AccountQuery = Type.Object({
  revoked: Type.Optional(Type.Unknown()),
  welcome: Type.Optional(Type.Unknown()),
  rule: Type.Optional(Type.Unknown()),
  kept: Type.Optional(Type.Unknown()),
});
const IdParams = Type.Object({ id: Type.String() });

export function webAccountRoute(d: WebDeps): FastifyPluginAsyncTypebox {
  const { ctx } = d;
  const g = guards(d);

  async function view(s: ActiveSession, extra: Partial<AccountView> = {}): Promise<AccountView> {
    const subject = { id: s.accountId, plan: s.plan };
    const [quota, keys, payeeRules, days] = await Promise.all([
      ctx.quota.status(subject, 'web'),
      ctx.apiKeys.list(s.accountId),
      ctx.payees.listRules(s.accountId),
      ctx.kept.daysFor(s.accountId),
    ]);
    return { user: shellUser(s), plan: planOf(s.plan), quota, keys, payeeRules, keep: { days, defaultDays: ctx.kept.defaultDays }, ...extra };
  }

  const send = (reply: FastifyReply, body: string) => reply.type('text/html; charset=utf-8').send(body);

  return async (app) => {
    app.get('/app/account', { schema: { ...HIDDEN, querystring: AccountQuery }, preValidation: g.page }, async (request, reply) => {
      const q = request.query;
      const notice =
        q.revoked === '1'
          ? NOTICES.revoked
          : q.welcome === '1'
            ? NOTICES.welcome
            : q.rule === 'added'
              ? NOTICES.ruleAdded
              : q.rule === 'deleted'
                ? NOTICES.ruleDeleted
                : q.kept === '1'
                  ? NOTICES.kept
                  : undefined;
      return send(reply, accountPage(await view(sessionOf(request), { notice })));
    });

    app.post('/app/keys', { schema: HIDDEN, preValidation: g.action }, async (request, reply) => {
      const s = sessionOf(request);
      // The one rule for keys (plans.ts), asked before the creation limit counts the attempt; the page
      // says it in its own words, pointing at its "How to upgrade" section.
      const refused = async () => send(reply.code(403), accountPage(await view(s, { error: 'API keys need a paid plan; see "How to upgrade" below.' })));
      try {
        requireApiAccess(s.plan, 'create');
      } catch (e) {
        if (isAppError(e) && e.code === 'paid_plan_required') return refused();
        throw e;
      }
      await webLimit(d, 'keys', s.accountId);
      let created;
      try {
        created = await ctx.apiKeys.create({ id: s.accountId, plan: s.plan }, field(request, 'name', 100));
      } catch (e) {
        if (isAppError(e) && e.code === 'paid_plan_required') return refused();
        if (!(e instanceof AppError) || e.code !== 'invalid_request') throw e;
        return send(reply.code(400), accountPage(await view(s, { error: e.detail })));
      }
      // The secret is in this page only: never cached, never shown again.
      reply.header('Cache-Control', 'no-store');
      return send(reply.code(201), accountPage(await view(s, { created })));
    });

    app.get('/app/keys/:id/revoke', { schema: { ...HIDDEN, params: IdParams }, preValidation: g.page }, async (request, reply) => {
      const s = sessionOf(request);
      const { id } = request.params;
      const key = (await ctx.apiKeys.list(s.accountId)).find((k) => k.id === id && k.revoked_at === null);
      if (!key) throw new AppError('not_found', 'You have no live API key with this id.');
      return send(reply, revokePage(shellUser(s), key));
    });

    app.post('/app/keys/:id/revoke', { schema: { ...HIDDEN, params: IdParams }, preValidation: g.action }, async (request, reply) => {
      const { id } = request.params;
      await ctx.apiKeys.revoke(id.slice(0, 60), sessionOf(request).accountId);
      return reply.redirect('/app/account?revoked=1', 303);
    });

    // Payee rules are for every plan: the web converter's downloads use them too.
    app.post('/app/payee-rules', { schema: HIDDEN, preValidation: g.action }, async (request, reply) => {
      const s = sessionOf(request);
      const draft = { pattern: field(request, 'pattern', 400), payee: field(request, 'payee', 400) };
      try {
        await ctx.payees.addRule(s.accountId, draft);
      } catch (e) {
        if (!isAppError(e) || e.code !== 'invalid_request') throw e;
        return send(reply.code(400), accountPage(await view(s, { error: e.detail, payeeDraft: draft })));
      }
      return reply.redirect('/app/account?rule=added#payees-h', 303);
    });

    app.post('/app/payee-rules/:id/delete', { schema: { ...HIDDEN, params: IdParams }, preValidation: g.action }, async (request, reply) => {
      const { id } = request.params;
      await ctx.payees.deleteRule(sessionOf(request).accountId, id.slice(0, 60));
      return reply.redirect('/app/account?rule=deleted#payees-h', 303);
    });

    // Unknown app pages get the friendly HTML page (after log-in) rather than the API's problem+json.
    app.get('/app/*', { schema: HIDDEN, preValidation: g.page }, async () => {
      throw new AppError('not_found', 'There is no such page.');
    });
  };
}
