// Walks the lines of a statement and builds draft rows: header rows open a table (or continue it
// on a new page), date or type-code lines start rows, amount lines complete them, continuation
// lines join the description, anchors (brought forward, closing, totals) are kept apart.
import { detectHeader, type Header } from './header-detect.js';
import { parseDateWords } from './date-words.js';
import { findMoney } from './money-words.js';
import { findAnchor } from './anchors.js';
import { inferTable, type InferredTable } from './headerless.js';
import { lineText } from './line-builder.js';
import { readLine } from './line-record.js';
import { FREE_TEXT_CURRENCY_CODES } from '../currencies.js';
import { foldText, NON_ROW } from './lexicon.js';
import { groupBlock, type TableBlock } from './row-grouping.js';
import type { Anchor, DraftRow, Line, Section, Token } from './types.js';

/** The figure a row prints, signed by its column (money out negative); null when it prints none. */
function printedFigure(r: DraftRow): bigint | null {
  if (r.debit || r.credit) return (r.credit?.abs ?? 0n) - (r.debit?.abs ?? 0n);
  if (r.amount) return r.amount.sign === '-' || r.amount.dir === 'dr' ? -r.amount.abs : r.amount.abs;
  return null;
}

// A statement dates nearly every row when at least this share of its figure lines print a date.
const DATED_TABLE = 0.8;

/**
 * In a statement that dates every row, an undated figure line whose figure is the sum of the dated rows
 * right below it (or right above it) is a subtotal ("Payments", a cardholder's total, "Total
 * activity"), not a transaction.
 */
function withoutSubtotals(rows: DraftRow[]): DraftRow[] {
  const isSubtotal = (i: number): boolean => {
    const own = printedFigure(rows[i]);
    if (own === null) return false;
    for (const step of [1, -1]) {
      let sum = 0n, n = 0;
      for (let k = i + step; k >= 0 && k < rows.length && rows[k].date; k += step) {
        const f = printedFigure(rows[k]);
        if (f === null) break;
        sum += f; n++;
        if (sum === own) return true;
      }
      if (n && sum === own) return true;
    }
    return false;
  };
  return rows.filter((r, i) => r.date || !isSubtotal(i));
}

function sectionCurrencyHint(text: string): string | null {
  const t = text.trim();
  if (t.length > 60) return null;
  const m = /\b([A-Z]{3})\b/.exec(t);
  if (m && FREE_TEXT_CURRENCY_CODES.includes(m[1]) && /(account|currency|konto|rekening|compte|cuenta|section|balance|pocket|wallet|statement)/i.test(t)) return m[1];
  const m2 = /^(?:currency|währung|valuta|devise|moneda)\s*:?\s*([A-Z]{3})\b/i.exec(t);
  return m2 && FREE_TEXT_CURRENCY_CODES.includes(m2[1].toUpperCase()) ? m2[1].toUpperCase() : null;
}

export interface BuildResult {
  rows: DraftRow[];
  /** Rows whose grouping of printed lines is a guess (the table's structure did not decide it). */
  uncertain: DraftRow[];
  /** Lines read as lines of a transaction table (the rest is page furniture: titles, summaries, small print). */
  tableLines: Set<Line>;
  anchors: Anchor[];
  sections: Section[];
  headersFound: number;
}

/** `headerless`: header rows say nothing about positions (compact text); infer the columns instead. */
export function buildRows(lines: Line[], headerless = false): BuildResult {
  const withHeaders = headerless ? null : walkLines(lines, null);
  if (withHeaders?.headersFound) return withHeaders;
  // No header row anywhere: infer the columns from the dated lines with figures.
  const inferred = inferTable(lines, headerless);
  return inferred ? walkLines(lines, inferred) : withHeaders ?? walkLines(lines, null);
}

function walkLines(lines: Line[], inferred: InferredTable | null): BuildResult {
  const anchors: Anchor[] = [];
  const sections: Section[] = [];
  const blocks: TableBlock[] = [];
  const tableLines = new Set<Line>();
  // Line records the block held when its latest header was read.
  let recsAtHeader = 0;
  let header: Header | null = null;
  let active = false;
  // Stopped by a closing line for good (until the next header), or only for the rest of the page.
  let hardStop = false;
  let block: TableBlock | null = null;
  let pendingCurrency: string | null = null;
  let headersFound = 0;
  let lastPage = 0;
  let rowEstimate = 0;
  const section = () => sections.length - 1;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.page !== lastPage) {
      lastPage = line.page;
      // A table runs on over page breaks with its bands unless a closing line ended it.
      if (header && block && !hardStop) active = true;
    }
    if (inferred) {
      const region = inferred.regions.get(line.page);
      // The inferred table opens at the page's first dated line (the line is then read as a row).
      if (region && i === region[0]) {
        const split = inferred.header.bands.some((b) => b.role === 'debit');
        if (!header) sections.push({ currency: pendingCurrency, hasBalanceColumn: inferred.header.bands.some((b) => b.role === 'balance'), hasSplitColumns: split, unlabelledSplit: split });
        header = inferred.header;
        hardStop = false;
        if (!block) { block = { recs: [], bands: header.bands, compact: header.compact }; blocks.push(block); }
        active = true;
      } else if (!region || i < region[0] || i > region[1]) active = false;
    }
    const h = inferred ? null : detectHeader(lines, i);
    if (h) {
      headersFound++;
      const cur = sections[section()];
      const currency = pendingCurrency ?? h.currency;
      const hasBalance = h.bands.some((b) => b.role === 'balance');
      const split = h.bands.some((b) => b.role === 'debit' || b.role === 'credit');
      if (!cur || (currency && cur.currency && currency !== cur.currency) || (currency && !cur.currency && rowEstimate > 0)) {
        sections.push({ currency, hasBalanceColumn: hasBalance, hasSplitColumns: split });
      } else {
        if (!cur.currency) cur.currency = currency;
        cur.hasBalanceColumn ||= hasBalance;
        cur.hasSplitColumns ||= split;
      }
      pendingCurrency = null;
      header = h;
      hardStop = false;
      // The same table repeating its header on a later page goes on in the same block, so a row cut
      // by the page break can take its further lines from the new page.
      // Page titles above the repeated header are page furniture, not lines of the table.
      const lastRec = block?.recs.findLast((r) => r.hasMoney);
      const sameTable = block && lastRec && lastRec.section === section() && line.page > lastRec.line.page
        && block.bands.map((b) => b.role).join() === h.bands.map((b) => b.role).join();
      if (sameTable) {
        block!.bands = h.bands;
        while (block!.recs.length && block!.recs[block!.recs.length - 1].line.page === line.page) block!.recs.pop();
      } else { block = { recs: [], bands: h.bands }; blocks.push(block); }
      recsAtHeader = block!.recs.length;
      active = true;
      i += h.lineCount - 1;
      continue;
    }
    const text = lineText(line);
    const found = findAnchor(lines, i);
    if (found.length) {
      for (const a of found) {
        anchors.push({ ...a, section: Math.max(0, section()), rowIndex: 0 });
        // A dated balance above a table's first row opens it; below rows, it closes it like any closing.
        // A figure above the table's first row under its header (an opening, a dated balance, or the
        // new balance that a latest-first list prints on top) does not end the table; below rows it does.
        const aboveRows = !block || !block.recs.slice(recsAtHeader).some((r) => r.hasMoney);
        const opensTable = a.kind === 'opening' || ((a.kind === 'dated' || a.kind === 'closing') && aboveRows);
        if (!opensTable && block && active) {
          active = false;
          hardStop = !/carried forward|c\/f|ubertrag/.test(a.label);
        }
      }
      continue;
    }
    if (!header || !block || !active) {
      const c = sectionCurrencyHint(text);
      if (c) pendingCurrency = c;
      continue;
    }
    const c = sectionCurrencyHint(text);
    if (c && !findMoney(line.words).money.length) { pendingCurrency = c; continue; }
    if (NON_ROW.test(foldText(text)) && !parseDateWords(line.words, 0)) continue;
    const rec = readLine(line, block.bands, section(), block.compact);
    // A line made only of sidebar words is not part of the table at all.
    if (!rec.hasMoney && !rec.descWords.length && !rec.typeWords.length && !rec.refWords.length && !rec.date && !rec.loose.length) continue;
    if (rec.hasMoney) rowEstimate++;
    block.recs.push(rec);
    tableLines.add(line);
  }
  const rows: DraftRow[] = [];
  const uncertain: DraftRow[] = [];
  const grouped = blocks.filter((b) => b.recs.length).map(groupBlock);
  const all = grouped.flatMap((g) => g.rows);
  const datesEveryRow = all.filter((r) => r.date).length >= all.length * DATED_TABLE;
  for (const g of grouped) {
    rows.push(...(datesEveryRow ? withoutSubtotals(g.rows) : g.rows));
    uncertain.push(...g.uncertain);
  }
  // Anchors point at the number of rows before them; recompute from positions.
  for (const a of anchors) {
    a.rowIndex = rows.filter((r) => r.page < a.page || (r.page === a.page && r.firstY < a.y)).length;
  }
  return { rows, uncertain, tableLines, anchors, sections, headersFound };
}

export type { Token };
