// The result under review: the rows as read, the user's corrections (edit, add, delete), and the
// verdict of the rows as they stand now. A kept result comes with the corrections saved to it, and the
// page saves them back (converter.js); otherwise they live in this page only.
import { correctionsOf } from './audit.js';
import { formatUnits, toUnits } from './money.js';
import { verdictOf } from './recheck.js';
import { warningTable } from './warning-table.js';
import { locationUnit } from './words.js';

const DECIMAL = /^\d{1,15}(\.\d{1,6})?$/;
const SIGNED = /^-?\d{1,15}(\.\d{1,6})?$/;

/** Low-confidence threshold of a row's mean OCR confidence (percent; the engine lists words below 85). */
const LOW = 80;
const CELL = { date: 'date', description: 'description', amount: 'amount', balance: 'balance' };

/**
 * Cells the scan reading was unsure of, from a row's provenance `ocr` ({confidence, min, low:
 * [{text, conf, box, cell}]}, percentages; src/engine/ocr/ocr-confidence.ts): each low word marks
 * its cell, a low mean marks the whole row. Empty for text PDFs and text files (no `ocr`).
 */
export function lowCells(p) {
  const out = new Set();
  const o = p?.ocr;
  if (!o || typeof o !== 'object') return out;
  if (typeof o.confidence === 'number' && o.confidence < LOW) out.add('row');
  for (const w of Array.isArray(o.low) ? o.low : []) {
    const name = CELL[String(w?.cell ?? '').toLowerCase()];
    if (name) out.add(name);
  }
  return out;
}

function parseDate(s) {
  const t = s.trim();
  let m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  let d, mo, y;
  if (m) [d, mo, y] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else if ((m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t))) [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  else return null;
  const dt = new Date(Date.UTC(y, mo - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== mo - 1 || dt.getUTCDate() !== d) return null;
  return `${String(d).padStart(2, '0')}/${String(mo).padStart(2, '0')}/${y}`;
}

const clean = (s) => s.trim().replace(/[£$€,\s]/g, '');
const plain = (v, digits) => formatUnits(v, digits).replace(/,/g, '');

/** A row from the editor's fields, or the field at fault and what to fix. */
export function rowFromFields(f, base, meta) {
  const digits = meta.currencyExponent;
  const date = parseDate(f.date);
  if (!date) return { field: 'date', error: 'Type the date as day/month/year, for example 05/03/2026.' };
  const description = f.description.trim().replace(/\s+/g, ' ');
  if (!description) return { field: 'description', error: 'Type the description as the statement shows it.' };
  if (description.length > 2000) return { field: 'description', error: 'The description is too long (2,000 characters at most).' };
  const out = clean(f.out);
  const inn = clean(f.in);
  for (const [name, v] of [
    ['out', out],
    ['in', inn],
  ]) {
    if (v && !DECIMAL.test(v)) return { field: name, error: 'Type an amount as digits with a decimal point, for example 1,234.50 (no minus sign).' };
  }
  const o = out ? toUnits(out) : 0n;
  const i = inn ? toUnits(inn) : 0n;
  if (!out && !inn) return { field: 'out', error: 'Fill in Money out or Money in, as the statement shows.' };
  if (o !== 0n && i !== 0n) return { field: 'out', error: 'Fill in only one of Money out and Money in.' };
  const balance = clean(f.balance);
  if (balance && !SIGNED.test(balance))
    return { field: 'balance', error: 'Type the balance as digits with a decimal point, with a minus sign if it is overdrawn; or leave it empty.' };
  const debit = Boolean(out) && (o !== 0n || !inn);
  const amount = debit ? -o : i;
  const abs = plain(debit ? o : i, digits);
  return {
    t: {
      Date: date,
      Description: description,
      Type: debit ? 'debit' : 'credit',
      Debit: debit ? abs : '',
      Credit: debit ? '' : abs,
      Amount: plain(amount, digits),
      Balance: balance ? plain(toUnits(balance), digits) : '',
      Reference: base ? base.Reference : '',
      Currency: base ? base.Currency : meta.currency,
    },
  };
}

const FIELDS = ['Date', 'Description', 'Type', 'Debit', 'Credit', 'Amount', 'Balance', 'Reference', 'Currency'];
const sameRow = (a, b) => FIELDS.every((f) => a[f] === b[f]);

export class Review {
  /**
   * @param data the page's result: {id, filename, result, kept_until?, saved?}; `saved` holds the
   *   corrections saved to a kept result (its rows now, each row's index as read or null, the audit trail)
   */
  constructor(data) {
    const r = data.result;
    this.filename = data.filename;
    this.result = r;
    this.meta = r.meta;
    /** The conversion whose kept result corrections are saved to, or null when nothing is kept. */
    this.keptId = data.kept_until && data.id ? data.id : null;
    this.keptUntil = data.kept_until || null;
    this.rows = r.transactions.map((t, i) => ({ t, key: i, edited: false, added: false, payee: (r.payees && r.payees[i]) || '' }));
    this.deleted = 0;
    this.nextKey = r.transactions.length;
    this.savedCorrections = [];
    if (data.saved) this.restore(data.saved);
  }

  /** The rows as a person saved them: as read, edited, added; the rows as read not among them were deleted. */
  restore(saved) {
    const r = this.result;
    const kept = new Set();
    this.rows = saved.transactions.map((t, i) => {
      const k = saved.row_keys[i];
      if (k === null || k === undefined || !r.transactions[k]) return { t, key: this.nextKey++, edited: false, added: true, payee: '' };
      kept.add(k);
      const edited = !sameRow(r.transactions[k], t);
      const payee = edited && r.transactions[k].Description !== t.Description ? '' : (r.payees && r.payees[k]) || '';
      return { t, key: k, edited, added: false, payee };
    });
    this.deleted = r.transactions.length - kept.size;
    this.savedCorrections = saved.corrections || [];
  }

  /** The audit trail of the rows as they stand: printed and corrected values, and when each was saved. */
  corrections() {
    return this.changed ? correctionsOf(this.rows, this.result.transactions, this.savedCorrections, new Date().toISOString()) : [];
  }

  /** The body of PUT /app/conversions/:id/corrections: every row, naming its row as read (null: added). */
  saveBody() {
    return { rows: this.rows.map((x) => ({ key: x.added ? null : x.key, t: x.t })) };
  }

  get changed() {
    return this.deleted > 0 || this.rows.some((x) => x.edited || x.added);
  }

  provenance(row) {
    return !row.added && this.result.provenance ? (this.result.provenance[row.key] ?? null) : null;
  }

  /**
   * The verdict of the rows as they stand: the engine's as long as nothing was corrected, else its
   * equations checked again against the corrected rows with its rule and table (recheck.js).
   */
  verdict() {
    const r = this.result;
    const v = this.changed
      ? verdictOf(this.rows, r, warningTable())
      : { reconcile_status: r.reconcile_status, reconcile_diff: r.reconcile_diff, warnings: r.warnings.map((w) => ({ ...w })), proof: r.proof ?? [] };
    for (const w of v.warnings) {
      if (w.row && !w.page) {
        const p = this.provenance(this.rows[w.row - 1]);
        if (p && p.page) w.page = locationUnit(this.meta.inputKind) === 'page' ? p.page : (p.lines && p.lines[0]) || p.page;
      }
    }
    return v;
  }

  update(index, t) {
    const x = this.rows[index];
    if (JSON.stringify(x.t) === JSON.stringify(t)) return;
    if (x.t.Description !== t.Description) x.payee = '';
    x.t = t;
    if (!x.added) x.edited = true;
  }

  insert(after, t) {
    this.rows.splice(after, 0, { t, key: this.nextKey++, edited: false, added: true, payee: '' });
  }

  remove(index) {
    const [x] = this.rows.splice(index, 1);
    if (x && !x.added) this.deleted += 1;
  }

  /** The body of POST /app/render: the rows as corrected (the server checks them again). */
  renderBody() {
    const v = this.verdict();
    const r = this.result;
    return {
      filename: this.filename,
      result: {
        bank: r.bank,
        reconcile_status: v.reconcile_status,
        reconcile_diff: v.reconcile_diff,
        transactions: this.rows.map((x) => x.t),
        proof: v.proof,
        warnings: v.warnings.map(({ code, message, row, page, blocks, statement, equation }) => ({ code, message, row, page, blocks, statement, equation })),
        meta: r.meta,
        // The file says which rows a person corrected (its summary, its note).
        ...(this.changed ? { corrections: this.corrections() } : {}),
      },
    };
  }
}
