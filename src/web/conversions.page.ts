// Recent conversions: the same 100-record metadata list as GET /api/v1/conversions, web and API alike.
import type { presentConversion } from '../http/conversion.presenter.js';
import { ERROR_TABLE, type ErrorCode } from '../errors.js';
import { html } from './html.js';
import { page, type ShellUser } from './layout.page.js';
import { when } from './account.page.js';

type Record = ReturnType<typeof presentConversion>;

const size = (n: number | null) => (n === null ? '' : n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`);

// Words for people; the API's codes stay in data attributes.
const VERDICT_WORDS: { [k: string]: [string, string] } = { PASS: ['pass', 'Checked'], RECONCILE_WARN: ['warn', 'Check it'], NO_BAL: ['nobal', 'Not checked'] };

function verdict(r: Record) {
  if (r.status === 'failed') {
    const title = r.error_code && r.error_code in ERROR_TABLE ? ERROR_TABLE[r.error_code as ErrorCode].title.toLowerCase() : 'error';
    return html`<span class="badge badge-fail" data-code="${r.error_code ?? ''}">Not converted</span> <span class="diff">${title}</span>`;
  }
  const s = r.reconcile_status ?? '';
  const [cls, words] = VERDICT_WORDS[s] ?? ['nobal', s];
  return html`<span class="badge badge-${cls}" data-status="${s}">${words}</span
    >${s === 'RECONCILE_WARN' && r.reconcile_diff ? html` <span class="diff">off by ${Math.abs(r.reconcile_diff).toLocaleString('en-GB', { minimumFractionDigits: 2 })}</span>` : ''}`;
}

/** What came out: web conversions are shown on the page (their API format is json). */
const output = (r: Record) => (r.source === 'web' && r.format === 'json' ? 'Shown on the page' : r.format === 'json' ? 'JSON' : r.format.toUpperCase());

export function conversionsPage(user: ShellUser, records: Record[]): string {
  const body = records.length
    ? html`<div class="table-wrap">
        <table class="data cards" data-testid="conversions">
          <caption class="sr-only">
            Your 100 most recent conversions, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">File</th>
              <th scope="col">Bank</th>
              <th scope="col">Rows</th>
              <th scope="col">Result</th>
              <th scope="col">Output</th>
              <th scope="col">Via</th>
            </tr>
          </thead>
          <tbody>
            ${records.map(
              (r) =>
                html`<tr>
                  <td data-label="When">${when(r.created_at)}</td>
                  <td class="wrap" data-label="File">
                    ${r.filename || '(no file)'}
                    <span class="hint"
                      >${[r.file_type?.toUpperCase(), size(r.file_size), r.page_count ? `${r.page_count} pages` : ''].filter(Boolean).join(' · ')}</span
                    >
                  </td>
                  <td data-label="Bank">${r.bank === 'generic' ? 'Not recognised' : (r.bank ?? '')}</td>
                  <td class="num" data-label="Rows">${r.transaction_count ?? ''}</td>
                  <td data-label="Result">${verdict(r)}</td>
                  <td data-label="Output">${output(r)}</td>
                  <td data-label="Via">${r.source === 'web' ? 'Web' : 'API'}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>`
    : html`<p>No conversions yet. <a href="/app/convert">Convert a statement</a>.</p>`;
  return page({
    title: 'Recent conversions',
    user,
    current: 'conversions',
    body: html`<h1>Recent conversions</h1>
      <p>
        Your 100 most recent conversions from this web converter and the API, newest first. Only these details are kept: never the files or their transactions.
      </p>
      ${body}`,
  });
}
