// The reconciliation core shared by the CSV and PDF engines: a draft statement (typed rows in minor
// units) in, the contract's EngineResult out. Chains every printed balance, checks opening/closing and
// totals, chooses among ambiguous readings the one the printed balances confirm, fills computed
// balances, formats the nine fields. Linear in rows: ambiguity is resolved per row or per reading,
// never by search over combinations.
import { walkChain, type ChainResult } from './chain-walk.js';
import { currencyExponent, formatMinor, minorToNumber } from './money.js';
import { formatDate, parseIso } from './dates.js';
import { settleVerdict } from './verdict.js';
import { locationUnit, type EngineResult, type InputKind, type Provenance, type StatementMeta, type Transaction, type Warning } from './types.js';

export interface DraftRow {
  /** ISO date (YYYY-MM-DD), already resolved (order and year). */
  date: string;
  /** Every printed line of the row's text, in order (one line may be given as the string itself). */
  description: string | string[];
  /** Type code printed in its own column (DD, SO, VIS ...); starts the Description. */
  typeCode?: string;
  reference?: string;
  /** Signed minor units of the row's currency, holder's view (negative = money out): the default reading. */
  amount: bigint;
  /** Other possible signed amounts when the layout is ambiguous; the printed balances pick one. */
  alternatives?: bigint[];
  /** Printed balance after the row (signed minor units), or null/undefined when the row prints none. */
  balance?: bigint | null;
  /** ISO 4217; defaults to the statement currency. */
  currency?: string;
  provenance?: Provenance | null;
}

/** Figures a statement prints outside the rows, per currency, in signed minor units. */
export interface PrintedFigures {
  opening?: bigint | null;
  closing?: bigint | null;
  /** Sum of money in (positive). */
  totalIn?: bigint | null;
  /** Sum of money out, printed unsigned (positive). */
  totalOut?: bigint | null;
  /**
   * Balances printed outside the rows besides the opening and closing used (a page's carried forward,
   * the closing printed again in a summary, a month's end by its date): each must be a balance the
   * rows reach, or the statement contradicts itself. Compared by size: a mark they print differently
   * from the rows' balances is no contradiction of the figure.
   */
  between?: bigint[];
}

export interface DraftStatement {
  bank: string;
  /** Account currency (the first section's in multi-currency statements). */
  currency: string;
  rows: DraftRow[];
  /** Printed opening/closing/totals keyed by ISO currency code. */
  figures?: Record<string, PrintedFigures>;
  /** Printed order of the rows; 'auto' (default) lets the balances (then the dates) decide. */
  order?: 'asc' | 'desc' | 'auto';
  /** Every row without alternatives of its own may also be read with the opposite sign (alternatives [-amount]). */
  mirrored?: boolean;
  /** Warnings the extractor already has; `row` is a 1-based index into `rows`. */
  warnings?: Warning[];
  meta: Partial<Omit<StatementMeta, 'inputKind'>> & { inputKind: InputKind };
  /** Checked equations this reading needs before it may replace the default one (an alternative only). */
  minEquations?: number;
}

const groupRows = (d: DraftStatement): Map<string, number[]> => {
  const groups = new Map<string, number[]>();
  // Rows of one currency follow each other: the previous row's code and group are reused.
  let lastRaw: string | null = null;
  let g: number[] = [];
  d.rows.forEach((r, i) => {
    const raw = r.currency || d.currency;
    if (raw !== lastRaw) {
      const c = raw.toUpperCase();
      let found = groups.get(c);
      if (!found) groups.set(c, (found = []));
      g = found;
      lastRaw = raw;
    }
    g.push(i);
  });
  for (const c of Object.keys(d.figures ?? {})) if (!groups.has(c.toUpperCase())) groups.set(c.toUpperCase(), []);
  return groups;
};

const fmt = (v: bigint, currency: string) => formatMinor(v, currencyExponent(currency));

/**
 * Walks the rows in the order the balances confirm (fewest breaks; a tie goes to the dates). The
 * reverse walk is skipped when it cannot change the answer, and stopped once it has lost; `limit`
 * stops both once the caller no longer needs the exact count (see walk).
 */
function walkInOrder(d: DraftStatement, currency: string, idx: number[], figs: PrintedFigures, limit = Infinity): ChainResult {
  const m = d.mirrored ?? false;
  if (d.order === 'asc') return walkChain(d.rows, currency, idx, figs, limit, m);
  if (d.order === 'desc') return walkChain(d.rows, currency, [...idx].reverse(), figs, limit, m);
  const first = d.rows[idx[0]]?.date ?? '';
  const last = d.rows[idx[idx.length - 1]]?.date ?? '';
  const datesSayDesc = first > last;
  const a = walkChain(d.rows, currency, idx, figs, limit, m);
  if (!a.aborted && a.breaks.length === 0 && !datesSayDesc) return a;
  const b = walkChain(d.rows, currency, [...idx].reverse(), figs, a.aborted ? limit : a.breaks.length, m);
  if (b.aborted) return a;
  if (a.aborted) return b;
  if (a.breaks.length !== b.breaks.length) return a.breaks.length < b.breaks.length ? a : b;
  return datesSayDesc ? b : a;
}

function walkGroups(d: DraftStatement, cap = Infinity): { groups: ChainResult[]; score: number } {
  const groups: ChainResult[] = [];
  let score = 0;
  for (const [c, idx] of groupRows(d)) {
    const figs = d.figures?.[c] ?? {};
    // A reading whose score reaches `cap` cannot win, so its walks stop as soon as that is certain.
    const g = walkInOrder(d, c, idx, figs, cap - 1 - score);
    groups.push(g);
    score += g.breaks.length + g.totalsMismatch.length;
    if (g.aborted || score >= cap) return { groups, score: Math.max(score, cap) };
  }
  return { groups, score };
}

/**
 * Reconciles the reading the printed balances confirm best: `readings` are whole-statement alternatives
 * (sign convention flipped, columns swapped ...), the first being the default; ties keep the earlier one.
 */
export function reconcileBest(readings: (DraftStatement | (() => DraftStatement))[]): EngineResult {
  let best: DraftStatement | null = null;
  let bestScore = Infinity;
  let bestGroups: ChainResult[] = [];
  let first: { d: DraftStatement; groups: ChainResult[] } | null = null;
  // Nothing beats a reading without a break, and ties keep the earlier one; a reading given as a
  // function is built only when it is needed.
  for (let i = 0; i < readings.length && bestScore > 0; i++) {
    const r = readings[i];
    const d = typeof r === 'function' ? r() : r;
    // The default reading is walked in full: it is the answer when no other reading earns its place.
    const { groups, score } = walkGroups(d, i === 0 ? Infinity : bestScore);
    if (i === 0) first = { d, groups };
    if (score < bestScore || !best) {
      bestScore = score;
      best = d;
      bestGroups = groups;
    }
  }
  if (!best || !first) throw new Error('reconcileBest needs at least one reading');
  // A reading that overturns what is printed as a whole (every balance's sign) is believed only on enough
  // evidence: one equation between a row and two balances closes by chance on round figures (2.00, 3.00),
  // so below its minimum the statement is read as printed and says it does not reconcile.
  if (best !== first.d && bestGroups.reduce((n, g) => n + g.equations, 0) < (best.minEquations ?? 0)) {
    return resultOf(first.d, first.groups);
  }
  return resultOf(best, bestGroups);
}

const size = (v: bigint) => (v < 0n ? -v : v);

/** Printed balances outside the rows that equal no balance of the chain (opening, after a row, closing). */
function strayBalances(g: ChainResult, between: bigint[] | undefined): bigint[] {
  if (!between?.length || !g.hasBalances) return [];
  const reached = new Set<bigint>();
  if (g.opening !== null) reached.add(size(g.opening));
  if (g.closing !== null) reached.add(size(g.closing));
  for (const b of g.balances) if (b !== undefined) reached.add(size(b));
  return [...new Set(between.filter((v) => !reached.has(size(v))))];
}

function warnPage(d: DraftStatement, row: number): number | undefined {
  const p = d.rows[row]?.provenance;
  if (!p) return undefined;
  return locationUnit(d.meta.inputKind) === 'page' ? p.page : (p.lines?.[0] ?? p.page);
}

export function reconcile(d: DraftStatement): EngineResult {
  return resultOf(d, walkGroups(d).groups);
}

function resultOf(d: DraftStatement, groups: ChainResult[]): EngineResult {
  const warnings: Warning[] = [...(d.warnings ?? [])];
  const where = (i: number) => {
    const page = warnPage(d, i);
    const unit = locationUnit(d.meta.inputKind);
    return page === undefined ? `Row ${i + 1}` : `Row ${i + 1} (${unit} ${page})`;
  };
  let diff: bigint | null = null;
  let diffCurrency = d.currency;
  // Each group's equations follow the groups' before it in the result's proof.
  let firstEquation = 0;
  for (const g of groups) {
    const at = firstEquation;
    firstEquation += g.proof.length;
    for (const b of g.breaks) {
      const delta = b.printed - b.expected;
      if (b.what === 'closing') {
        warnings.push({
          code: 'balance_mismatch',
          message: `${g.currency} closing balance: the rows add up to ${fmt(b.expected, g.currency)}, the statement prints ${fmt(b.printed, g.currency)} (difference ${fmt(delta, g.currency)}).`,
          equation: at + b.equation + 1,
        });
        continue;
      }
      const w: Warning = {
        code: 'balance_mismatch',
        message: `${where(b.row)}: the balance after this row should be ${fmt(b.expected, g.currency)} ${g.currency}, the statement prints ${fmt(b.printed, g.currency)} (difference ${fmt(delta, g.currency)}).`,
        row: b.row + 1,
        equation: at + b.equation + 1,
      };
      const page = warnPage(d, b.row);
      if (page !== undefined) w.page = page;
      warnings.push(w);
    }
    for (const t of g.totalsMismatch) warnings.push({ code: 'totals_mismatch', message: `${g.currency} totals: ${t.text}.`, equation: at + t.equation + 1 });
    const stray = strayBalances(g, d.figures?.[g.currency]?.between);
    if (stray.length) {
      warnings.push({
        code: 'balance_mismatch',
        message: `The statement also prints ${stray.length === 1 ? 'the balance' : 'the balances'} ${stray.map((v) => `${fmt(v, g.currency)} ${g.currency}`).join(', ')} outside the rows, which the rows never reach: it contradicts itself.`,
      });
    }
    if (g.unverified.length && g.breaks.length === 0) {
      const first = Math.min(...g.unverified);
      const w: Warning = {
        code: 'rows_unverified',
        message: `${g.unverified.length} ${g.currency} row(s) have no printed balance after them, so they could not be checked (first: ${where(first)}).`,
        row: first + 1,
      };
      const page = warnPage(d, first);
      if (page !== undefined) w.page = page;
      warnings.push(w);
    }
    if (diff === null && g.diff !== null && g.diff !== 0n) {
      diff = g.diff;
      diffCurrency = g.currency;
    }
  }
  // A currency without any checked figure in a statement that has some is unverified too.
  const anyInfo = groups.some((g) => g.equations > 0);
  if (anyInfo && groups.some((g) => !g.equations && d.rows.some((r) => (r.currency || d.currency).toUpperCase() === g.currency))) {
    for (const g of groups.filter((x) => !x.equations)) {
      warnings.push({ code: 'rows_unverified', message: `The ${g.currency} rows print no balance, so they could not be checked.` });
    }
  }

  const byRow = new Array<ChainResult>(d.rows.length);
  for (const g of groups)
    g.amounts.forEach((a, i) => {
      if (a !== undefined) byRow[i] = g;
    });
  const exponents = new Map(groups.map((g) => [g.currency, currencyExponent(g.currency)]));
  // Statements repeat each date on many rows: each distinct date is converted once.
  const contractDates = new Map<string, string>();
  const contractDate = (iso: string): string => {
    let t = contractDates.get(iso);
    if (t === undefined) contractDates.set(iso, (t = isoToContract(iso)));
    return t;
  };
  const transactions: Transaction[] = d.rows.map((r, i) => {
    const g = byRow[i];
    const exp = exponents.get(g.currency)!;
    const amount = g.amounts[i]!;
    const abs = formatMinor(amount < 0n ? -amount : amount, exp);
    const bal = g.balances[i];
    return {
      Date: contractDate(r.date),
      Description: describe(r),
      Type: amount < 0n ? 'debit' : 'credit',
      Debit: amount < 0n ? abs : '',
      Credit: amount < 0n ? '' : abs,
      // formatMinor of a negative figure is "-" and the figure's absolute value, formatted.
      Amount: amount < 0n ? `-${abs}` : abs,
      Balance: bal === undefined ? '' : formatMinor(bal, exp),
      Reference: squash(r.reference ?? ''),
      Currency: g.currency,
    };
  });
  const first = groups.find((g) => g.currency === d.currency.toUpperCase()) ?? groups[0];
  // The earliest and latest date (as a sort of the ISO strings would give them, without sorting 100,000 of them).
  let minDate: string | undefined, maxDate: string | undefined;
  for (const r of d.rows) {
    const t = r.date;
    if (!t) continue;
    if (minDate === undefined || t < minDate) minDate = t;
    if (maxDate === undefined || t > maxDate) maxDate = t;
  }
  const exp = currencyExponent(d.currency);
  const meta: StatementMeta = {
    inputKind: d.meta.inputKind,
    pageCount: d.meta.pageCount ?? null,
    currency: d.currency.toUpperCase(),
    currencyExponent: exp,
    openingBalance: d.meta.openingBalance ?? (first?.hasBalances && first.opening !== null ? formatMinor(first.opening, exp) : null),
    closingBalance: d.meta.closingBalance ?? (first?.hasBalances && first.closing !== null ? formatMinor(first.closing, exp) : null),
    periodStart: d.meta.periodStart ?? minDate ?? null,
    periodEnd: d.meta.periodEnd ?? maxDate ?? null,
    accountId: d.meta.accountId ?? null,
    bankId: d.meta.bankId ?? null,
    accountType: d.meta.accountType ?? 'bank',
  };
  return settleVerdict({
    bank: d.bank,
    reconcile_status: 'NO_BAL',
    reconcile_diff: diff !== null ? minorToNumber(diff, currencyExponent(diffCurrency)) : 0,
    transaction_count: transactions.length,
    warnings,
    transactions,
    provenance: d.rows.map((r) => r.provenance ?? null),
    meta,
    proof: groups.length === 1 ? groups[0].proof : groups.flatMap((g) => g.proof),
  });
}

function isoToContract(iso: string): string {
  if (ISO_SHAPE.test(iso)) return `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}`;
  const p = parseIso(iso);
  return p ? formatDate(p) : iso;
}

const ISO_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const UNTIDY = /^\s|\s$|\s\s|[^\S ]/;
const squash = (s: string): string => (UNTIDY.test(s) ? s.replace(/\s+/g, ' ').trim() : s);

function describe(r: DraftRow): string {
  const d = r.description;
  if (typeof d === 'string') return squash(r.typeCode ? `${r.typeCode} ${d}` : d);
  if (!r.typeCode && d.length === 1) return squash(d[0]);
  let text = r.typeCode ?? '';
  for (const part of d) text += ` ${part ?? ''}`;
  return squash(text);
}
