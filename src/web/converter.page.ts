// The converter page: the form and empty containers that converter.js fills in with the result.
import type { BankInfo } from '../engine/profiles/index.js';
import { FILE_FORMATS } from '../formats/index.js';
import type { QuotaStatus } from '../services/quota.service.js';
import { html } from './html.js';
import { page, type ShellUser } from './layout.page.js';

export const FORMAT_LABELS: Record<(typeof FILE_FORMATS)[number], string> = {
  csv: 'CSV',
  xlsx: 'Excel (XLSX)',
  xero: 'Xero CSV',
  quickbooks: 'QuickBooks CSV',
  sage: 'Sage CSV',
  ofx: 'OFX',
  qbo: 'QBO (Web Connect)',
  qif: 'QIF',
};

export function converterPage(user: ShellUser, banks: BankInfo[], quota: QuotaStatus, maxUploadBytes: number): string {
  const mb = Math.floor(maxUploadBytes / 1048576);
  return page({
    title: 'Converter',
    user,
    current: 'convert',
    scripts: ['converter.js'],
    body: html`<h1>Convert a statement</h1>
<p class="hint" data-testid="quota-line">This month: <span data-quota-used>${quota.used}</span> of ${quota.limit.toLocaleString('en-GB')} conversions used.</p>
<form id="convert-form" class="card stack" data-max-bytes="${maxUploadBytes}" novalidate>
  <label for="file" class="drop" id="drop">
    <span class="drop-title">Drop a PDF or CSV statement here, or choose a file</span>
    <span class="hint">PDF, CSV, text, XLSX or a scan (PNG, JPEG, TIFF), up to ${mb} MB. The file is read here and not stored.</span>
    <input id="file" name="file" type="file" accept=".pdf,.csv,.txt,.xlsx,.png,.jpg,.jpeg,.tif,.tiff,application/pdf,text/csv,image/png,image/jpeg,image/tiff" required>
    <span class="drop-name" id="file-name" aria-live="polite"></span>
  </label>
  <div class="row">
    <div class="field">
      <label for="bank">Bank</label>
      <select id="bank" name="bank">
        <option value="auto">Detect automatically</option>
        ${banks.map((b) => html`<option value="${b.id}">${b.name}</option>`)}
        <option value="generic">Other bank (generic reading)</option>
      </select>
    </div>
    <div class="field">
      <label for="password">PDF password <span class="hint">(only if the PDF is locked)</span></label>
      <input id="password" name="password" type="password" autocomplete="off" maxlength="200">
    </div>
  </div>
  <button type="submit" class="primary" id="convert-btn">Convert</button>
  <div id="progress" class="progress" hidden>
    <progress id="progress-bar" max="100" aria-labelledby="progress-label"></progress>
    <span id="progress-label" role="status" aria-live="polite"></span>
  </div>
  <p id="convert-error" class="alert alert-error" role="alert" hidden></p>
</form>
<section id="result" class="result" hidden aria-labelledby="verdict-title" tabindex="-1">
  <div id="verdict" class="verdict" data-testid="verdict">
    <p class="verdict-status" id="verdict-title"></p>
    <p class="verdict-text"></p>
  </div>
  <div class="card" id="warnings-card" hidden>
    <h2>Warnings</h2>
    <ul id="warnings" class="warnings"></ul>
  </div>
  <div class="card">
    <h2>Totals</h2>
    <dl class="facts" id="totals"></dl>
  </div>
  <div class="card">
    <h2>Download</h2>
    <p class="hint">Files are made from the result on this page; downloading does not count as another conversion.</p>
    <div class="downloads" id="downloads">
      ${FILE_FORMATS.map((f) => html`<button type="button" class="button" data-format="${f}">${FORMAT_LABELS[f]}</button>`)}
    </div>
    <p id="download-status" class="hint" role="status" aria-live="polite"></p>
  </div>
  <div class="split">
    <div class="card table-card">
      <h2 id="tx-h">Transactions</h2>
      <p class="hint" id="tx-hint"></p>
      <div class="table-wrap tall"><table class="data tx" id="transactions" aria-labelledby="tx-h">
        <thead><tr><th scope="col">#</th><th scope="col">Date</th><th scope="col">Description</th><th scope="col" class="num">Out</th><th scope="col" class="num">In</th><th scope="col" class="num">Balance</th><th scope="col">Cur.</th></tr></thead>
        <tbody></tbody>
      </table></div>
    </div>
    <div class="card pages-card" id="pages-card" hidden>
      <h2>Statement pages</h2>
      <p class="hint">Outlined: every row that was read. Red: rows named in a warning. Drawn here from your own file; nothing is uploaded again.</p>
      <div id="pages" class="pages"></div>
    </div>
  </div>
</section>`,
  });
}
