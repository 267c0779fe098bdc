// From positioned lines to the engine result: rows and anchors from the layout, facts from the page
// text, then the shared reconciliation core (src/engine/reconcile.ts) chains the printed balances.
// Used by the PDF engine and the fixed-width text engine alike.
import { DEFAULT_CURRENCY } from '../currencies.js';
import { AppError } from '../../errors.js';
import { PDF_HINTS, recogniseBank } from '../profiles/pdf-hints.js';
import { reconcileBest, type DraftRow as CoreRow, type DraftStatement as CoreStatement, type PrintedFigures } from '../reconcile.js';
import { locationUnit, type EngineResult, type InputKind, type Provenance, type Warning } from '../types.js';
import { integrityOf } from '../integrity/types.js';
import { balancesProveAll, settleVerdict } from '../verdict.js';
import { figureStyleSignals } from '../integrity/layout-signals.js';
import { lineText } from './line-builder.js';
import { currencyOfSymbol } from './money-words.js';
import { inferCurrency } from '../currency-evidence.js';
import { unbookedRows } from './unbooked.js';
import { buildRows, type BuildResult } from './row-builder.js';
import { decideCandidates } from './candidate-rows.js';
import { withLineEvidence } from './line-evidence.js';
import {
  balancesPrintMinus,
  balanceValue,
  DIRECTION_WORD,
  directionsLabelled,
  printsMinus,
  readingsFor,
  rowAmount,
  unmarkedDirections,
  viewPrinted,
  type ViewReading,
} from './account-view.js';
import { isCardText, readFacts } from './statement-facts.js';
import { BANK_ACCOUNT_WORDS, CARD_TERMS, foldText } from './lexicon.js';
import { isoOf, resolveDates } from './statement-dates.js';
import type { Anchor, DateParts, DraftRow, Line, PageInfo } from './types.js';

export interface ReadOptions {
  inputKind: InputKind;
  bank: string;
  pageCount: number | null;
  pages?: PageInfo[];
  /** Columns are not aligned (text copied out of a viewer): infer them, ignore header positions. */
  headerless?: boolean;
  /** The currency the caller stated (ConvertOptions.currency), for a statement that prints none. */
  currency?: string;
}

// Whitespace squeezed to single spaces and trimmed; a part that has none to squeeze or trim (nearly
// every one) is kept as it is, without the two passes.
const UNTIDY = /^\s|\s$|\s\s|[^\S ]/;
const tidy = (p: string): string => (UNTIDY.test(p) ? p.replace(/\s+/g, ' ').trim() : p);

/**
 * The currency of a statement whose figures carry no code or sign: the one the caller stated, else the
 * one its text points to (currency-evidence.ts, noted as inferred), else the default, noted as assumed.
 */
function statementCurrency(pageText: string, furniture: string, stated: string | undefined, warnings: Warning[]): string {
  if (stated) return stated;
  const found = inferCurrency(pageText, furniture);
  if (found) {
    warnings.push({ code: 'currency_inferred', message: `The statement prints no currency; ${found.code} was taken from its ${found.from}.` });
    return found.code;
  }
  warnings.push({ code: 'currency_assumed', message: `The statement names no currency; ${DEFAULT_CURRENCY} was assumed.` });
  return DEFAULT_CURRENCY;
}

export function readStatement(lines: Line[], opts: ReadOptions): EngineResult {
  const built = buildRows(lines, opts.headerless);
  return decideCandidates(built, (b) => readBuilt(lines, b, opts), opts.inputKind);
}

function readBuilt(lines: Line[], built: BuildResult, opts: ReadOptions): { result: EngineResult; kept: DraftRow[] } {
  const pageText = pagesText(lines);
  const facts = readFacts(pageText);
  // The bank and the kind of account are named in the page furniture; a payee in the table
  // ("DIRECT DEBIT TO AMERICAN EXPRESS") names neither.
  const furniture = pagesText(lines.filter((l) => !built.tableLines.has(l)));
  // The bank is named by the letterhead and the small print, which a table running to the foot of its
  // page takes in as its own lines: every line that is no row's counts.
  const detected = opts.bank !== 'auto' && opts.bank !== 'generic' ? opts.bank : recogniseBank(pagesText(outsideRows(lines, built.rows)));
  const hints = detected ? PDF_HINTS[detected] : undefined;
  // A card account's terms read into the table with its small print still name a card where the table
  // prints no running balance, as card statements do not (a bank account's may mention a credit limit).
  // So do card words in the furniture, unless it names a bank account too (a checking account's small
  // print offering a line of credit) and the table prints a running balance.
  const balanceColumn = built.sections.some((s) => s.hasBalanceColumn);
  const bankNamed = balanceColumn && BANK_ACCOUNT_WORDS.test(foldText(furniture));
  const cardLike = hints?.accountType
    ? hints.accountType === 'card'
    : (isCardText(furniture) && !bankNamed) || (!balanceColumn && CARD_TERMS.test(foldText(pageText)));
  const warnings: Warning[] = [];
  const printed = facts.currency ?? built.sections.find((s) => s.currency)?.currency ?? null;
  const currency = printed ?? statementCurrency(pageText, furniture, opts.currency, warnings);
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
  // Entries the balance skips (declined, reversed): their printed balance repeats the one before them.
  const unbooked = unbookedRows(kept);
  if (unbooked.size) {
    kept.splice(0, kept.length, ...kept.filter((r) => !unbooked.has(r)));
    warnings.push({
      code: 'rows_skipped',
      blocks: false,
      message: `${unbooked.size} entr${unbooked.size === 1 ? 'y prints' : 'ies print'} an amount with the balance before it unchanged (declined or reversed, not booked) and ${unbooked.size === 1 ? 'was' : 'were'} left out: ${[...unbooked].map((r) => r.descParts.join(' ').slice(0, 40)).join('; ')}.`,
    });
  }
  const { dates, order } = resolveDates(
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
      // Lines without money, or money a printed opening accounts for, cannot hide a movement the chain misses.
      blocks: unchecked,
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
    order,
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
      // Every unmarked balance read the other way from the view's own (a sum owed where the holder's side
      // prints what is held) is what nothing printed says: an opening and a closing around one or two
      // rows of round figures close by chance, so there it needs a second equation.
      minEquations: kept.length <= 2 && reading.balanceSign !== (reading.view === 'issuer' ? -1n : 1n) ? 2 : undefined,
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
      printsMinus(kept, built.anchors) && !directionsLabelled(kept, built.sections),
      balancesPrintMinus(kept, built.anchors),
      built.sections.some((x) => x.unlabelledSplit),
    ).map(statementOf),
  );
  const view = result.meta.accountType === 'card' ? 'issuer' : 'holder';
  if (balancesProveAll(result) && !printsMinus(kept, built.anchors) && !viewPrinted(view, cardLike, hints?.accountType, balanceColumn, furniture)) {
    // Nothing printed chose the view: if the other one passes too with other amounts, every row's
    // direction is a guess (a card's month of purchases, no CR in sight, reads as a deposit account's).
    const other = reconcileBest(
      readingsFor(
        cardLike,
        false,
        balancesPrintMinus(kept, built.anchors),
        built.sections.some((x) => x.unlabelledSplit),
      )
        .filter((r) => r.view !== view)
        .map(statementOf),
    );
    if (balancesProveAll(other) && other.transactions.some((t, i) => t.Amount !== result.transactions[i]?.Amount)) {
      result.warnings.push({
        code: 'direction_ambiguous',
        message: `Nothing printed says which way the amounts go (no minus, CR/DR or money in/out column, and no words naming a bank account or a card), and the balances agree either way: read as ${view === 'issuer' ? "a card's (an unmarked amount is a purchase)" : "a bank account's (money in raises the balance)"}.`,
      });
    }
  }
  const out = withLineEvidence(withGroupingDoubts(result, kept, new Set(built.uncertain), opts.inputKind), kept, built, opts.inputKind);
  out.integrity = integrityOf(figureStyleSignals(kept));
  return { result: settleVerdict(out), kept };
}

/**
 * Balances printed with their date ("Saldo per 23.10.2025", "Balance on 1 April 2024") open or close
 * their section by that date: the earliest opens and the latest closes if it is no earlier than the last
 * row; a lone one opens when it is no later than the first row and closes when it is no earlier than the last.
 * A numeric date that could be either way round is read in the rows' order (`rowOrder`), unless only the
 * other can be a date ("04/28/2022" beside rows read day first).
 */
function datedAnchorsResolved(anchors: Anchor[], rows: { section: number; iso: string }[], rowOrder: 'dmy' | 'mdy'): Anchor[] {
  const out = anchors.filter((a) => a.kind !== 'dated');
  const used = new Set<Anchor>();
  const monthFirst = (d: DateParts) => d.order === 'mdy' || (d.order === null && (d.b > 12 || (d.a <= 12 && rowOrder === 'mdy')));
  const isoOfParts = (d: DateParts) =>
    d.y === null ? null : monthFirst(d) ? isoOf({ day: d.b, month: d.a, year: d.y }) : isoOf({ day: d.a, month: d.b, year: d.y });
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
  return result;
}

/** The lines printed outside every row (between none's first and last line on its page). */
function outsideRows(lines: Line[], rows: DraftRow[]): Line[] {
  const spans = new Map<number, [number, number][]>();
  for (const r of rows) {
    let list = spans.get(r.page);
    if (!list) spans.set(r.page, (list = []));
    list.push([r.firstY, r.lastY]);
  }
  for (const [page, list] of spans) {
    list.sort((a, b) => a[0] - b[0]);
    const merged: [number, number][] = [];
    for (const [a, b] of list) {
      const last = merged[merged.length - 1];
      if (last && a <= last[1]) last[1] = Math.max(last[1], b);
      else merged.push([a, b]);
    }
    spans.set(page, merged);
  }
  return lines.filter((l) => {
    const list = spans.get(l.page);
    if (!list) return true;
    // The last span starting at or above the line (the spans are disjoint and in order).
    let lo = 0;
    let hi = list.length - 1;
    let at = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (list[mid][0] <= l.y) {
        at = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return at < 0 || l.y > list[at][1];
  });
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
