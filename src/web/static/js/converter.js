// Converter page: upload with progress; one result at a time (always naming its file): the verdict,
// warnings, totals and transactions in plain words; corrections (edit, add, delete rows) with the
// balance check run again here after each one, saved to the kept result when the account keeps
// results; a kept result reopened from Recent conversions (?open=ID); downloads made from the corrected
// rows with the file options chosen; and the PDF page viewer for checking rows by eye.
import { $, el, LAST_FORMAT } from './dom.js';
import { PdfView, ZOOMS } from './pdf-view.js';
import { runBatch } from './batch.js';
import { renderProof } from './proof-view.js';
import { renderTable, renderTotals, renderWarnings } from './result-view.js';
import { lowCells, Review } from './review.js';
import { setupEditor } from './row-editor.js';
import { problemText, VERDICTS, verdictSentence } from './words.js';

const csrf = document.querySelector('meta[name="csrf-token"]').content;
const form = $('convert-form');
const fileInput = $('file');
const drop = $('drop');
const maxBytes = Number(form.dataset.maxBytes);

let review = null; // the result on the page (Review), or null
const narrow = window.matchMedia('(max-width: 40rem)');
const OPTIONS = 'll-file-options';
let source = null; // { data, file } of that result, for "Undo all corrections"
let view = null; // PdfView of a PDF result
let selectedKey = null;

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

function setQuota(q) {
  if (!q) return;
  const used = document.querySelector('[data-quota-used]');
  if (used) used.textContent = String(q.used);
  if (q.remaining !== undefined && q.remaining <= 0) {
    $('quota-out').hidden = false;
    $('convert-btn').disabled = true;
    $('convert-btn').setAttribute('aria-describedby', 'quota-out');
  }
}
const quotaUsedUp = () => !$('quota-out').hidden;

fileInput.addEventListener('change', () => {
  const f = fileInput.files[0];
  const n = fileInput.files.length;
  $('file-name').textContent = n > 1 ? `Selected: ${n} files` : f ? `Selected: ${f.name} (${Math.ceil(f.size / 1024)} KB)` : '';
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

/** Takes the previous result off the page, so a failure never sits above another file's rows. */
async function clearResult() {
  review = null;
  source = null;
  selectedKey = null;
  $('result').hidden = true;
  $('download-status').textContent = '';
  $('kept-status').textContent = '';
  document.querySelector('#transactions tbody').replaceChildren();
  $('pages').replaceChildren();
  delete $('pages').dataset.ready;
  if (view) await view.destroy();
  view = null;
}

form.addEventListener('submit', async (e) => {
  e.preventDefault();
  showError('');
  if (quotaUsedUp()) return;
  const file = fileInput.files[0];
  if (!file) return showError('Choose a statement file first.');
  await clearResult();
  const big = Array.from(fileInput.files).find((f) => f.size > maxBytes);
  if (fileInput.files.length > 1 || /\.zip$/i.test(file.name)) {
    if (big) return showError(`${big.name} is over the ${Math.floor(maxBytes / 1048576)} MB limit. Split it into shorter periods, or export it as CSV.`);
    if (fileInput.files.length > 100) return showError('Choose at most 100 files at once.');
    return batch(Array.from(fileInput.files));
  }
  if (file.size > maxBytes)
    return showError(`${file.name} is over the ${Math.floor(maxBytes / 1048576)} MB limit. Split it into shorter periods, or export it as CSV.`);
  $('batch').hidden = true;
  const body = new FormData();
  body.append('bank', $('bank').value);
  if ($('currency').value.trim()) body.append('currency', $('currency').value.trim());
  if ($('password').value) body.append('password', $('password').value);
  body.append('file', file, file.name);
  const button = $('convert-btn');
  button.disabled = true;
  setProgress('Uploading…', 0);
  try {
    const res = await upload(body);
    if (res.status !== 200) {
      showError(`${file.name}: ${problemText(res.status, res.body, { passwordGiven: Boolean($('password').value) })}`);
      if (res.body && res.body.code === 'monthly_limit_reached')
        setQuota({ used: Number(document.querySelector('[data-quota-limit]').dataset.quotaLimit), remaining: 0 });
      return;
    }
    await showResult(res.body, file);
  } catch (err) {
    showError(err.message);
  } finally {
    button.disabled = quotaUsedUp();
    setProgress(null);
  }
});

async function batch(files) {
  const button = $('convert-btn');
  button.disabled = true;
  try {
    await runBatch(files, {
      csrf,
      bank: $('bank').value,
      currency: $('currency').value.trim(),
      password: $('password').value,
      setProgress,
      showError,
      open: async (data, file) => {
        await clearResult();
        await showResult(data, file);
      },
      onQuota: setQuota,
      fileOptions,
    });
  } catch (err) {
    showError(err.message);
  } finally {
    button.disabled = quotaUsedUp();
    setProgress(null);
  }
}

const longDate = (iso) => new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** What happens to corrections: saved with the kept result, or kept on this page only. */
function keptText(r) {
  return r.keptId
    ? `Kept until ${longDate(r.keptUntil)}: open it again from Recent conversions. Corrections you make are saved with it.`
    : 'This result is not kept (your account keeps no results, see Account): corrections stay on this page only.';
}

function bankName(id) {
  if (id === 'generic') return 'not recognised (generic reading)';
  const o = document.querySelector(`#bank option[value="${CSS.escape(id)}"]`);
  return o ? o.textContent : id;
}

async function showResult(data, file) {
  review = new Review(data);
  source = { data, file };
  setQuota(data.quota);
  $('result-file').textContent = data.filename;
  renderAll();
  $('kept-status').textContent = keptText(review);
  $('result').hidden = false;
  // The verdict first, on a phone too: the result's head at the top of the screen.
  $('result').focus({ preventScroll: true });
  $('result').scrollIntoView({ block: 'start' });
  await showPages(file);
}

/** The statement's pages beside the rows, drawn from the user's own PDF (a kept result's file is never kept: the user may choose it again). */
async function showPages(file) {
  const pdfResult = review.meta.inputKind === 'pdf';
  // A file from a ZIP, or a reopened result, has no File object here to draw pages from.
  const isPdf = pdfResult && Boolean(file);
  $('pages-card').hidden = !isPdf;
  $('pages-pick').hidden = !pdfResult || isPdf;
  document.querySelector('.split').classList.toggle('has-pages', isPdf);
  if (!isPdf) {
    $('tx-hint').textContent = 'Press ✎ on a row to correct it; the check runs again at once.';
    return;
  }
  if (view) await view.destroy();
  const mine = review;
  $('zoom-level').textContent = '100%';
  $('zoom-out').disabled = false;
  $('zoom-in').disabled = false;
  view = new PdfView($('pages'), { onSelect: (key) => selectKey(key, 'page') });
  try {
    await view.show(
      file,
      $('password').value,
      review.rows.map((x) => ({ key: x.key, p: review.provenance(x) })),
    );
    if (review !== mine) return;
    $('tx-hint').textContent = 'Select a row (click it, or Tab to it and press Enter) to see it outlined on the statement page; press ✎ to correct it.';
    renderAll();
    $('pages').dataset.ready = 'true';
  } catch (err) {
    if (review === mine)
      $('pages').replaceChildren(
        el('p', { class: 'alert alert-error' }, `The pages could not be drawn here (${err.message}). The rows above are not affected.`),
      );
  }
}

/** Everything that depends on the rows: verdict, corrections note, warnings, totals, table, page marks. */
function renderAll() {
  const r = review;
  const v = r.verdict();
  const meta = r.meta;
  const verdict = $('verdict');
  const shown = VERDICTS[v.reconcile_status];
  verdict.className = `verdict ${shown.cls}`;
  verdict.dataset.status = v.reconcile_status;
  verdict.querySelector('.verdict-status').textContent = shown.title;
  verdict.querySelector('.verdict-text').textContent = verdictSentence(v.reconcile_status, v.reconcile_diff, meta.currency, meta.currencyExponent);
  const n = r.rows.length;
  verdict.querySelector('.verdict-facts').textContent =
    `${n.toLocaleString('en-GB')} ${n === 1 ? 'transaction' : 'transactions'} · Bank: ${bankName(r.result.bank)}${r.changed ? ' · checked again after your corrections' : ''}`;

  const edited = r.rows.filter((x) => x.edited).length;
  const added = r.rows.filter((x) => x.added).length;
  const rows = (k, what) => k && `${k} ${k === 1 ? 'row' : 'rows'} ${what}`;
  const parts = [rows(edited, 'edited'), rows(added, 'added'), rows(r.deleted, 'deleted')].filter(Boolean);
  $('edits').hidden = !r.changed;
  $('edits-text').textContent = r.changed ? `Your corrections: ${parts.join(', ')}. The downloads use them.` : '';

  renderProof(
    v.proof,
    r.rows.map((x) => x.t),
    meta.currencyExponent,
  );
  const flagged = new Set(v.warnings.filter((w) => w.row).map((w) => w.row));
  // "Show row": beside the page on a wide screen; on a phone the row itself opens (its card may be far below).
  renderWarnings(r, v.warnings, meta.inputKind, (key) => {
    const index = r.rows.findIndex((x) => x.key === key);
    if (narrow.matches && index >= 0) return editor.open(index);
    selectKey(key, 'warning');
  });
  renderTotals(r);
  renderTable(r, flagged);
  if (view) {
    const info = new Map(r.rows.map((x, i) => [x.key, { row: i + 1, flagged: flagged.has(i + 1), low: lowCells(r.provenance(x)).size > 0 }]));
    view.label(info);
    for (const tr of document.querySelectorAll('#transactions tbody tr')) {
      if (view.has(Number(tr.dataset.key))) {
        tr.classList.add('clickable');
        tr.tabIndex = 0;
      }
    }
    if (selectedKey !== null) selectKey(selectedKey, 'none');
  }
}

/** Selects a row in the table and on the page, each highlighting the other. */
function selectKey(key, from) {
  selectedKey = key;
  for (const tr of document.querySelectorAll('#transactions tr.selected')) tr.classList.remove('selected');
  const tr = document.querySelector(`#transactions tbody tr[data-key="${key}"]`);
  if (tr) {
    tr.classList.add('selected');
    if (from !== 'none' && from !== 'table') tr.scrollIntoView({ block: 'nearest' });
  }
  if (view) {
    if (from === 'none') {
      for (const b of document.querySelectorAll('#pages .box.selected')) b.classList.remove('selected');
      const b = document.querySelector(`#pages .box[data-key="${key}"]`);
      if (b && !b.hidden) b.classList.add('selected');
    } else view.select(key);
  }
}

const tbody = document.querySelector('#transactions tbody');
tbody.addEventListener('click', (e) => {
  const edit = e.target.closest('button[data-edit]');
  if (edit) return editor.open(Number(edit.dataset.edit) - 1);
  const tr = e.target.closest('tr');
  if (tr && tr.classList.contains('clickable')) selectKey(Number(tr.dataset.key), 'table');
});
tbody.addEventListener('keydown', (e) => {
  if (e.target.closest('button')) return;
  const tr = e.target.closest('tr');
  if (tr && tr.classList.contains('clickable') && (e.key === 'Enter' || e.key === ' ')) {
    e.preventDefault();
    selectKey(Number(tr.dataset.key), 'table');
  }
});
for (const [ev, on] of [
  ['mouseover', true],
  ['mouseout', false],
]) {
  tbody.addEventListener(ev, (e) => {
    const tr = e.target.closest('tr');
    if (tr && view) view.hover(Number(tr.dataset.key), on);
  });
  $('pages').addEventListener(ev, (e) => {
    const b = e.target.closest('.box');
    if (!b) return;
    const tr = document.querySelector(`#transactions tbody tr[data-key="${b.dataset.key}"]`);
    if (tr) tr.classList.toggle('hover', on);
  });
}

// Zoom of the page viewer.
function zoomBy(step) {
  if (!view) return;
  const i = Math.max(0, Math.min(ZOOMS.length - 1, ZOOMS.indexOf(view.zoom) + step));
  $('zoom-level').textContent = `${Math.round(ZOOMS[i] * 100)}%`;
  $('zoom-out').disabled = i === 0;
  $('zoom-in').disabled = i === ZOOMS.length - 1;
  return view.setZoom(ZOOMS[i]);
}
$('zoom-in').addEventListener('click', () => zoomBy(1));
$('zoom-out').addEventListener('click', () => zoomBy(-1));
$('zoom-fit').addEventListener('click', () => zoomBy(ZOOMS.indexOf(1) - ZOOMS.indexOf(view ? view.zoom : 1)));

// Corrections saved back to the kept result, a moment after the last change (several edits, one save).
let saveTimer = null;
function scheduleSave() {
  clearTimeout(saveTimer);
  const mine = review;
  if (!mine || !mine.keptId) return;
  $('kept-status').textContent = 'Saving your corrections…';
  saveTimer = setTimeout(() => saveCorrections(mine), 600);
}

async function saveCorrections(mine) {
  const status = $('kept-status');
  try {
    const res = await fetch(`/app/conversions/${encodeURIComponent(mine.keptId)}/corrections`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify(mine.saveBody()),
      credentials: 'same-origin',
    });
    const body = await res.json().catch(() => null);
    if (review !== mine) return;
    if (!res.ok) {
      status.textContent = `Your corrections could not be saved: ${problemText(res.status, body)}`;
      return;
    }
    status.dataset.saved = String(body.corrections);
    status.textContent = body.saved
      ? `Corrections saved with the result (kept until ${longDate(mine.keptUntil)}); files downloaded from Recent conversions include them.`
      : `No corrections: the result is kept as it was read (until ${longDate(mine.keptUntil)}).`;
  } catch (err) {
    if (review === mine) status.textContent = `Your corrections could not be saved: ${err.message}`;
  }
}

const editor = setupEditor({
  review: () => review,
  selectedKey: () => selectedKey,
  changed: (key) => {
    renderAll();
    scheduleSave();
    const tr = key === undefined ? null : document.querySelector(`#transactions tbody tr[data-key="${key}"]`);
    if (tr && !narrow.matches) tr.scrollIntoView({ block: 'nearest' });
  },
});

$('undo-all').addEventListener('click', () => {
  if (!source) return;
  // The rows as read (a reopened result's saved corrections too): saved so, when the result is kept.
  review = new Review({ ...source.data, saved: null });
  renderAll();
  scheduleSave();
});

// A reopened PDF result: the user may choose the same PDF again to see its pages (it is never uploaded).
$('pages-file').addEventListener('change', async () => {
  const f = $('pages-file').files[0];
  if (f && review && source) {
    source.file = f;
    await showPages(f);
  }
});

/** The file options chosen on the page (kept in this browser), as query parameters. */
function fileOptions() {
  const q = new URLSearchParams();
  for (const input of document.querySelectorAll('[data-option]')) {
    const v = input.value.trim();
    if (v && !(input.name === 'date_format' && v === 'dmy')) q.set(input.name, v);
  }
  return q;
}
function loadOptions() {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(OPTIONS) || '{}');
  } catch {
    saved = {};
  }
  for (const input of document.querySelectorAll('[data-option]')) {
    if (typeof saved[input.name] === 'string') input.value = saved[input.name];
    input.addEventListener('change', () => {
      const all = {};
      for (const i of document.querySelectorAll('[data-option]')) all[i.name] = i.value.trim();
      localStorage.setItem(OPTIONS, JSON.stringify(all));
    });
  }
}
loadOptions();

// A kept result named in the address (Recent conversions' Open): shown as it was left, corrections included.
async function openKept(id) {
  setProgress('Opening the kept result…');
  try {
    const res = await fetch(`/app/conversions/${encodeURIComponent(id)}/result`, { credentials: 'same-origin' });
    const body = await res.json().catch(() => null);
    if (!res.ok) return showError(problemText(res.status, body));
    await clearResult();
    await showResult({ ...body, quota: null }, null);
  } catch (err) {
    showError(err.message);
  } finally {
    setProgress(null);
  }
}
if (form.dataset.open) void openKept(form.dataset.open);

function fileNameOf(res, fallback) {
  const cd = res.headers.get('content-disposition') || '';
  const star = /filename\*=UTF-8''([^;]+)/i.exec(cd);
  if (star) return decodeURIComponent(star[1]);
  const plain = /filename="([^"]+)"/i.exec(cd);
  return plain ? plain[1] : fallback;
}

$('downloads').addEventListener('click', async (e) => {
  const button = e.target.closest('button[data-format]');
  if (!button || !review) return;
  const format = button.dataset.format;
  const status = $('download-status');
  status.textContent = `Preparing ${button.textContent}…`;
  const mine = review;
  localStorage.setItem(LAST_FORMAT, format);
  const query = fileOptions();
  query.set('format', format);
  try {
    const res = await fetch(`/app/render?${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRF-Token': csrf },
      body: JSON.stringify(mine.renderBody()),
      credentials: 'same-origin',
    });
    if (review !== mine) return;
    if (!res.ok) {
      const problem = await res.json().catch(() => null);
      status.textContent = `${button.textContent} could not be made: ${problemText(res.status, problem)}`;
      return;
    }
    const blob = await res.blob();
    const url = URL.createObjectURL(blob);
    const a = el('a', { href: url, download: fileNameOf(res, `statement.${format}`) });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    const checked = res.headers.get('x-reconcile-status');
    status.textContent = `Downloaded ${a.download}${mine.changed ? ' with your corrections' : ''}${checked ? ` (checked again: ${VERDICTS[checked] ? VERDICTS[checked].title.toLowerCase() : checked})` : ''}.`;
  } catch (err) {
    status.textContent = err.message;
  }
});
