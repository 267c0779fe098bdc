// The converter's many-file mode: one upload becomes a job; a row per file shows its progress and
// verdict, any finished file opens in the page for the visual check (and its corrections are saved to
// its kept result, so the ZIP takes them), and one button downloads everything as a ZIP in the chosen
// format (the last format used, by default). The job's result key lives only in this page's memory.

import { VERDICT_WORDS } from '../../../engine/verdict-words.js';
import { LAST_FORMAT } from './dom.js';
import { problemText } from './words.js';

const $ = (id) => document.getElementById(id);

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') e.className = v;
    else if (k.startsWith('data-')) e.dataset[k.slice(5)] = v;
    else e.setAttribute(k, v);
  }
  for (const c of children) e.append(c ?? '');
  return e;
}

const STATUS = { queued: 'Waiting', running: 'Converting…', done: 'Done', failed: 'Failed' };
const LABEL = Object.fromEntries(Object.entries(VERDICT_WORDS).map(([k, v]) => [k, v.badge]));
const BADGE = { PASS: 'badge-pass', RECONCILE_WARN: 'badge-warn', NO_BAL: 'badge-nobal' };

function post(url, body, csrf, onProgress) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('X-CSRF-Token', csrf);
    xhr.responseType = 'json';
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable) onProgress(e.loaded / e.total);
    });
    xhr.addEventListener('load', () => resolve({ status: xhr.status, body: xhr.response }));
    xhr.addEventListener('error', () => reject(new Error('The connection failed. Check your network and try again.')));
    xhr.send(body);
  });
}

/**
 * Uploads `files` as one job and follows it. `ui` gives: csrf, bank, currency, password, setProgress(label, pct),
 * showError(message), open(data, file) to show one result, onQuota(quota), fileOptions() (URLSearchParams).
 */
export async function runBatch(files, ui) {
  const select = $('batch-format');
  const last = localStorage.getItem(LAST_FORMAT);
  select.value = last && select.querySelector(`option[value="${CSS.escape(last)}"]`) ? last : 'xlsx';
  const body = new FormData();
  body.append('bank', ui.bank);
  if (ui.currency) body.append('currency', ui.currency);
  if (ui.password) body.append('password', ui.password);
  for (const f of files) body.append('file', f, f.name);
  ui.setProgress('Uploading…', 0);
  const res = await post('/app/jobs', body, ui.csrf, (p) => ui.setProgress(p < 1 ? `Uploading… ${Math.round(p * 100)}%` : 'Queued…', p * 100));
  if (res.status !== 202) {
    ui.showError(problemText(res.status, res.body, { passwordGiven: Boolean(ui.password) }));
    return;
  }
  const job = res.body;
  const key = job.result_key;
  // A ZIP upload has no File per entry: those results open without the page view.
  const byName = new Map();
  for (const f of files) if (!byName.has(f.name)) byName.set(f.name, f);
  const section = $('batch');
  section.hidden = false;
  $('result').hidden = true;
  const tbody = $('batch-table').querySelector('tbody');
  const rows = job.files.map((f) => {
    const open = el('button', { type: 'button', class: 'button small', disabled: '' }, 'Open');
    open.addEventListener('click', async () => {
      open.disabled = true;
      try {
        const r = await fetch(`/app/jobs/${encodeURIComponent(job.id)}/files/${f.index}`, { headers: { 'X-Job-Key': key }, credentials: 'same-origin' });
        const data = await r.json();
        if (!r.ok) return ui.showError(data.detail || `The result could not be opened (HTTP ${r.status}).`);
        for (const tr of tbody.querySelectorAll('tr.selected')) tr.classList.remove('selected');
        tr.classList.add('selected');
        await ui.open({ ...data, quota: null }, byName.get(f.filename) ?? null);
      } finally {
        open.disabled = false;
      }
    });
    const tr = el(
      'tr',
      { 'data-index': String(f.index) },
      el('td', { class: 'num', 'data-label': '#' }, String(f.index + 1)),
      el('td', { class: 'wrap', 'data-label': 'File' }, f.filename),
      el('td', { 'data-cell': 'status', 'data-label': 'Status' }, STATUS.queued),
      el('td', { 'data-cell': 'verdict', 'data-label': 'Verdict' }, ''),
      el('td', { class: 'num', 'data-cell': 'rows', 'data-label': 'Rows' }, ''),
      el('td', { class: 'card-actions' }, open),
    );
    return { tr, open };
  });
  tbody.replaceChildren(...rows.map((r) => r.tr));
  ui.setProgress(null);

  const download = $('batch-download');
  download.disabled = false;
  download.onclick = async () => {
    const format = $('batch-format').value;
    const status = $('batch-download-status');
    status.textContent = 'Preparing the ZIP…';
    localStorage.setItem(LAST_FORMAT, format);
    const query = ui.fileOptions ? ui.fileOptions() : new URLSearchParams();
    query.set('format', format);
    try {
      const r = await fetch(`/app/jobs/${encodeURIComponent(job.id)}/archive?${query}`, {
        headers: { 'X-Job-Key': key },
        credentials: 'same-origin',
      });
      if (!r.ok) {
        const problem = await r.json().catch(() => null);
        status.textContent = problem && problem.detail ? problem.detail : `The ZIP could not be made (HTTP ${r.status}).`;
        return;
      }
      const url = URL.createObjectURL(await r.blob());
      const a = el('a', { href: url, download: `statements-${format}.zip` });
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      status.textContent = `Downloaded ${a.download}.`;
    } catch (err) {
      status.textContent = err.message;
    }
  };

  let delay = 500;
  for (;;) {
    const r = await fetch(`/app/jobs/${encodeURIComponent(job.id)}`, { credentials: 'same-origin' });
    if (!r.ok) {
      const problem = await r.json().catch(() => null);
      ui.showError(problem && problem.detail ? problem.detail : `The job could not be read (HTTP ${r.status}).`);
      return;
    }
    const state = await r.json();
    for (const f of state.files) {
      const row = rows[f.index];
      if (!row) continue;
      row.tr.querySelector('[data-cell="status"]').textContent =
        f.status === 'failed'
          ? `Not converted: ${problemText(0, { code: f.error_code, detail: f.error_detail || '' }, { passwordGiven: Boolean(ui.password) })}`
          : STATUS[f.status];
      const verdict = row.tr.querySelector('[data-cell="verdict"]');
      verdict.replaceChildren(
        f.reconcile_status
          ? el('span', { class: `badge ${BADGE[f.reconcile_status]}`, 'data-status': f.reconcile_status }, LABEL[f.reconcile_status])
          : f.status === 'failed'
            ? el('span', { class: 'badge badge-fail', 'data-code': f.error_code }, 'Not converted')
            : '',
      );
      row.tr.querySelector('[data-cell="rows"]').textContent = f.transaction_count === null ? '' : String(f.transaction_count);
      row.open.disabled = f.status !== 'done';
      row.tr.dataset.status = f.status;
    }
    const p = state.progress;
    $('batch-status').textContent = `${p.finished} of ${p.total} files finished${p.failed ? ` (${p.failed} failed)` : ''}.`;
    if (state.quota) ui.onQuota(state.quota);
    if (state.status === 'done' || state.status === 'failed') {
      section.dataset.state = state.status;
      return;
    }
    await new Promise((res) => setTimeout(res, delay));
    delay = Math.min(3000, delay + 250);
  }
}
