// Records + column roles -> typed rows in minor units, still in the file's sign convention. The
// choice between readings (sign view, swapped columns, fee handling) is left to the reconciler.
import { inferYears, isoDate, parseDate, type DateOrder, type DateParts } from '../dates.js';
import { absMinor, currencyExponent, parseMoney, type DecimalSeparator, type ParsedMoney } from '../money.js';
import type { Warning } from '../types.js';
import { CLOSING_LABEL, CREDIT_MARKS, DEBIT_MARKS, OPENING_LABEL, TOTAL_LABEL, type Role } from './header-words.js';
import type { TextRecord } from './records.js';

export interface ReadRow {
  date: string; // ISO
  parts: string[];
  typeCode: string;
  reference: string;
  currency: string;
  /** Signed as the file prints it (amount column) or credit - debit. */
  amount: bigint;
  /** Where the sign came from: an amount column as printed, debit/credit columns, or a direction column. */
  signFrom: 'amount' | 'columns' | 'direction';
  debit: bigint | null;
  credit: bigint | null;
  fee: bigint | null;
  balance: bigint | null;
  /** Printed balance before the row (ASN Bank), turned into balances after rows by the table. */
  balanceBefore: bigint | null;
  line: number;
}

export interface ReadResult {
  rows: ReadRow[];
  figures: Record<string, { opening?: bigint; closing?: bigint }>;
  warnings: Warning[];
  skipped: number[];
}

export interface ReadOptions {
  roles: (Role | null)[];
  order: DateOrder;
  decimal: DecimalSeparator | undefined;
  currency: string;
}

const idx = (roles: (Role | null)[], r: Role) => roles.indexOf(r);
const all = (roles: (Role | null)[], r: Role) => roles.flatMap((x, i) => (x === r ? [i] : []));

/** Joins text parts, dropping a part that another part already contains (type "Direct debit X" + "X"). */
export function joinParts(parts: string[]): string[] {
  if (parts.length === 1) { const p = parts[0].trim(); return p ? [p] : []; }
  const seen: string[] = [];
  for (const p of parts.map((x) => x.trim()).filter(Boolean)) {
    const low = p.toLowerCase();
    if (seen.some((s) => s.toLowerCase().includes(low))) continue;
    for (let i = seen.length - 1; i >= 0; i--) if (low.includes(seen[i].toLowerCase())) seen.splice(i, 1);
    seen.push(p);
  }
  return seen;
}

/** The text is nothing but a figure's label, perhaps with a date or a colon ("Closing balance 06/10/2014"). */
function isWholeLabel(t: string): boolean {
  const m = OPENING_LABEL.exec(t) ?? CLOSING_LABEL.exec(t) ?? TOTAL_LABEL.exec(t);
  return !!m && /^[\s\d:./-]*$/.test(t.slice(m[0].length));
}

export function readRows(records: TextRecord[], o: ReadOptions): ReadResult {
  const { roles } = o;
  const dateCol = idx(roles, 'date');
  const amountCols = all(roles, 'amount');
  const debitCol = idx(roles, 'debit');
  const creditCol = idx(roles, 'credit');
  const balanceCol = idx(roles, 'balance');
  const beforeCol = idx(roles, 'balanceBefore');
  const dirCol = idx(roles, 'direction');
  const feeCol = idx(roles, 'fee');
  const typeCol = idx(roles, 'type');
  const refCol = idx(roles, 'reference');
  const curCol = idx(roles, 'currency');
  const primary = roles.flatMap((r, i) => (r === 'payee' || r === 'description' ? [i] : []));
  const textCols = primary.length ? primary : all(roles, 'memo');
  // A direction column that only ever marks credits ("CR") leaves debits unmarked.
  const dirValues = dirCol >= 0 ? records.map((r) => r.cells[dirCol] ?? '').filter((v) => v) : [];
  const onlyCreditMarks = dirCol >= 0 && dirValues.every((v) => CREDIT_MARKS.test(v));

  const out: ReadResult = { rows: [], figures: {}, warnings: [], skipped: [] };
  // Parsed dates of out.rows, given years once every row is read.
  const dates: DateParts[] = [];
  // Hot loop (one pass per row of files up to 100,000 rows): helpers live outside it.
  let c: string[] = [];
  let moneyOpts: { exponent: number; decimal: DecimalSeparator | undefined } = { exponent: 2, decimal: o.decimal };
  const cell = (i: number) => (i >= 0 ? c[i] ?? '' : '');
  const money = (i: number) => (i >= 0 && c[i] ? parseMoney(c[i], moneyOpts) : null);
  const isLabel = (x: string) => OPENING_LABEL.test(x) || CLOSING_LABEL.test(x);
  const optsByExponent = new Map<number, typeof moneyOpts>();
  for (const rec of records) {
    c = rec.cells;
    const currency = curCol >= 0 && /^[A-Za-z]{3}$/.test(cell(curCol)) ? cell(curCol).toUpperCase() : o.currency;
    const exponent = currencyExponent(currency);
    moneyOpts = optsByExponent.get(exponent) ?? { exponent, decimal: o.decimal };
    optsByExponent.set(exponent, moneyOpts);
    const text = joinParts(textCols.map(cell));
    const labelled = c.find(isLabel);
    const date = parseDate(cell(dateCol), o.order);
    const bal = money(balanceCol);
    let amt: ParsedMoney | null = null;
    for (const i of amountCols) if ((amt = money(i)) !== null) break;
    const deb = money(debitCol);
    const cred = money(creditCol);
    // A dated row whose whole text is a label ("Opening balance", "Turnover") is a figure or a total too.
    const onlyLabel = text.length === 1 && isWholeLabel(text[0]);
    if (labelled && (!date || (!amt && !deb && !cred) || (onlyLabel && text[0] === labelled))) {
      // "Opening balance" / "Closing balance" printed as a row or a preamble line: a figure, not a transaction.
      const fig = bal ?? amt ?? deb ?? cred ?? [...c].reverse().map((x) => parseMoney(x, moneyOpts)).find((m) => m !== null) ?? null;
      if (fig) {
        let value = fig.value;
        const mark = cell(dirCol);
        if (fig === deb || (fig === amt && DEBIT_MARKS.test(mark))) value = -absMinor(value);
        else if (fig === cred || (fig === amt && CREDIT_MARKS.test(mark))) value = absMinor(value);
        const f = (out.figures[currency] ??= {});
        if (OPENING_LABEL.test(labelled)) f.opening ??= value; else f.closing = value;
      }
      continue;
    }
    if (onlyLabel && TOTAL_LABEL.test(text[0])) continue;
    if (!date) {
      if (c.some((x) => TOTAL_LABEL.test(x))) continue;
      if (amt || deb || cred) out.skipped.push(rec.line);
      else if (out.rows.length && text.length && c.every((x, i) => !x || textCols.includes(i))) {
        // A record with only text under the description columns continues the row above it.
        out.rows[out.rows.length - 1].parts.push(...text);
      }
      continue;
    }
    let signFrom: ReadRow['signFrom'] = 'amount';
    let amount: bigint;
    if (amt === null && (deb || cred)) {
      signFrom = 'columns';
      amount = (cred ? cred.value : 0n) - (deb ? absMinor(deb.value) : 0n);
    } else if (amt !== null) {
      amount = amt.value;
      if (dirCol >= 0) {
        const mark = cell(dirCol);
        if (CREDIT_MARKS.test(mark)) { amount = absMinor(amount); signFrom = 'direction'; }
        else if (DEBIT_MARKS.test(mark) || (!mark && onlyCreditMarks && !amt.signed)) { amount = -absMinor(amount); signFrom = 'direction'; }
      } else if (amt.marker) signFrom = 'direction';
    } else {
      out.skipped.push(rec.line);
      continue;
    }
    const fee = money(feeCol);
    dates.push(date);
    out.rows.push({
      date: '', parts: text, typeCode: cell(typeCol), reference: cell(refCol), currency, amount, signFrom,
      debit: deb ? absMinor(deb.value) : null, credit: cred ? cred.value : null,
      fee: fee ? absMinor(fee.value) : null, balance: bal ? bal.value : null, balanceBefore: money(beforeCol)?.value ?? null, line: rec.line,
    });
  }
  const needYears = dates.some((p) => p.y === null);
  const years = needYears ? inferYears(dates) : null;
  if (years?.unsure) out.warnings.push({ code: 'year_inferred', message: 'The dates print no year; the year was inferred and should be checked.' });
  out.rows.forEach((r, i) => {
    const p = dates[i];
    r.date = isoDate({ y: p.y ?? years!.years[i], m: p.m, d: p.d });
  });
  return out;
}
