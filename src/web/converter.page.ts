// The converter page: the form and empty containers that converter.js fills in with the result.
import type { BankInfo } from '../engine/profiles/index.js';
import { warningTable } from '../engine/warnings.js';
import { FILE_FORMATS, writerFor } from '../formats/index.js';
import type { QuotaStatus } from '../services/quota.service.js';
import { html, type Html } from './html.js';
import { page, type ShellUser } from './layout.page.js';

const longDate = (ms: number) => new Date(ms).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** The writer options the page offers, in a bookkeeper's words (the API's names in `name`). */
function fileOptions(): Html {
  return html`<details class="file-options" id="file-options">
    <summary>File options (date order, Sage codes, QuickBooks bank id)</summary>
    <div class="row">
      <div class="field">
        <label for="opt-date_format">Dates in QuickBooks, Xero and QIF files</label>
        <select id="opt-date_format" name="date_format" data-option>
          <option value="dmy">Day first: 31/01/2026 (UK and most countries)</option>
          <option value="mdy">Month first: 01/31/2026 (a US company file)</option>
        </select>
      </div>
      <div class="field">
        <label for="opt-qbo_bid">QuickBooks bank id (QBO files) <span class="hint">(for QuickBooks Desktop)</span></label>
        <input
          id="opt-qbo_bid"
          name="qbo_bid"
          data-option
          inputmode="numeric"
          maxlength="10"
          pattern="[0-9]{1,10}"
          autocomplete="off"
          placeholder="e.g. 10898"
        />
      </div>
    </div>
    <div class="row">
      <div class="field">
        <label for="opt-sage_bank_nominal">Sage bank account code</label>
        <input id="opt-sage_bank_nominal" name="sage_bank_nominal" data-option maxlength="8" autocomplete="off" placeholder="1200" />
      </div>
      <div class="field">
        <label for="opt-sage_nominal">Sage code for the other side</label>
        <input id="opt-sage_nominal" name="sage_nominal" data-option maxlength="8" autocomplete="off" placeholder="9998 (suspense)" />
      </div>
      <div class="field">
        <label for="opt-sage_tax_code">Sage tax code</label>
        <input id="opt-sage_tax_code" name="sage_tax_code" data-option maxlength="3" autocomplete="off" placeholder="T9" />
      </div>
    </div>
    <p class="hint">Kept in this browser for your next downloads. Empty boxes use the usual defaults.</p>
  </details>`;
}

export function converterPage(user: ShellUser, banks: BankInfo[], quota: QuotaStatus, maxUploadBytes: number, welcome = false, open?: string): string {
  const mb = Math.floor(maxUploadBytes / 1048576);
  const usedUp = quota.remaining <= 0;
  return page({
    title: 'Converter',
    user,
    current: 'convert',
    scripts: ['converter.js'],
    // The engine's one table of warnings, as data: the page's words and its re-check read it (never a copy).
    data: { 'll-warnings': warningTable() },
    wide: true,
    body: html`<h1>Convert a statement</h1>
      ${welcome ? html`<p class="alert alert-ok" role="status">Welcome! Your account is ready: drop a statement below to convert it. Your plan and API keys are on the <a href="/app/account">Account</a> page.</p>` : ''}
      <p class="hint" data-testid="quota-line" data-quota-limit="${quota.limit}" data-reset="${longDate(quota.resetAtMs)}">
        This month: <span data-quota-used>${quota.used}</span> of ${quota.limit.toLocaleString('en-GB')} conversions used.
      </p>
      <p id="quota-out" class="alert alert-error" data-testid="quota-out" ${usedUp ? '' : html` hidden`}>
        You have used all ${quota.limit.toLocaleString('en-GB')} conversions for this month. They start again on ${longDate(quota.resetAtMs)}. To convert more
        now, ask your administrator to move your account to a paid plan (see <a href="/app/account">Account</a>). A result already on this page can still be
        corrected and downloaded.
      </p>
      <form id="convert-form" class="card stack" data-max-bytes="${maxUploadBytes}" ${open ? html` data-open="${open}"` : ''} novalidate>
        <label for="file" class="drop" id="drop">
          <span class="drop-title">Drop a statement here, or choose a file (or up to 100 at once)</span>
          <span class="hint"
            >PDF, CSV, text, an Excel workbook (.xlsx), a scan (PNG, JPEG, TIFF), a bank export (MT940, camt.053 XML, OFX/QFX/QBO, QIF) or a ZIP of them, up to
            ${mb} MB. The file is read here and not stored.</span
          >
          <input
            id="file"
            name="file"
            type="file"
            accept=".pdf,.csv,.txt,.xlsx,.png,.jpg,.jpeg,.tif,.tiff,.sta,.940,.mt940,.xml,.ofx,.qfx,.qbo,.qif,application/pdf,text/csv,image/png,image/jpeg,image/tiff,.zip,application/zip"
            multiple
            required
          />
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
            <label for="currency">Currency <span class="hint">(if the statement prints none)</span></label>
            <input id="currency" name="currency" maxlength="3" autocomplete="off" placeholder="e.g. EUR" pattern="[A-Za-z]{3}" />
          </div>
          <div class="field">
            <label for="password">PDF password <span class="hint">(only if the PDF is locked)</span></label>
            <input id="password" name="password" type="password" autocomplete="off" maxlength="200" />
          </div>
        </div>
        <button type="submit" class="primary" id="convert-btn" ${usedUp ? html` disabled aria-describedby="quota-out"` : ''}>Convert</button>
        <div id="progress" class="progress" hidden>
          <progress id="progress-bar" max="100" aria-labelledby="progress-label"></progress>
          <span id="progress-label" role="status" aria-live="polite"></span>
        </div>
        <p id="convert-error" class="alert alert-error" role="alert" hidden></p>
      </form>
      <section id="batch" class="card batch" hidden aria-labelledby="batch-title" data-testid="batch">
        <h2 id="batch-title">Files</h2>
        <p class="hint" id="batch-status" role="status" aria-live="polite"></p>
        <div class="table-wrap">
          <table class="data cards batch-table" id="batch-table" aria-labelledby="batch-title">
            <thead>
              <tr>
                <th scope="col" class="num">#</th>
                <th scope="col">File</th>
                <th scope="col">Status</th>
                <th scope="col">Verdict</th>
                <th scope="col" class="num">Rows</th>
                <th scope="col"><span class="sr-only">Open</span></th>
              </tr>
            </thead>
            <tbody></tbody>
          </table>
        </div>
        <div class="row">
          <div class="field">
            <label for="batch-format">Download everything as</label>
            <select id="batch-format">
              ${FILE_FORMATS.map((f) => html`<option value="${f}">${writerFor(f).label}</option>`)}
              <option value="json">JSON (for programs)</option>
            </select>
          </div>
          <button type="button" class="button" id="batch-download" disabled>Download all (ZIP)</button>
        </div>
        <p class="hint">
          Each file counts as one conversion. Corrections you make to an opened file go into the ZIP; files of statements that need a look start with CHECK-
          (the balances do not add up) or NOT-CHECKED- (nothing printed to check them against).
        </p>
        <p id="batch-download-status" class="hint" role="status" aria-live="polite"></p>
      </section>
      <section id="result" class="result" hidden aria-labelledby="result-title" tabindex="-1">
        <h2 id="result-title" class="result-title">Result for <span id="result-file" data-testid="result-file"></span></h2>
        <div id="verdict" class="verdict" data-testid="verdict">
          <p class="verdict-status" id="verdict-title"></p>
          <p class="verdict-text"></p>
          <p class="verdict-facts"></p>
          <details id="proof" class="proof" data-testid="proof" hidden>
            <summary id="proof-summary">Why this is checked</summary>
            <p class="hint">
              Each line is a sum you can redo from the statement: the figure printed before, plus the amounts of the rows named, gives the figure printed after.
              A result is only checked when every row is in one that adds up.
            </p>
            <ul id="proof-list" class="warnings"></ul>
          </details>
        </div>
        <div id="edits" class="alert alert-edit" data-testid="edits" hidden>
          <p id="edits-text"></p>
          <button type="button" class="button small" id="undo-all">Undo all corrections</button>
        </div>
        <p id="kept-status" class="hint kept-status" data-testid="kept-status" role="status" aria-live="polite"></p>
        <div class="card" id="warnings-card" hidden>
          <h2>What to check</h2>
          <ul id="warnings" class="warnings"></ul>
        </div>
        <div class="card notes-card" id="notes-card" hidden>
          <h2>Good to know</h2>
          <ul id="notes" class="notes"></ul>
        </div>
        <div class="result-facts">
          <div class="card">
            <h2>Totals</h2>
            <div id="totals" class="totals"></div>
          </div>
          <div class="card">
            <h2>Download</h2>
            <p class="hint" id="download-hint">
              Files are made from the rows on this page, with your corrections; downloading does not count as another conversion.
            </p>
            <p class="alert alert-info" id="currency-note" data-testid="currency-note" hidden></p>
            <div class="downloads" id="downloads">
              ${FILE_FORMATS.map((f) => html`<button type="button" class="button" data-format="${f}">${writerFor(f).label}</button>`)}
            </div>
            ${fileOptions()}
            <p id="download-status" class="hint" role="status" aria-live="polite"></p>
          </div>
        </div>
        <div class="split">
          <div class="card table-card">
            <h2 id="tx-h">Transactions</h2>
            <p class="hint" id="tx-hint"></p>
            <p class="hint pages-pick" id="pages-pick" hidden>
              <label for="pages-file" class="button small">Show the statement's pages…</label>
              <input id="pages-file" type="file" accept=".pdf,application/pdf" class="sr-only" />
              The PDF itself is not kept: choose the same file to see its pages beside the rows (it is read here, not uploaded).
            </p>
            <div class="table-wrap tall">
              <table class="data tx" id="transactions" aria-labelledby="tx-h">
                <colgroup>
                  <col class="c-num" />
                  <col class="c-date" />
                  <col class="c-desc" />
                  <col class="c-money" />
                  <col class="c-money" />
                  <col class="c-money" />
                  <col class="c-fix" />
                  <col class="c-more" />
                </colgroup>
                <thead>
                  <tr>
                    <th scope="col" class="num">#</th>
                    <th scope="col">Date</th>
                    <th scope="col">Description</th>
                    <th scope="col" class="num">Out</th>
                    <th scope="col" class="num">In</th>
                    <th scope="col" class="num">Balance</th>
                    <th scope="col" class="cur-col">Currency</th>
                    <th scope="col"><span class="sr-only">Correct</span></th>
                  </tr>
                </thead>
                <tbody></tbody>
              </table>
            </div>
            <div class="actions table-actions"><button type="button" class="button" id="add-row">Add a row</button></div>
          </div>
          <div class="card pages-card" id="pages-card" hidden>
            <div class="pages-head">
              <h2>Statement pages</h2>
              <div class="zoom" role="group" aria-label="Zoom">
                <button type="button" class="button small" id="zoom-out" aria-label="Zoom out">−</button>
                <span id="zoom-level" aria-live="polite">100%</span>
                <button type="button" class="button small" id="zoom-in" aria-label="Zoom in">+</button>
                <button type="button" class="button small" id="zoom-fit">Fit width</button>
              </div>
            </div>
            <p class="hint">
              Each row read is outlined; red: named in a warning; orange dots: the scan reading was unsure. Click a row here or in the table to see it in both.
              Zoom in to read small print and drag the page to move around it. Drawn from your own file; nothing is uploaded again.
            </p>
            <div id="pages" class="pages" tabindex="0" aria-label="Statement pages: drag or use the arrow keys to move around a zoomed page"></div>
          </div>
        </div>
      </section>
      <dialog id="row-editor" aria-labelledby="row-editor-title">
        <form id="row-form" class="stack" novalidate>
          <h2 id="row-editor-title">Correct row</h2>
          <p class="hint">Type what the statement shows. The balance check runs again when you save.</p>
          <div class="field" id="ed-after-field">
            <label for="ed-after">Put the new row after row</label><input id="ed-after" type="number" min="0" inputmode="numeric" />
          </div>
          <div class="field">
            <label for="ed-date">Date (day/month/year)</label><input id="ed-date" type="text" autocomplete="off" placeholder="05/03/2026" />
          </div>
          <div class="field"><label for="ed-description">Description</label><input id="ed-description" type="text" autocomplete="off" maxlength="2000" /></div>
          <div class="row">
            <div class="field"><label for="ed-out">Money out</label><input id="ed-out" type="text" inputmode="decimal" autocomplete="off" /></div>
            <div class="field"><label for="ed-in">Money in</label><input id="ed-in" type="text" inputmode="decimal" autocomplete="off" /></div>
          </div>
          <div class="field">
            <label for="ed-balance">Balance after this row <span class="hint">(as printed; empty if the statement shows none)</span></label
            ><input id="ed-balance" type="text" inputmode="decimal" autocomplete="off" />
          </div>
          <p id="ed-error" class="alert alert-error" role="alert" hidden></p>
          <div class="actions">
            <button type="submit" class="primary" id="ed-save">Save row</button>
            <button type="button" class="button" id="ed-cancel">Cancel</button>
            <button type="button" class="danger" id="ed-delete">Delete this row</button>
          </div>
        </form>
      </dialog>`,
  });
}
