// Recent conversions: the same 100-record list as GET /api/v1/conversions, web and API alike, in words
// (banks by name, verdicts in plain words, the API's codes kept in data attributes), with each kept
// result's date of expiry and what can be done with it: open it on the converter page, download it
// again, delete it.
import { listBanks } from '../engine/profiles/index.js';
import { VERDICT_WORDS } from '../engine/verdict-words.js';
import { ERROR_TABLE, type ErrorCode } from '../errors.js';
import { FILE_FORMATS, writerFor, type FileFormat } from '../formats/index.js';
import type { presentConversion } from '../http/conversion.presenter.js';
import { html } from './html.js';
import { page, type ShellUser } from './layout.page.js';
import { when } from './account.page.js';

type Record = ReturnType<typeof presentConversion>;

const size = (n: number | null) => (n === null ? '' : n < 1024 ? `${n} B` : n < 1048576 ? `${(n / 1024).toFixed(1)} KB` : `${(n / 1048576).toFixed(1)} MB`);

// Words for people; the API's codes stay in data attributes.
const BADGES: { [k: string]: [string, string] } = {
  PASS: ['pass', VERDICT_WORDS.PASS.badge],
  RECONCILE_WARN: ['warn', VERDICT_WORDS.RECONCILE_WARN.badge],
  NO_BAL: ['nobal', VERDICT_WORDS.NO_BAL.badge],
};

const BANK_NAMES = new Map(listBanks().map((b) => [b.id, b.name]));

/** A bank id in words: its profile's name, "Not recognised" for the generic reading. */
export const bankName = (id: string | null): string => (id === null || id === 'auto' ? '' : id === 'generic' ? 'Not recognised' : (BANK_NAMES.get(id) ?? id));

const day = (iso: string) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function verdict(r: Record) {
  if (r.status === 'failed') {
    const title = r.error_code && r.error_code in ERROR_TABLE ? ERROR_TABLE[r.error_code as ErrorCode].title.toLowerCase() : 'error';
    return html`<span class="badge badge-fail" data-code="${r.error_code ?? ''}">Not converted</span> <span class="diff">${title}</span>`;
  }
  const s = r.reconcile_status ?? '';
  const [cls, words] = BADGES[s] ?? BADGES.NO_BAL;
  return html`<span class="badge badge-${cls}" data-status="${s}">${words}</span
    >${s === 'RECONCILE_WARN' && r.reconcile_diff ? html` <span class="diff">off by ${Math.abs(r.reconcile_diff).toLocaleString('en-GB', { minimumFractionDigits: 2 })}</span>` : ''}${r.corrected_at ? html` <span class="tag" data-corrected="">corrected</span>` : ''}`;
}

/** What came out: web conversions are shown on the page (their API format is json). */
const output = (r: Record) =>
  r.source === 'web' && r.format === 'json'
    ? 'Shown on the page'
    : r.format === 'json'
      ? 'JSON'
      : (FILE_FORMATS as readonly string[]).includes(r.format)
        ? writerFor(r.format as FileFormat).label
        : r.format;

function actions(r: Record, csrf: string) {
  if (!r.kept_until) return html`<span class="hint">${r.status === 'failed' ? '' : 'Not kept'}</span>`;
  return html`<div class="kept-actions">
    <a class="button small" href="/app/convert?open=${encodeURIComponent(r.id)}" data-open="${r.id}">Open</a>
    <form method="get" action="/app/conversions/${r.id}/file" class="inline-form download-form">
      <label class="sr-only" for="fmt-${r.id}">Format for ${r.filename}</label>
      <select id="fmt-${r.id}" name="format">
        ${FILE_FORMATS.map((f) => html`<option value="${f}" ${f === 'xlsx' ? html` selected` : ''}>${writerFor(f).label}</option>`)}
      </select>
      <button type="submit" class="button small">Download</button>
    </form>
    <form method="post" action="/app/conversions/${r.id}/delete" class="inline-form">
      <input type="hidden" name="_csrf" value="${csrf}" />
      <button type="submit" class="danger small" aria-label="Delete the kept result of ${r.filename}">Delete</button>
    </form>
  </div>`;
}

export interface KeepingView {
  /** The account's keeping period in days (0: none kept). */
  days: number;
  deleted: boolean;
}

export function conversionsPage(user: ShellUser, records: Record[], keeping: KeepingView): string {
  const body = records.length
    ? html`<div class="table-wrap">
        <table class="data cards conversions" data-testid="conversions">
          <caption class="sr-only">
            Your 100 most recent conversions, newest first
          </caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">File</th>
              <th scope="col">Bank</th>
              <th scope="col" class="num">Rows</th>
              <th scope="col">Result</th>
              <th scope="col">Kept until</th>
              <th scope="col"><span class="sr-only">Actions</span></th>
            </tr>
          </thead>
          <tbody>
            ${records.map(
              (r) =>
                html`<tr data-conversion="${r.id}">
                  <td data-label="When">${when(r.created_at)}</td>
                  <td class="wrap" data-label="File">
                    ${r.filename || '(no file)'}
                    <span class="hint"
                      >${[
                        r.file_type?.toUpperCase(),
                        size(r.file_size),
                        r.page_count ? `${r.page_count} ${r.page_count === 1 ? 'page' : 'pages'}` : '',
                        r.source === 'web' ? 'web' : 'API',
                        output(r),
                      ]
                        .filter(Boolean)
                        .join(' · ')}</span
                    >
                  </td>
                  <td data-label="Bank" data-bank="${r.bank ?? ''}">${bankName(r.bank)}</td>
                  <td class="num" data-label="Rows">${r.transaction_count ?? ''}</td>
                  <td data-label="Result">${verdict(r)}</td>
                  <td data-label="Kept until" data-kept="${r.kept_until ?? ''}">${r.kept_until ? day(r.kept_until) : ''}</td>
                  <td class="card-actions">${actions(r, user.csrfToken)}</td>
                </tr>`,
            )}
          </tbody>
        </table>
      </div>`
    : html`<p>No conversions yet. <a href="/app/convert">Convert a statement</a>.</p>`;
  const keeps =
    keeping.days > 0
      ? html`Results are kept for ${keeping.days} ${keeping.days === 1 ? 'day' : 'days'}, encrypted, so you can open them again, correct them and download them
          in any format; the files you uploaded are never kept. Change how long on the <a href="/app/account#keep-h">Account</a> page.`
      : html`Your account keeps no results (set on the <a href="/app/account#keep-h">Account</a> page): only these details are kept, never files or their
          transactions.`;
  return page({
    title: 'Recent conversions',
    user,
    current: 'conversions',
    body: html`<h1>Recent conversions</h1>
      ${keeping.deleted ? html`<p class="alert alert-ok" role="status">The kept result is deleted.</p>` : ''}
      <p>Your 100 most recent conversions from this web converter and the API, newest first. ${keeps}</p>
      ${body}`,
  });
}
