// Records + column roles -> typed rows in minor units, still in the file's sign convention. The
// choice between readings (sign view, swapped columns, fee handling) is left to the reconciler.
import { inferYears, isoDate, parseDate, type DateOrder, type DateParts, type YearContext } from '../dates.js';
import { currentCurrencyCode } from '../currencies.js';
import { absMinor, currencyExponent, parseMoney, type DecimalSeparator, type ParsedMoney } from '../money.js';
import type { Warning } from '../types.js';
import { planText, type TextPlan } from './column-text.js';
import { CLOSING_LABEL, CREDIT_MARKS, DEBIT_MARKS, directionMark, OPENING_LABEL, TOTAL_LABEL, TRAILING_TOTAL_LABEL, type Role } from './header-words.js';
import type { TextRecord } from './records.js';
import { Row, type ReadRow } from './read-row.js';
import { textOutOfPlace } from './text-evidence.js';
import { joinParts, mayBeLabel, remembered, textOf, textParts, trailingText, unpiped, wholeLabel } from './cell-text.js';

export interface ReadResult {
  rows: ReadRow[];
  /** `between`: balance lines past the first opening and before the last closing (see PrintedFigures). */
  figures: Record<string, { opening?: bigint; closing?: bigint; between?: bigint[] }>;
  warnings: Warning[];
  skipped: number[];
  /** Lines of rows whose description came from no column of its own (text-evidence.ts). */
  unplacedText: number[];
  /** Lines a total's word labels, with their figures: told by the figures (total-rows.ts), not the word. */
  totals: { line: number; text: string; figures: bigint[] }[];
  /** Rows the file itself marks as not booked (a status of PENDING, DECLINED, REVERTED ...): left out. */
  notBooked: number;
  /** Some printed balance carried a sign or a mark (minus, brackets, CR/DR/OD): the column's sign is printed. */
  balanceSigned: boolean;
  /** Balances printed on zero-amount rows (which are not transactions), with the rows printed around them. */
  zeroBalances: { line: number; balance: bigint; prev: ReadRow | null; next: ReadRow | null }[];
}

export interface ReadOptions {
  roles: (Role | null)[];
  order: DateOrder;
  decimal: DecimalSeparator | undefined;
  currency: string;
  /** Which columns make the Description (planned from the whole table when not given). */
  plan?: TextPlan;
  /** The header's width: text in cells beyond it (unnamed trailing fields) joins the Description. */
  width?: number;
  /** What the lines above the table say of the year, for dates that print none (asked only then). */
  years?: () => YearContext | undefined;
}

/** Columns whose content makes a record a row or a figure, never a continuation line. */
const FIGURE_ROLES = new Set<Role | null | undefined>([
  'date',
  'valueDate',
  'amount',
  'debit',
  'credit',
  'balance',
  'balanceBefore',
  'fee',
  'direction',
  'currency',
]);

const idx = (roles: (Role | null)[], r: Role) => roles.indexOf(r);
const all = (roles: (Role | null)[], r: Role) => roles.flatMap((x, i) => (x === r ? [i] : []));

export function readRows(records: TextRecord[], o: ReadOptions): ReadResult {
  const reader = rowReader(o, o.plan ?? planText(records, o.roles), onlyCreditMarksOf(records, idx(o.roles, 'direction')));
  for (const rec of records) reader.add(rec.cells, rec.line);
  return reader.finish();
}

/** A direction column that only ever marks credits ("CR") leaves debits unmarked. */
export function onlyCreditMarksOf(records: TextRecord[], dirCol: number): boolean {
  if (dirCol < 0) return false;
  for (const r of records) {
    const v = r.cells[dirCol] ?? '';
    if (v && !CREDIT_MARKS.test(v)) return false;
  }
  return true;
}

// Status words of a row that is not (or no longer) a booked transaction.
const NOT_BOOKED =
  /^(pending|in progress|processing|authori[sz]ed|reverted|declined|failed|cancell?ed|rejected|vorgemerkt|en attente|pendiente|in attesa|odottaa|в обработке|отклонен[аоы]?|отменен[аоы]?)$/i;

export interface RowReader {
  /** Reads one record (its cells are only read during the call: the array may be reused). */
  add(cells: string[], line: number): void;
  finish(): ReadResult;
}

/** readRows one record at a time, for a table read as it is parsed (no record kept). */
export function rowReader(o: ReadOptions, plan: TextPlan, onlyCreditMarks: boolean): RowReader {
  const { roles } = o;
  const dateCol = idx(roles, 'date');
  // A row whose Date cell is empty (a pending row with no posting date yet) is dated by its other date.
  const otherDateCol = idx(roles, 'valueDate');
  const amountCols = all(roles, 'amount');
  const debitCol = idx(roles, 'debit');
  const creditCol = idx(roles, 'credit');
  const balanceCol = idx(roles, 'balance');
  const beforeCol = idx(roles, 'balanceBefore');
  const dirCol = idx(roles, 'direction');
  const feeCol = idx(roles, 'fee');
  const refCols = [...all(roles, 'reference'), ...all(roles, 'transactionId')].filter((i) => i !== plan.referenceText);
  const curCol = idx(roles, 'currency');
  const statusCol = idx(roles, 'status');
  const { textCols, noteCols, typeCol, embedded } = plan;
  const width = o.width ?? 0;

  const out: ReadResult = {
    rows: [],
    figures: {},
    warnings: [],
    skipped: [],
    totals: [],
    unplacedText: [],
    notBooked: 0,
    balanceSigned: false,
    zeroBalances: [],
  };
  let awaitingNext: ReadResult['zeroBalances'] = [];
  // Parsed dates of out.rows, given years once every row is read.
  const dates: DateParts[] = [];
  // Hot loop (one pass per row of files up to 100,000 rows): helpers live outside it.
  let c: string[] = [];
  let moneyOpts: { exponent: number; decimal: DecimalSeparator | undefined } = { exponent: 2, decimal: o.decimal };
  const cell = (i: number) => (i >= 0 ? (c[i] ?? '') : '');
  const money = (i: number) => (i >= 0 && c[i] ? parseMoney(c[i], moneyOpts) : null);
  // An opening or closing balance label starts the text.
  const figureLabel = remembered((x) => OPENING_LABEL.test(x) || CLOSING_LABEL.test(x));
  const isLabel = (x: string) => mayBeLabel(x) && figureLabel(x);
  const rememberedWhole = remembered(wholeLabel);
  const isWholeLabel = (t: string): boolean => mayBeLabel(t) && rememberedWhole(t);
  const optsByExponent = new Map<number, typeof moneyOpts>();
  // Rows whose amount printed no mark at all, and how the column marks the others: a column that marks
  // only credits ("10000.00CR") leaves debits unmarked.
  const unmarked: ReadRow[] = [];
  let creditMarks = 0,
    debitMarks = 0;
  // Rows whose unsigned amount took a debit mark's sign, and whether the amount column prints its own
  // minus beside a debit mark elsewhere: then an unsigned figure is money in by the column's own
  // convention and the mark ("db", Rabobank's "diverse boekingen") disagrees with it (see finish).
  const unsignedDebits: ReadRow[] = [];
  let minusBesideDebitMark = false;
  // Dates read once per distinct text of this file (rows share them; the parts are only read, never changed).
  const dateParts = new Map<string, DateParts | null>();
  const dateOf = (t: string): DateParts | null => {
    let p = dateParts.get(t);
    if (p === undefined) {
      p = parseDate(t, o.order);
      if (dateParts.size < 20000) dateParts.set(t, p);
    }
    return p;
  };
  // The previous row's currency and its exponent (rows of one currency follow each other).
  let lastCurrency: string | null = null;
  const oneText = !embedded.size && textCols.length === 1 ? textCols[0] : -1;
  const add = (cells: string[], line: number): void => {
    c = unpiped(cells);
    // A row the file marks as not booked moves no booked money (Revolut's PENDING rows print no balance).
    if (statusCol >= 0 && NOT_BOOKED.test(cell(statusCol).trim())) {
      out.notBooked++;
      return;
    }
    // A reference or cheque-number column first, then the transaction's own id column.
    let reference = '';
    for (const i of refCols) {
      const v = cell(i);
      if (v.trim() !== '') {
        reference = v;
        break;
      }
    }
    const currency = curCol >= 0 && /^[A-Za-z]{3}$/.test(cell(curCol)) ? currentCurrencyCode(cell(curCol)) : o.currency;
    if (currency !== lastCurrency) {
      const exponent = currencyExponent(currency);
      moneyOpts = optsByExponent.get(exponent) ?? { exponent, decimal: o.decimal };
      optsByExponent.set(exponent, moneyOpts);
      lastCurrency = currency;
    }
    const trailing = width > 0 && c.length > width;
    // One description column and nothing after the header's width: its trimmed text, as joinParts gives it.
    const single = oneText >= 0 && !trailing ? textOf(cell(oneText)) : null;
    let text: string | string[];
    if (single !== null) text = single || [];
    else {
      const parts =
        oneText >= 0
          ? [cell(oneText)]
          : embedded.size
            ? textCols.map((i) => {
                const shape = embedded.get(i);
                const m = shape ? shape.exec(cell(i)) : null;
                if (!m) return cell(i);
                // An embedded type/number ("BG/000000001") is the row's reference, not its description.
                if (!reference) reference = m[1];
                return cell(i).replace(m[1], ' ');
              })
            : textCols.map(cell);
      if (trailing) parts.push(...trailingText(c, width, roles));
      text = joinParts(parts);
    }
    if (!text.length && noteCols.length) text = joinParts(noteCols.map(cell));
    const labelled = c.find(isLabel);
    const date = dateOf(cell(dateCol)) ?? (!cell(dateCol) && otherDateCol >= 0 ? dateOf(cell(otherDateCol)) : null);
    const bal = money(balanceCol);
    if (bal?.signed) out.balanceSigned = true;
    let amt: ParsedMoney | null = null;
    for (const i of amountCols) if ((amt = money(i)) !== null) break;
    const deb = money(debitCol);
    const cred = money(creditCol);
    // A dated row whose whole text is a label ("Opening balance", "Turnover") is a figure or a total too.
    // (A label with a number in a column of its own, "Saldo Anterior" and document "0", is whole too.)
    const only = typeof text === 'string' ? text : text.length === 1 ? text[0] : text.length <= 3 ? text.join(' ') : null;
    const onlyLabel = only !== null && isWholeLabel(only);
    if (labelled && (!date || (!amt && !deb && !cred) || (onlyLabel && only.startsWith(labelled)))) {
      // "Opening balance" / "Closing balance" printed as a row or a preamble line: a figure, not a transaction.
      const fig =
        bal ??
        amt ??
        deb ??
        cred ??
        [...c]
          .reverse()
          .map((x) => parseMoney(x, moneyOpts))
          .find((m) => m !== null) ??
        null;
      if (fig) {
        let value = fig.value;
        const mark = directionMark(cell(dirCol));
        // A figure printing its own sign keeps it; an unsigned one takes its column's or mark's direction.
        if (fig.signed) {
          /* as printed */
        } else if (fig === deb || (fig === amt && DEBIT_MARKS.test(mark))) value = -absMinor(value);
        else if (fig === cred || (fig === amt && CREDIT_MARKS.test(mark))) value = absMinor(value);
        const f = (out.figures[currency] ??= {});
        if (OPENING_LABEL.test(labelled)) {
          if (f.opening === undefined) f.opening = value;
          else (f.between ??= []).push(value);
        } else {
          if (f.closing !== undefined) (f.between ??= []).push(f.closing);
          f.closing = value;
        }
      }
      return;
    }
    const totalFigures = () => [amt, deb, cred].flatMap((m) => (m ? [m.value] : []));
    if ((onlyLabel && TOTAL_LABEL.test(only)) || (!date && c.some((x) => TOTAL_LABEL.test(x) || TRAILING_TOTAL_LABEL.test(x.trim())))) {
      if (amt || deb || cred) out.totals.push({ line, text: c.filter(Boolean).join(' '), figures: totalFigures() });
      return;
    }
    if (!date) {
      if (amt || deb || cred) out.skipped.push(line);
      else if (out.rows.length && text.length && c.every((x, i) => !x || !FIGURE_ROLES.has(roles[i]))) {
        // A record with text under the description columns and no date or figure anywhere continues the
        // row above it (a place printed on a line of its own).
        const above = out.rows[out.rows.length - 1];
        above.description = [...textParts(above.description), ...textParts(text)];
      }
      return;
    }
    let signFrom: ReadRow['signFrom'] = 'amount';
    let amount: bigint;
    let conflict: bigint | null = null;
    let unsignedDebit = false;
    if (amt === null && (deb || cred)) {
      signFrom = 'columns';
      // (One column filled, as on most rows: its figure, with no subtraction making a new bigint.)
      amount = cred && deb ? cred.value - absMinor(deb.value) : cred ? cred.value : -absMinor(deb!.value);
    } else if (amt !== null) {
      amount = amt.value;
      if (dirCol >= 0) {
        const mark = directionMark(cell(dirCol));
        // A minus, a plus or brackets printed on the amount itself is a sign too. Where the mark says
        // the other way ("Gutschrift" beside "-500,00"), two printed labels disagree: the amount's own
        // sign is the reading, the mark's the alternative, and only a checked balance decides (a row no
        // equation holds stays unverified).
        const own = amt.signed && !amt.marker ? amount : 0n;
        if ((CREDIT_MARKS.test(mark) && own < 0n) || (DEBIT_MARKS.test(mark) && own > 0n)) conflict = -own;
        else if (CREDIT_MARKS.test(mark)) {
          amount = absMinor(amount);
          signFrom = 'direction';
        } else if (DEBIT_MARKS.test(mark) || (!mark && onlyCreditMarks && !amt.signed)) {
          amount = -absMinor(amount);
          signFrom = 'direction';
          if (own < 0n) minusBesideDebitMark = true;
          else if (!amt.signed && mark) unsignedDebit = true;
        }
      } else if (amt.marker) signFrom = 'direction';
      if (signFrom === 'amount') {
        if (amt.signed) debitMarks += amount < 0n ? 1 : 0;
      } else if (amt.marker === 'CR') creditMarks++;
      else if (amt.marker) debitMarks++;
    } else if (bal) {
      // A dated balance with no amount ("Balance as at 25 Aug 2026" under NatWest's rows): no movement,
      // checked against its neighbours as a zero row's balance is.
      const z = { line, balance: bal.value, prev: out.rows[out.rows.length - 1] ?? null, next: null };
      out.zeroBalances.push(z);
      awaitingNext.push(z);
      return;
    } else {
      out.skipped.push(line);
      return;
    }
    const fee = money(feeCol);
    // Rows whose amount is zero (notices, holds, a 0.00 interest line) are never transactions.
    if (amount === 0n && !fee?.value) {
      if (bal) {
        const z = { line, balance: bal.value, prev: out.rows[out.rows.length - 1] ?? null, next: null };
        out.zeroBalances.push(z);
        awaitingNext.push(z);
      }
      return;
    }
    dates.push(date);
    const row: ReadRow = new Row(
      text,
      cell(typeCol),
      reference,
      currency,
      amount,
      signFrom,
      fee ? absMinor(fee.value) : null,
      bal ? bal.value : null,
      money(beforeCol)?.value ?? null,
      line,
    );
    if (conflict !== null) row.alternatives = [conflict];
    if (unsignedDebit) unsignedDebits.push(row);
    if (textOutOfPlace(text, c, roles)) out.unplacedText.push(line);
    out.rows.push(row);
    if (awaitingNext.length) {
      for (const z of awaitingNext) z.next = row;
      awaitingNext = [];
    }
    if (signFrom === 'amount' && amt && !amt.signed) unmarked.push(row);
  };
  const finish = (): ReadResult => {
    if (minusBesideDebitMark) {
      // Two printed labels disagree, as a minus beside a credit mark does: the column's reading, the
      // mark's as the alternative only a checked balance may choose.
      for (const r of unsignedDebits) {
        r.alternatives = [r.amount];
        r.amount = -r.amount;
        r.signFrom = 'amount';
      }
    }
    if (creditMarks > 0 && debitMarks === 0) {
      for (const r of unmarked) {
        r.amount = -r.amount;
        r.signFrom = 'direction';
      }
    }
    const needYears = dates.some((p) => p.y === null);
    const years = needYears ? inferYears(dates, o.years?.()) : null;
    if (years?.unsure)
      out.warnings.push({ code: 'year_inferred', blocks: true, message: 'The dates print no year; the year was inferred and should be checked.' });
    // Exports repeat each date on many rows: each distinct date is formatted once.
    const iso = new Map<number, string>();
    out.rows.forEach((r, i) => {
      const p = dates[i];
      const y = p.y ?? years!.years[i];
      const k = (y * 13 + p.m) * 32 + p.d;
      let t = iso.get(k);
      if (t === undefined) iso.set(k, (t = isoDate({ y, m: p.m, d: p.d })));
      r.date = t;
    });
    return out;
  };
  return { add, finish };
}
