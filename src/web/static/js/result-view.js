// The result's parts that are drawn from the rows: what to check, notes, totals per currency and the
// transactions table (cards on phones), all in plain words with money formatted alike.
import { $, el } from './dom.js';
import { formatMoney, formatUnits, totals } from './money.js';
import { lowCells } from './review.js';
import { severityOf, warningTitle } from './warning-table.js';
import { warningSentence, whereOf } from './words.js';

/**
 * `onShow(key)` selects a warning's row. What to check (and what does not add up) is listed apart from
 * notes, which only say what was done (a year worked out, a currency assumed), in the table's own words.
 */
export function renderWarnings(review, warnings, inputKind, onShow) {
  const item = (w) => {
    const where = whereOf(w, inputKind);
    const severity = severityOf(w.code);
    const li = el(
      'li',
      { 'data-code': w.code, 'data-severity': severity },
      el('strong', {}, `${warningTitle(w.code)}${where ? ` (${where})` : ''}: `),
      warningSentence(w),
      ' ',
    );
    if (w.row && review.rows[w.row - 1]) {
      const key = review.rows[w.row - 1].key;
      const b = el('button', { type: 'button', class: 'button small', 'data-row': String(w.row) }, `Show row ${w.row}`);
      b.addEventListener('click', () => onShow(key));
      li.append(b);
    }
    return li;
  };
  // Notes only say what was done (a year worked out, an earlier upload overlapping): a quiet list, never alarm colours.
  const note = (w) => {
    const li = item(w);
    li.className = 'note';
    return li;
  };
  const notes = warnings.filter((w) => severityOf(w.code) === 'note');
  const checks = warnings.filter((w) => severityOf(w.code) !== 'note');
  $('warnings').replaceChildren(...checks.map(item));
  $('warnings-card').hidden = checks.length === 0;
  $('notes').replaceChildren(...notes.map(note));
  $('notes-card').hidden = notes.length === 0;
}

/** Minor digits of a currency (2 for GBP, 0 for JPY), as the browser knows them; the statement's own for its currency. */
export function digitsOf(currency, meta) {
  if (currency === meta.currency) return meta.currencyExponent;
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits;
  } catch {
    return 2;
  }
}

/** A currency's printed opening and closing balances: the statement's for its own currency, else from the equations checked. */
function figuresOf(currency, r) {
  const m = r.meta;
  if (currency === m.currency) return { opening: m.openingBalance, closing: m.closingBalance };
  const proof = (r.result.proof ?? []).filter((e) => e.currency === currency);
  const open = proof.find((e) => e.start_label === 'opening balance');
  const close = [...proof].reverse().find((e) => e.end_label === 'closing balance');
  return { opening: open ? open.start : null, closing: close ? close.end : null };
}

/** Totals, one group per currency: two currencies are never added together. */
export function renderTotals(r) {
  const all = totals(r.rows.map((x) => x.t));
  const fact = (label, key, text) => el('div', {}, el('dt', {}, label), el('dd', { 'data-total': key }, text));
  const groups = all.map((t) => {
    const digits = digitsOf(t.currency, r.meta);
    const cur = ` ${t.currency}`;
    const f = figuresOf(t.currency, r);
    const facts = [
      fact('Money in', 'in', formatUnits(t.inflow, digits) + cur),
      fact('Money out', 'out', formatUnits(t.outflow, digits) + cur),
      fact('Net change', 'net', formatUnits(t.net, digits) + cur),
      fact('Transactions', 'count', t.count.toLocaleString('en-GB')),
    ];
    if (f.opening !== null && f.opening !== undefined) facts.push(fact('Opening balance', 'opening', `${formatMoney(f.opening, digits)}${cur}`));
    if (f.closing !== null && f.closing !== undefined) facts.push(fact('Closing balance', 'closing', `${formatMoney(f.closing, digits)}${cur}`));
    const dl = el('dl', { class: 'facts' }, ...facts);
    return all.length > 1 ? el('section', { class: 'currency-totals', 'data-currency': t.currency }, el('h3', {}, `In ${t.currency}`), dl) : dl;
  });
  $('totals').replaceChildren(...groups);
  const note = $('currency-note');
  if (all.length > 1) {
    const list = all.map((t) => t.currency);
    note.textContent = `This statement has rows in ${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}. Import files (Xero, QuickBooks, Sage, FreeAgent, OFX, QBO, QIF) hold one currency, so they come as a ZIP with one file per currency, each for its own account in your books. CSV and Excel keep every row with its currency.`;
  }
  note.hidden = all.length <= 1;
}

const letters = (s) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
/** Whether a description already starts with its payee's words ("TESCO STORES 2041" and "Tesco Stores"). */
const saysPayee = (description, payee) => letters(description).startsWith(letters(payee));

export function renderTable(r, flagged) {
  const multi = new Set(r.rows.map((x) => x.t.Currency)).size > 1;
  document.querySelector('#transactions').classList.toggle('multi', multi);
  const tbody = document.querySelector('#transactions tbody');
  const rows = r.rows.map((x, i) => {
    const n = i + 1;
    const t = x.t;
    const digits = digitsOf(t.Currency, r.meta);
    const low = lowCells(r.provenance(x));
    const cell = (label, cls, text, name) => {
      const td = el('td', { class: cls, 'data-label': label }, text);
      if (low.has(name) || (low.has('row') && name === 'num')) {
        td.classList.add('low');
        td.title = 'The scan reading is unsure here: check it against the page.';
      }
      return td;
    };
    const mark = flagged.has(n) ? '⚠ ' : '';
    const desc = cell('Description', 'wrap desc', t.Description, 'description');
    // The payee on its own line only where it says more than the description's first words (a row stays one or two lines).
    if (x.payee && !saysPayee(t.Description, x.payee)) desc.append(el('span', { class: 'payee', 'data-payee': '' }, `Payee: ${x.payee}`));
    else if (x.payee) desc.title = `Payee: ${x.payee}`;
    const fix = el(
      'button',
      { type: 'button', class: 'button small icon', 'data-edit': String(n), 'aria-label': `Correct row ${n}`, title: `Correct row ${n}` },
      '✎',
    );
    const tr = el(
      'tr',
      { 'data-row': String(n), 'data-key': String(x.key) },
      cell('#', 'num rowno', `${mark}${n}`, 'num'),
      cell('Date', 'date', t.Date, 'date'),
      desc,
      cell('Out', 'num', formatMoney(t.Debit, digits), 'amount'),
      cell('In', 'num', formatMoney(t.Credit, digits), 'amount'),
      cell('Balance', 'num', formatMoney(t.Balance, digits), 'balance'),
      cell('Currency', 'cur-col', t.Currency, 'currency'),
      el('td', { class: 'fix' }, fix),
    );
    if (flagged.has(n)) {
      tr.classList.add('flagged');
      tr.title = 'Named in a warning';
    }
    if (x.edited || x.added) {
      tr.classList.add(x.added ? 'added' : 'edited');
      tr.querySelector('.rowno').append(el('span', { class: 'tag' }, x.added ? 'added' : 'edited'));
    }
    if (low.size) tr.classList.add('low-row');
    return tr;
  });
  tbody.replaceChildren(...rows);
}
