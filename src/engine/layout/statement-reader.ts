// From positioned lines to the engine result: rows and anchors from the layout, facts from the page
// text, then the shared reconciliation core (src/engine/reconcile.ts) chains the printed balances.
// Used by the PDF engine and the fixed-width text engine alike.
import { DEFAULT_CURRENCY } from '../currencies.js';
import { CREDIT_MARKS, DEBIT_MARKS } from '../csv/header-words.js';
import { AppError } from '../../errors.js';
import { PDF_HINTS, recogniseBank } from '../profiles/pdf-hints.js';
import { reconcileBest, type DraftRow as CoreRow, type DraftStatement as CoreStatement, type PrintedFigures } from '../reconcile.js';
import { locationUnit, type EngineResult, type InputKind, type Provenance, type Warning } from '../types.js';
import { integrityOf } from '../integrity/types.js';
import { figureStyleSignals } from '../integrity/layout-signals.js';
import { lineText } from './line-builder.js';
import { currencyOfSymbol, signedValue } from './money-words.js';
import { buildRows } from './row-builder.js';
import { isCardText, readFacts } from './statement-facts.js';
import { CARD_TERMS, foldText } from './lexicon.js';
import { isoOf, resolveDates } from './statement-dates.js';
import type { Anchor, DateParts, DraftRow, Line, MoneyToken, PageInfo } from './types.js';

export interface ReadOptions {
  inputKind: InputKind;
  bank: string;
  pageCount: number | null;
  pages?: PageInfo[];
  /** Columns are not aligned (text copied out of a viewer): infer them, ignore header positions. */
  headerless?: boolean;
}

/**
 * A single amount column that marks its figures of one direction only (CR on credits, a minus on
 * debits) prints the other direction unmarked: its unmarked figures go the other way for sure. A
 * minus means money out from the holder's side and money in from a card issuer's.
 */
function unmarkedDirections(rows: DraftRow[], view: View): Map<number, 'dr' | 'cr'> {
  const marks = new Map<number, Set<'dr' | 'cr'>>();
  for (const r of rows) {
    const m = r.amount;
    if (!m) continue;
    const dir = m.dir ?? (m.sign === '-' ? (view === 'issuer' ? 'cr' : 'dr') : m.sign === '+' ? 'cr' : null);
    if (!dir) continue;
    const set = marks.get(r.section) ?? new Set();
    set.add(dir);
    marks.set(r.section, set);
  }
  const out = new Map<number, 'dr' | 'cr'>();
  for (const [section, set] of marks) if (set.size === 1) out.set(section, set.has('cr') ? 'dr' : 'cr');
  return out;
}

/**
 * Whose side the statement's unmarked figures are printed from. A bank account is printed from the
 * holder's: an unmarked balance is in credit. A card account is printed from the issuer's: an
 * unmarked amount is a purchase, an unmarked balance is owed, and a minus or CR marks money to the
 * holder. Columns labelled money in / money out mean the same under both.
 */
type View = 'holder' | 'issuer';

interface ViewReading {
  view: View;
  balanceSign: 1n | -1n;
  /** Money in and money out columns that no header names are read the other way round. */
  swapped?: boolean;
}

// A type column's whole text "Debit" or "Credit" says only the direction, which the amount carries: no
// part of the description (a type code such as "CR", "DD" or "Gutschrift" names the kind of payment too
// and stays in it).
const DIRECTION_WORD = /^(d[ée]bit|cr[ée]dit|d[ée]bito|cr[ée]dito)$/i;

/** A type column's text that is nothing but a direction ("Debit", "Credit", "DR"): the amount's printed sign. */
function typeMark(typeCode: string): 'dr' | 'cr' | null {
  if (!typeCode || typeCode.length > 12) return null;
  return DEBIT_MARKS.test(typeCode) ? 'dr' : CREDIT_MARKS.test(typeCode) ? 'cr' : null;
}

function rowAmount(r: DraftRow, view: View, unmarked?: 'dr' | 'cr', swapped = false): { amount: bigint; alternatives: bigint[] } | null {
  const unsigned = view === 'issuer' ? 'dr' : 'cr';
  const [debit, credit] = swapped ? [r.credit, r.debit] : [r.debit, r.credit];
  if (debit && credit) return { amount: credit.abs - debit.abs, alternatives: [] };
  if (debit) return { amount: -debit.abs, alternatives: [] };
  if (credit) return { amount: credit.abs, alternatives: [] };
  if (r.amount) {
    const m = r.amount;
    // A type column printing Debit / Credit beside an unsigned amount is its printed direction, in
    // the holder's terms whichever side prints the statement.
    const mark = !m.dir && !m.sign ? typeMark(r.typeCode) : null;
    if (mark) return { amount: mark === 'dr' ? -m.abs : m.abs, alternatives: [] };
    if (!m.dir && !m.sign && unmarked) return { amount: unmarked === 'dr' ? -m.abs : m.abs, alternatives: [] };
    const v = signedValue(m, unsigned);
    // A card prints purchases unmarked: under the issuer's view an unmarked figure is money out.
    const explicit = view === 'issuer' || m.sign !== null || m.dir !== null;
    return { amount: v, alternatives: explicit ? [] : [-v] };
  }
  // Only one figure, read as a balance or unplaced: it is the amount, sign left to the balances.
  const m = r.loose[0] ?? null;
  if (m) {
    const v = signedValue(m, unsigned);
    return { amount: v, alternatives: [-v] };
  }
  return null;
}

/** A printed balance or anchor: marks (D, OD, CR, a minus, "in our favour") decide; an unmarked one follows the reading. */
function balanceValue(m: MoneyToken, reading: ViewReading): bigint {
  if (m.dir || m.sign) return signedValue(m, reading.view === 'issuer' ? 'dr' : 'cr');
  return m.abs * reading.balanceSign;
}

/**
 * The readings the balances choose from, the likelier first: the view the page's words suggest
 * (card words outside the table, a card bank), then the other; under each, an unmarked balance column
 * as the view prints it, then with the other sign as a whole (an account overdrawn throughout printing
 * no marks); then money in / out columns that no header names, the other way round.
 *
 * A printed minus means money out to the holder and money in to a card issuer, so the other view would
 * read every minus the other way: where the statement prints one, the view the words suggest is kept
 * (rule 4: a minus is never flipped to make the balances agree). Otherwise reading everything the other
 * way round would close the same equations (a mirror), and the balances could not tell.
 */
function readingsFor(cardLike: boolean, printsMinus: boolean, balanceMinus: boolean, unlabelledSplit: boolean): ViewReading[] {
  const views: View[] = cardLike ? ['issuer', 'holder'] : ['holder', 'issuer'];
  const base = (printsMinus ? views.slice(0, 1) : views).flatMap((view) => {
    const usual: 1n | -1n = view === 'issuer' ? -1n : 1n;
    // A balance column that marks its other side with a minus prints this side unmarked: the
    // unmarked balances cannot all be the other sign (that reading would flip printed labels).
    if (balanceMinus) return [{ view, balanceSign: usual }];
    const flipped: 1n | -1n = usual === 1n ? -1n : 1n;
    return [
      { view, balanceSign: usual },
      { view, balanceSign: flipped },
    ];
  });
  return unlabelledSplit ? [...base, ...base.map((r) => ({ ...r, swapped: true }))] : base;
}

/** True when a printed balance (a row's or an anchor's) carries a minus or brackets. */
function balancesPrintMinus(rows: DraftRow[], anchors: Anchor[]): boolean {
  return rows.some((r) => r.balance?.sign === '-') || anchors.some((a) => a.value.sign === '-');
}

/** True when any figure of the statement (row, balance or anchor) is printed with a minus or in brackets. */
function printsMinus(rows: DraftRow[], anchors: Anchor[]): boolean {
  const minus = (m: MoneyToken | null) => !!m && m.sign === '-';
  return rows.some((r) => minus(r.amount) || minus(r.balance) || minus(r.debit) || minus(r.credit)) || anchors.some((a) => minus(a.value));
}

// Whitespace squeezed to single spaces and trimmed; a part that has none to squeeze or trim (nearly
// every one) is kept as it is, without the two passes.
const UNTIDY = /^\s|\s$|\s\s|[^\S ]/;
const tidy = (p: string): string => (UNTIDY.test(p) ? p.replace(/\s+/g, ' ').trim() : p);

export function readStatement(lines: Line[], opts: ReadOptions): EngineResult {
  const pageText = pagesText(lines);
  const facts = readFacts(pageText);
  const built = buildRows(lines, opts.headerless);
  // The bank and the kind of account are named in the page furniture; a payee in the table
  // ("DIRECT DEBIT TO AMERICAN EXPRESS") names neither.
  const furniture = pagesText(lines.filter((l) => !built.tableLines.has(l)));
  const detected = opts.bank !== 'auto' && opts.bank !== 'generic' ? opts.bank : recogniseBank(furniture);
  const hints = detected ? PDF_HINTS[detected] : undefined;
  // A card account's terms read into the table with its small print still name a card where the table
  // prints no running balance, as card statements do not (a bank account's may mention a credit limit).
  const balanceColumn = built.sections.some((s) => s.hasBalanceColumn);
  const cardLike = hints?.accountType ? hints.accountType === 'card' : isCardText(furniture) || (!balanceColumn && CARD_TERMS.test(foldText(pageText)));
  const warnings: Warning[] = [];
  let currency = facts.currency ?? built.sections.find((s) => s.currency)?.currency ?? null;
  if (!currency) {
    currency = DEFAULT_CURRENCY;
    warnings.push({ code: 'currency_assumed', message: 'The statement names no currency; GBP was assumed.' });
  }
  const sectionCurrency = (i: number) => built.sections[i]?.currency ?? currency;
  const sectionCurrencies = new Set([currency, ...built.sections.map((x) => x.currency).filter(Boolean)]);

  // Rows need a date (carried down from the row above) and a figure.
  const kept: DraftRow[] = [];
  let carried = null as DraftRow['date'];
  let carriedText = '';
  let skipped = 0;
  // Dates carry down, so a group with a figure but no date stands before the table's first dated row.
  let skippedMoney = 0;
  for (const r of built.rows) {
    if (r.date) {
      carried = r.date;
      carriedText = r.dateText;
    } else if (carried) {
      r.date = carried;
      r.dateText = carriedText;
    }
    const a = rowAmount(r, 'holder');
    if (!r.date || !a) {
      skipped++;
      if (a) skippedMoney++;
      continue;
    }
    // A row whose amount is zero moves no money (a notice, a hold, a rate line): never a transaction.
    if (a.amount === 0n) continue;
    kept.push(r);
  }
  if (!kept.length) {
    throw new AppError(
      'no_transactions_found',
      built.headersFound
        ? 'A transaction table header was found but no rows with a date and an amount under it.'
        : 'No transaction table (a header row with date and amount or balance columns) was found.',
    );
  }
  const dates = resolveDates(
    kept.map((r) => r.date),
    facts,
    warnings,
    kept.map((r) => r.page),
  );
  // A left-out figure above the first row is checked only by a printed opening balance: without one,
  // the first printed balance fixes the opening and would take the figure in unseen.
  const unchecked = skippedMoney > 0 && !built.anchors.some((x) => x.kind === 'opening');
  if (skipped) {
    warnings.push({
      code: 'rows_skipped',
      message: unchecked
        ? `${skipped} line group(s) in the table had no date or no amount and were left out; ${skippedMoney === 1 ? 'one prints' : `${skippedMoney} print`} a figure above the first dated row, and with no opening balance printed the balances cannot show whether it moved money.`
        : `${skipped} line group(s) in the table had no date or no amount and were left out.`,
    });
  }

  const pageSize = new Map((opts.pages ?? []).map((p) => [p.page, p]));
  const provenance = (r: DraftRow): Provenance =>
    opts.inputKind === 'pdf'
      ? {
          page: r.page,
          boxes: r.boxes.map((b) => b.map((v) => Math.round(v * 10) / 10) as [number, number, number, number]),
          pageWidth: pageSize.get(r.page)?.width,
          pageHeight: pageSize.get(r.page)?.height,
        }
      : { page: r.lines[0] ?? r.page, lines: r.lines };
  const unmarkedBy = { holder: unmarkedDirections(kept, 'holder'), issuer: unmarkedDirections(kept, 'issuer') };
  const anchors = datedAnchorsResolved(
    built.anchors,
    kept.map((r, i) => ({ section: r.section, iso: isoOf(dates[i]!) })),
  );
  const statementOf = (reading: ViewReading) => (): CoreStatement => {
    const rows: CoreRow[] = kept.map((r, i) => {
      const a = rowAmount(r, reading.view, unmarkedBy[reading.view].get(r.section), reading.swapped && built.sections[r.section]?.unlabelledSplit)!;
      return {
        date: isoOf(dates[i]!),
        description: r.descParts.map(tidy).filter(Boolean),
        typeCode: (!DIRECTION_WORD.test(r.typeCode) && r.typeCode) || undefined,
        reference: r.reference || undefined,
        amount: a.amount,
        alternatives: a.alternatives.length ? a.alternatives : undefined,
        balance: r.balance ? balanceValue(r.balance, reading) : null,
        currency: sectionCurrency(r.section),
        provenance: provenance(r),
      };
    });
    const figures: Record<string, PrintedFigures> = {};
    for (const a of anchors) {
      // A figure printed with its currency's sign belongs to that currency's section (a summary box
      // printed above the section's table, before its header opens the section).
      const marked = currencyOfSymbol(a.value.text);
      const f = (figures[marked && sectionCurrencies.has(marked) ? marked : sectionCurrency(a.section)] ??= {});
      // Balances past the first opening and before the last closing (a page's carried forward, a
      // second closing in a summary, a month's end by its date) must each be one the rows reach.
      const v = a.kind === 'opening' || a.kind === 'closing' || a.kind === 'dated' ? balanceValue(a.value, reading) : null;
      if (a.kind === 'opening' && f.opening == null) f.opening = v;
      else if (a.kind === 'closing') {
        if (f.closing != null) (f.between ??= []).push(f.closing);
        f.closing = v;
      } else if (v != null) (f.between ??= []).push(v);
      if (a.kind === 'total_in' && f.totalIn == null) f.totalIn = a.value.abs;
      if (a.kind === 'total_out' && f.totalOut == null) f.totalOut = a.value.abs;
    }
    return {
      bank: detected ?? 'generic',
      currency,
      rows,
      figures,
      order: 'auto',
      warnings,
      meta: {
        inputKind: opts.inputKind,
        pageCount: opts.pageCount,
        periodStart: facts.periodStart,
        periodEnd: facts.periodEnd,
        accountId: facts.accountId,
        bankId: facts.bankId,
        accountType: reading.view === 'issuer' ? 'card' : 'bank',
      },
    };
  };
  const result = reconcileBest(
    readingsFor(
      cardLike,
      printsMinus(kept, built.anchors),
      balancesPrintMinus(kept, built.anchors),
      built.sections.some((x) => x.unlabelledSplit),
    ).map(statementOf),
  );
  if (unchecked && result.reconcile_status === 'PASS') result.reconcile_status = 'RECONCILE_WARN';
  const out = withGroupingDoubts(result, kept, new Set(built.uncertain), opts.inputKind);
  out.integrity = integrityOf(figureStyleSignals(kept));
  return out;
}

/**
 * Balances printed with their date ("Saldo per 23.10.2025", "Balance on 1 April 2024") open or close
 * their section by that date: the earliest opens and the latest closes if it is no earlier than the last
 * row; a lone one opens when it is no later than the first row and closes when it is no earlier than the last.
 */
function datedAnchorsResolved(anchors: Anchor[], rows: { section: number; iso: string }[]): Anchor[] {
  const out = anchors.filter((a) => a.kind !== 'dated');
  const used = new Set<Anchor>();
  const isoOfParts = (d: DateParts) =>
    d.y === null ? null : d.order === 'mdy' ? isoOf({ day: d.b, month: d.a, year: d.y }) : isoOf({ day: d.a, month: d.b, year: d.y });
  const bySection = new Map<number, { a: Anchor; iso: string }[]>();
  for (const a of anchors) {
    const iso = a.kind === 'dated' && a.date ? isoOfParts(a.date) : null;
    if (!iso) continue;
    const list = bySection.get(a.section) ?? [];
    list.push({ a, iso });
    bySection.set(a.section, list);
  }
  for (const [section, list] of bySection) {
    list.sort((p, q) => (p.iso < q.iso ? -1 : p.iso > q.iso ? 1 : 0));
    const days = rows
      .filter((r) => r.section === section)
      .map((r) => r.iso)
      .sort();
    const first = list[0],
      last = list[list.length - 1];
    // (The same dated balance printed twice, in a summary and under the table, is one figure.) One dated
    // before the last row is no closing: a month's end inside the table, passed over like any between.
    const spread = last.iso > first.iso;
    if (spread || (days.length && first.iso <= days[0] && first.iso < days[days.length - 1])) {
      out.push({ ...first.a, kind: 'opening' });
      used.add(first.a);
    }
    if (days.length ? last.iso >= days[days.length - 1] : spread) {
      out.push({ ...last.a, kind: 'closing' });
      used.add(last.a);
    }
  }
  // The rest stay 'dated': balances between rows, each checked against the running balance.
  for (const a of anchors) if (a.kind === 'dated' && !used.has(a)) out.push(a);
  return out;
}

/**
 * Rows whose lines the table's structure could not group for sure: a warning names them, and the
 * verdict is not PASS, because no balance checks a description.
 */
function withGroupingDoubts(result: EngineResult, rows: DraftRow[], uncertain: Set<DraftRow>, kind: InputKind): EngineResult {
  const doubtful = rows.flatMap((r, i) => (uncertain.has(r) ? [i] : []));
  if (!doubtful.length) return result;
  const unit = locationUnit(kind);
  const first = rows[doubtful[0]];
  const where = unit === 'page' ? first.page : (first.lines[0] ?? first.page);
  const names =
    doubtful
      .slice(0, 5)
      .map((i) => i + 1)
      .join(', ') + (doubtful.length > 5 ? ` and ${doubtful.length - 5} more` : '');
  result.warnings.push({
    code: 'grouping_uncertain',
    message: `The table does not show for sure which printed lines belong to which row; check the descriptions of row(s) ${names} (first on ${unit} ${where}).`,
    row: doubtful[0] + 1,
    page: where,
  });
  if (result.reconcile_status === 'PASS') result.reconcile_status = 'RECONCILE_WARN';
  return result;
}

function pagesText(lines: Line[]): string {
  const out: string[] = [];
  let page = lines[0]?.page ?? 1;
  for (const l of lines) {
    if (l.page !== page) {
      out.push('\f');
      page = l.page;
    }
    out.push(lineText(l));
  }
  return out.join('\n');
}
