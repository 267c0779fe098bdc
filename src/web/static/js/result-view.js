// The result's parts that are drawn from the rows: warnings, totals and the transactions table
// (cards on phones), all in plain words with money formatted alike.
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
  const notes = warnings.filter((w) => severityOf(w.code) === 'note');
  const checks = warnings.filter((w) => severityOf(w.code) !== 'note');
  $('warnings').replaceChildren(...checks.map(item));
  $('warnings-card').hidden = checks.length === 0;
  $('notes').replaceChildren(...notes.map(item));
  $('notes-card').hidden = notes.length === 0;
}

export function renderTotals(r, digits) {
  const dl = $('totals');
  const items = [];
  const all = totals(r.rows.map((x) => x.t));
  for (const t of all) {
    const cur = ` ${t.currency}`;
    items.push(
      el('div', {}, el('dt', {}, 'Money in'), el('dd', { 'data-total': 'in' }, formatUnits(t.inflow, digits) + cur)),
      el('div', {}, el('dt', {}, 'Money out'), el('dd', { 'data-total': 'out' }, formatUnits(t.outflow, digits) + cur)),
      el('div', {}, el('dt', {}, 'Net change'), el('dd', { 'data-total': 'net' }, formatUnits(t.net, digits) + cur)),
      el(
        'div',
        {},
        el('dt', {}, all.length > 1 ? `Transactions in ${t.currency}` : 'Transactions'),
        el('dd', { 'data-total': 'count' }, t.count.toLocaleString('en-GB')),
      ),
    );
  }
  const m = r.meta;
  if (m.openingBalance !== null)
    items.push(el('div', {}, el('dt', {}, 'Opening balance'), el('dd', { 'data-total': 'opening' }, `${formatMoney(m.openingBalance, digits)} ${m.currency}`)));
  if (m.closingBalance !== null)
    items.push(el('div', {}, el('dt', {}, 'Closing balance'), el('dd', { 'data-total': 'closing' }, `${formatMoney(m.closingBalance, digits)} ${m.currency}`)));
  dl.replaceChildren(...items);
}

export function renderTable(r, flagged) {
  const digits = r.meta.currencyExponent;
  const multi = new Set(r.rows.map((x) => x.t.Currency)).size > 1;
  document.querySelector('#transactions').classList.toggle('multi', multi);
  const tbody = document.querySelector('#transactions tbody');
  const rows = r.rows.map((x, i) => {
    const n = i + 1;
    const t = x.t;
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
    if (x.payee) desc.append(el('span', { class: 'payee', 'data-payee': '' }, `Payee: ${x.payee}`));
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
