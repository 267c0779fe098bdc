// Recent conversions: the same 100-record metadata list as GET /api/v1/conversions, web and API alike.
import type { presentConversion } from '../api/conversions/conversions.route.js';
import { html } from './html.js';
import { page, type ShellUser } from './layout.page.js';
import { when } from './account.page.js';

type Record = ReturnType<typeof presentConversion>;

const size = (n: number | null) => (n === null ? '' : n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`);

function verdict(r: Record) {
  if (r.status === 'failed') return html`<span class="badge badge-fail">Failed: ${r.error_code ?? 'error'}</span>`;
  const s = r.reconcile_status ?? '';
  const cls = s === 'PASS' ? 'pass' : s === 'RECONCILE_WARN' ? 'warn' : 'nobal';
  return html`<span class="badge badge-${cls}">${s}</span>${s === 'RECONCILE_WARN' && r.reconcile_diff !== null ? html` <span class="diff">diff ${r.reconcile_diff}</span>` : ''}`;
}

export function conversionsPage(user: ShellUser, records: Record[]): string {
  const body = records.length
    ? html`<div class="table-wrap"><table class="data" data-testid="conversions">
  <caption class="sr-only">Your 100 most recent conversions, newest first</caption>
  <thead><tr><th scope="col">When</th><th scope="col">File</th><th scope="col">Bank</th><th scope="col">Rows</th><th scope="col">Result</th><th scope="col">Format</th><th scope="col">Via</th></tr></thead>
  <tbody>${records.map(
    (r) => html`<tr>
    <td>${when(r.created_at)}</td>
    <td class="wrap">${r.filename || '(no file)'} <span class="hint">${[r.file_type?.toUpperCase(), size(r.file_size), r.page_count ? `${r.page_count} pages` : ''].filter(Boolean).join(' · ')}</span></td>
    <td>${r.bank ?? ''}</td>
    <td class="num">${r.transaction_count ?? ''}</td>
    <td>${verdict(r)}</td>
    <td>${r.format}</td>
    <td>${r.source === 'web' ? 'Web' : 'API'}</td>
  </tr>`,
  )}</tbody></table></div>`
    : html`<p>No conversions yet. <a href="/app/convert">Convert a statement</a>.</p>`;
  return page({
    title: 'Recent conversions',
    user,
    current: 'conversions',
    body: html`<h1>Recent conversions</h1>
<p>Your 100 most recent conversions from this web converter and the API, newest first. Only these details are kept: never the files or their transactions.</p>
${body}`,
  });
}
