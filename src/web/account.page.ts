// The Account page (plan, this month's usage, API Access) and the key revocation confirmation.
import type { CreatedKey } from '../services/api-key.service.js';
import type { PayeeRule } from '../services/payee.service.js';
import { PLANS, type Plan } from '../services/plans.js';
import type { QuotaStatus } from '../services/quota.service.js';
import type { ApiKeyRow } from '../store/api-key.repository.js';
import { MAX_KEEP_DAYS } from '../services/kept-results.service.js';
import { html, type Html } from './html.js';
import { page, type ShellUser } from './layout.page.js';

const n = (x: number) => x.toLocaleString('en-GB');

export const when = (iso: string | null) => (iso ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : 'never');

export interface AccountView {
  user: ShellUser;
  plan: Plan;
  quota: QuotaStatus;
  keys: ApiKeyRow[];
  /** The account's payee rules, oldest (tried first) first. */
  payeeRules: PayeeRule[];
  /** Days results are kept (the account's choice, else the deployment's), and the deployment's default. */
  keep: { days: number; defaultDays: number };
  /** What the payee-rule form held when it was refused, to show it again. */
  payeeDraft?: { pattern: string; payee: string };
  created?: CreatedKey;
  notice?: string;
  error?: string;
}

function usage(v: AccountView): Html {
  const pct = v.quota.limit > 0 ? Math.min(100, Math.round((v.quota.used / v.quota.limit) * 100)) : 100;
  const reset = new Date(v.quota.resetAtMs).toISOString().slice(0, 10);
  return html`<section class="card" aria-labelledby="plan-h">
    <h2 id="plan-h">Plan and usage</h2>
    <dl class="facts">
      <div>
        <dt>Plan</dt>
        <dd data-testid="plan">${v.plan.name}</dd>
      </div>
      <div>
        <dt>Conversions this month</dt>
        <dd data-testid="usage">${n(v.quota.used)} of ${n(v.quota.limit)}</dd>
      </div>
      <div>
        <dt>Resets on</dt>
        <dd>${reset}</dd>
      </div>
    </dl>
    <progress max="${v.quota.limit}" value="${Math.min(v.quota.used, v.quota.limit)}" aria-label="Conversions used this month: ${pct}%">${pct}%</progress>
    <p class="hint">
      ${v.plan.apiAccess ? 'Web and API conversions count together.' : 'The free plan has 5 conversions a month in this web converter and no API access.'} Only
      successful conversions count.
    </p>
  </section>`;
}

function createdKey(k: CreatedKey): Html {
  return html`<div class="alert alert-ok new-key" role="status">
    <h3>Your new key "${k.name}"</h3>
    <p><strong>Copy it now: it is shown this once and cannot be shown again.</strong></p>
    <div class="copy-row">
      <label for="new-key" class="sr-only">New API key</label>
      <input id="new-key" class="mono" readonly value="${k.key}" data-testid="new-key" />
      <button type="button" class="primary" data-copy="new-key">Copy</button>
    </div>
    <p class="hint" data-copy-status aria-live="polite"></p>
  </div>`;
}

function keysTable(v: AccountView): Html {
  if (v.keys.length === 0) return html`<p>No keys yet.</p>`;
  return html`<div class="table-wrap">
    <table class="data cards" data-testid="keys">
      <caption class="sr-only">
        Your API keys
      </caption>
      <thead>
        <tr>
          <th scope="col">Name</th>
          <th scope="col">Key starts with</th>
          <th scope="col">Created</th>
          <th scope="col">Last used</th>
          <th scope="col">Status</th>
          <th scope="col"><span class="sr-only">Actions</span></th>
        </tr>
      </thead>
      <tbody>
        ${v.keys.map(
          (k) =>
            html`<tr data-key-id="${k.id}">
              <td data-label="Name">${k.name}</td>
              <td class="mono" data-label="Starts with">${k.prefix}…</td>
              <td data-label="Created">${when(k.created_at)}</td>
              <td data-label="Last used">${when(k.last_used_at)}</td>
              <td data-label="Status">${k.revoked_at ? html`Revoked ${when(k.revoked_at)}` : 'Active'}</td>
              <td class="card-actions">
                ${k.revoked_at ? '' : html`<a class="button danger small" href="/app/keys/${k.id}/revoke" aria-label="Revoke key ${k.name} (${k.prefix}…)">Revoke</a>`}
              </td>
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** "Starter (200 conversions a month), Pro (1,000) or Business (5,000)", from PLANS. */
function paidPlans(): string {
  const paid = Object.values(PLANS).filter((p) => p.apiAccess);
  const named = paid.map((p, i) => `${p.name} (${p.monthlyConversions.toLocaleString('en-US')}${i === 0 ? ' conversions a month' : ''})`);
  return named.length > 1 ? `${named.slice(0, -1).join(', ')} or ${named[named.length - 1]}` : named.join('');
}

function apiAccess(v: AccountView): Html {
  if (!v.plan.apiAccess) {
    return html`<section class="card" aria-labelledby="api-h" data-testid="api-access">
      <h2 id="api-h">API Access</h2>
      <p>
        The REST API (<code>POST /api/v1/convert</code>) needs a paid plan: ${paidPlans()}, web and API together. Your account is on the free plan, so API keys
        cannot be created.
      </p>
      <p>
        <strong>How to upgrade:</strong> there is no online payment yet; plans are set by the administrator of this server:
        <code>ledgerline users set-plan --email ${v.user.email} --plan pro</code>
      </p>
      ${v.keys.length ? keysTable(v) : ''}
    </section>`;
  }
  return html`<section class="card" aria-labelledby="api-h" data-testid="api-access">
    <h2 id="api-h">API Access</h2>
    <p>Send a key in the <code>X-Api-Key</code> header of requests to <code>/api/v1/…</code>. The <a href="/docs">API documentation</a> lists the endpoints.</p>
    ${v.created ? createdKey(v.created) : ''} ${keysTable(v)}
    <form method="post" action="/app/keys" class="inline-form">
      <input type="hidden" name="_csrf" value="${v.user.csrfToken}" />
      <label for="key-name">Name for a new key</label>
      <input id="key-name" name="name" maxlength="100" placeholder="e.g. Bookkeeping script" />
      <button type="submit" class="primary">Create key</button>
    </form>
  </section>`;
}

function payeeRules(v: AccountView): Html {
  const rows = v.payeeRules.length
    ? html`<div class="table-wrap">
        <table class="data" data-testid="payee-rules">
          <caption class="sr-only">
            Your payee rules, in the order they are tried
          </caption>
          <thead>
            <tr>
              <th scope="col">Description contains</th>
              <th scope="col">Payee</th>
              <th scope="col">Added</th>
              <th scope="col"><span class="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            ${v.payeeRules.map(
              (r) =>
                html`<tr data-payee-rule-id="${r.id}">
                  <td class="mono">${r.pattern}</td>
                  <td>${r.payee}</td>
                  <td>${when(r.created_at)}</td>
                  <td>
                    <form method="post" action="/app/payee-rules/${r.id}/delete" class="inline-form">
                      <input type="hidden" name="_csrf" value="${v.user.csrfToken}" />
                      <button type="submit" class="danger small" aria-label="Delete the rule for ${r.pattern}">Delete</button>
                    </form>
                  </td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>`
    : html`<p>No payee rules yet.</p>`;
  const draft = v.payeeDraft ?? { pattern: '', payee: '' };
  return html`<section class="card" aria-labelledby="payees-h" data-testid="payee-rules-section">
    <h2 id="payees-h">Payee rules</h2>
    <p>
      Every row gets a payee: the counterparty, read from its description ("VIS TESCO STORES 2341 LONDON" becomes "Tesco Stores"). It fills Xero's Payee column,
      the Payee column of Excel files, NAME in OFX/QBO and P in QIF files. Where the reading is not what you want, a rule says "descriptions containing this
      text have this payee"; rules are tried first, oldest first, in the converter and in the API (<code>/api/v1/payees/rules</code>). Text is matched without
      regard to case; <code>/regex/</code> also works.
    </p>
    ${rows}
    <form method="post" action="/app/payee-rules" class="inline-form">
      <input type="hidden" name="_csrf" value="${v.user.csrfToken}" />
      <label for="rule-pattern">Description contains</label>
      <input id="rule-pattern" name="pattern" required maxlength="200" placeholder="e.g. BRITISH GAS" value="${draft.pattern}" />
      <label for="rule-payee">Payee</label>
      <input id="rule-payee" name="payee" required maxlength="100" placeholder="e.g. British Gas" value="${draft.payee}" />
      <button type="submit" class="primary">Add rule</button>
    </form>
  </section>`;
}

function keeping(v: AccountView): Html {
  const { days, defaultDays } = v.keep;
  return html`<section class="card" aria-labelledby="keep-h" data-testid="keep-results">
    <h2 id="keep-h">Kept results</h2>
    <p>
      Each conversion's result (its rows, verdict and any corrections you save) is kept encrypted for this many days, so you can open it again from
      <a href="/app/conversions">Recent conversions</a>, correct it and download it in any format without converting again. The files you upload are never kept.
      0 keeps nothing. A shorter period applies to results already kept too; 0 deletes them now.
    </p>
    <form method="post" action="/app/keep-results" class="inline-form">
      <input type="hidden" name="_csrf" value="${v.user.csrfToken}" />
      <label for="keep-days">Keep results for (days, 0 to ${MAX_KEEP_DAYS})</label>
      <input id="keep-days" name="days" type="number" min="0" max="${MAX_KEEP_DAYS}" step="1" inputmode="numeric" required value="${days}" />
      <button type="submit" class="primary">Save</button>
    </form>
    <p class="hint">This server's default is ${defaultDays} ${defaultDays === 1 ? 'day' : 'days'}.</p>
  </section>`;
}

export function accountPage(v: AccountView): string {
  return page({
    title: 'Account',
    user: v.user,
    current: 'account',
    scripts: ['account.js'],
    body: html`<h1>Account</h1>
      ${v.notice ? html`<p class="alert alert-ok" role="status">${v.notice}</p>` : ''}
      ${v.error ? html`<p class="alert alert-error" role="alert">${v.error}</p>` : ''}
      <p>Logged in as <strong>${v.user.email}</strong>.</p>
      ${usage(v)} ${apiAccess(v)} ${keeping(v)} ${payeeRules(v)}
      <section class="card" aria-labelledby="pw-h">
        <h2 id="pw-h">Password</h2>
        <p>Password changes are done by the administrator for now: <code>ledgerline users set-password --email ${v.user.email} --password '…'</code></p>
      </section>`,
  });
}

export function revokePage(user: ShellUser, key: ApiKeyRow): string {
  return page({
    title: 'Revoke key',
    user,
    current: 'account',
    body: html`<section class="card narrow">
      <h1>Revoke this key?</h1>
      <p>Key <strong>${key.name}</strong> (<span class="mono">${key.prefix}…</span>), created ${when(key.created_at)}, last used ${when(key.last_used_at)}.</p>
      <p>Programs using it will get <code>401 invalid_api_key</code> at once. This cannot be undone.</p>
      <form method="post" action="/app/keys/${key.id}/revoke" class="actions">
        <input type="hidden" name="_csrf" value="${user.csrfToken}" />
        <button type="submit" class="danger">Revoke key</button>
        <a class="button" href="/app/account">Cancel</a>
      </form>
    </section>`,
  });
}
