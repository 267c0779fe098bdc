// Converter page: upload with progress, the verdict, warnings, totals, the transactions table,
// downloads made from the result held here, and the PDF page view for checking rows by eye.
import { formatUnits, totals } from './money.js';
import { PdfView } from './pdf-view.js';

const $ = (id) => document.getElementById(id);
const csrf = document.querySelector('meta[name="csrf-token"]').content;
const form = $('convert-form');
const fileInput = $('file');
const drop = $('drop');
const maxBytes = Number(form.dataset.maxBytes);

let current = null; // { filename, result, file }
let view = null;

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

function showError(message) {
  const box = $('convert-error');
  box.textContent = message;
  box.hidden = !message;
}

function setProgress(label, percent) {
  $('progress').hidden = label === null;
  $('progress-label').textContent = label ?? '';
  const bar = $('progress-bar');
  if (percent === undefined) bar.removeAttribute('value');
  else bar.value = percent;
}

fileInput.addEventListener('change', () => {
  const f = fileInput.files[0];
  $('file-name').textContent = f ? `Selected: ${f.name} (${Math.ceil(f.size / 1024)} KB)` : '';
});
for (const ev of ['dragenter', 'dragover']) {
  drop.addEventListener(ev, (e) => {
    e.preventDefault();
    drop.classList.add('over');
  });
}
for (const ev of ['dragleave', 'drop']) drop.addEventListener(ev, () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => {
  e.preventDefault();
  if (e.dataTransfer.files.length) {
    fileInput.files = e.dataTransfer.files;
    fileInput.dispatchEvent(new Event('change'));
  }
});

function upload(body) {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/app/convert');
    xhr.setRequestHeader('X-CSRF-Token', csrf);
    xhr.responseType = 'json';
    xhr.upload.addEventListener('progress', (e) => {
      if (e.lengthComputable && e.loaded < e.total) setProgress(`Uploading… ${Math.round((e.loaded / e.total) * 100)}%`, (e.loaded / e.total) * 100);
      else setProgress('Reading the statement…');
    });
    xhr.upload.addEventListener('load', () => setProgress('Reading the statement…'));
    xhr.addEventListener('load', () => resolve({ status: xhr.status, body: xhr.response }));
    xhr.addEventListener('error', () => reject(new Error('The connection failed. Check your network and try again.')));
    xhr.send(body);
  });
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  showError('');
  const file = fileInput.files[0];
  if (!file) return showError('Choose a statement file first.');
  if (file.size > maxBytes) return showError(`The file is over the ${Math.floor(maxBytes / 1048576)} MB limit.`);
  const body = new FormData();
  body.append('bank', $('bank').value);
  if ($('password').value) body.append('password', $('password').value);
  body.append('file', file, file.name);
  const button = $('convert-btn');
  button.disabled = true;
  setProgress('Uploading…', 0);
  try {
    const res = await upload(body);
    if (res.status !== 200) {
      const detail = res.body && res.body.detail ? res.body.detail : `The conversion failed (HTTP ${res.status}).`;
      showError(res.status === 401 ? `${detail} Reload the page to log in.` : detail);
      return;
    }
    await showResult(res.body, file);
  } catch (err) {
    showError(err.message);
  } finally {
    button.disabled = false;
    setProgress(null);
  }
});

const VERDICTS = {
  PASS: ['pass', 'PASS', () => 'Every balance on the statement agrees with the transactions read.'],
  RECONCILE_WARN: ['warn', 'RECONCILE_WARN', (r, cur, digits) => `The numbers do not add up: off by ${Math.abs(r.reconcile_diff).toFixed(digits)} ${cur}. Check the marked rows against the statement before you use this.`],
  NO_BAL: ['nobal', 'NO_BAL', () => 'The statement has no balances to check against, so nothing could be verified. Compare the totals with the statement yourself.'],
};

async function showResult(data, file) {
  const r = data.result;
  current = { filename: data.filename, result: r, file };
  const used = document.querySelector('[data-quota-used]');
  if (used) used.textContent = String(data.quota.used);
  const [cls, title, text] = VERDICTS[r.reconcile_status];
  const verdict = $('verdict');
  verdict.className = `verdict ${cls}`;
  verdict.querySelector('.verdict-status').textContent = title;
  verdict.querySelector('.verdict-text').textContent = `${text(r, r.meta.currency, r.meta.currencyExponent)} ${r.transaction_count} transactions, bank: ${r.bank}.`;

  const flagged = new Set(r.warnings.filter((w) => w.row).map((w) => w.row));
  renderWarnings(r.warnings);
  renderTotals(r.transactions);
  renderTable(r, flagged);
  $('download-status').textContent = '';
  $('result').hidden = false;
  $('result').focus();

  if (view) await view.destroy();
  view = null;
  const isPdf = r.meta.inputKind === 'pdf';
  $('pages-card').hidden = !isPdf;
  document.querySelector('.split').classList.toggle('has-pages', isPdf);
  if (isPdf) {
    view = new PdfView($('pages'));
    try {
      await view.show(file, $('password').value, r.provenance ?? [], flagged);
      $('tx-hint').textContent = 'Select a row (click it, or Tab to it and press Enter) to see it on the statement page.';
      for (const tr of document.querySelectorAll('#transactions tbody tr')) {
        if (view.hasRow(Number(tr.dataset.row))) {
          tr.classList.add('clickable');
          tr.tabIndex = 0;
        }
      }
      $('pages').dataset.ready = 'true';
    } catch (err) {
      $('pages').replaceChildren(el('p', { class: 'alert alert-error' }, `The pages could not be drawn here: ${err.message}`));
    }
  } else {
    $('tx-hint').textContent = '';
  }
}

function renderWarnings(warnings) {
  const list = $('warnings');
  list.replaceChildren(
    ...warnings.map((w) => {
      const li = el('li', { 'data-code': w.code }, el('strong', {}, w.code), ': ', w.message, ' ');
      if (w.row) {
        const b = el('button', { type: 'button', class: 'button small', 'data-row': String(w.row) }, `Show row ${w.row}`);
        b.addEventListener('click', () => selectRow(w.row));
        li.append(b);
      }
      return li;
    }),
  );
  $('warnings-card').hidden = warnings.length === 0;
}

function renderTotals(transactions) {
  const dl = $('totals');
  const items = [];
  for (const t of totals(transactions)) {
    items.push(
      el('div', {}, el('dt', {}, `Money in (${t.currency})`), el('dd', { 'data-total': 'in' }, formatUnits(t.inflow))),
      el('div', {}, el('dt', {}, `Money out (${t.currency})`), el('dd', { 'data-total': 'out' }, formatUnits(t.outflow))),
      el('div', {}, el('dt', {}, `Net (${t.currency})`), el('dd', { 'data-total': 'net' }, formatUnits(t.net))),
      el('div', {}, el('dt', {}, `Rows (${t.currency})`), el('dd', {}, String(t.count))),
    );
  }
  dl.replaceChildren(...items);
}

function renderTable(r, flagged) {
  const tbody = document.querySelector('#transactions tbody');
  const rows = r.transactions.map((t, i) => {
    const n = i + 1;
    const tr = el(
      'tr',
      { 'data-row': String(n) },
      el('td', { class: 'num' }, flagged.has(n) ? `⚠ ${n}` : String(n)),
      el('td', {}, t.Date),
      el('td', { class: 'wrap' }, t.Description),
      el('td', { class: 'num' }, t.Debit),
      el('td', { class: 'num' }, t.Credit),
      el('td', { class: 'num' }, t.Balance),
      el('td', {}, t.Currency),
    );
    if (flagged.has(n)) {
      tr.classList.add('flagged');
      tr.title = 'Named in a warning';
    }
    return tr;
  });
  tbody.replaceChildren(...rows);
}

function selectRow(n) {
  for (const tr of document.querySelectorAll('#transactions tr.selected')) tr.classList.remove('selected');
  const tr = document.querySelector(`#transactions tr[data-row="${n}"]`);
  if (tr) {
    tr.classList.add('selected');
    tr.scrollIntoView({ block: 'nearest' });
  }
  if (view) view.select(n);
}

const tbody = document.querySelector('#transactions tbody');
tbody.addEventListener('click', (e) => {
  const tr = e.target.closest('tr');
  if (tr && tr.classList.contains('clickable')) selectRow(Number(tr.dataset.row));
});
tbody.addEventListener('keydown', (e) => {
  const tr = e.target.closest('tr');
  if (tr && tr.classList.contains('clickable') && (e.key === 'Enter' || e.key === ' ')) {
    e.preventDefault();
    selectRow(Number(tr.dataset.row));
  }
});

function fileNameOf(res, fallback) {
  const cd = res.headers.get('content-disposition') || '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(cd);
  return plain ? plain[1] : fallback;
}

$('downloads').addEventListener('click', async (e) => {
  const button = e.target.closest('button[data-format]');
  if (!button || !current) return;
  const format = button.dataset.format;
  const status = $('download-status');
  status.textContent = `Preparing ${button.textContent}…`;
  const r = current.result;
  const payload = {
    filename: current.filename,
    result: { bank: r.bank, reconcile_status: r.reconcile_status, reconcile_diff: r.reconcile_diff, transactions: r.transactions, warnings: r.warnings, meta: r.meta },
  };
  try {
    const res = await fetch(`/app/render?format=${encodeURIComponent(format)}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify(payload),
      credentials: 'same-origin',
    });
    if (!res.ok) {
      const problem = await res.json().catch(() => null);
      status.textContent = problem && problem.detail ? problem.detail : `The file could not be made (HTTP ${res.status}).`;
      return;
    }
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    const a = el('a', { href: url, download: fileNameOf(res, `statement.${format}`) });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    status.textContent = `Downloaded ${a.download}.`;
  } catch (err) {
    status.textContent = err.message;
  }
});
