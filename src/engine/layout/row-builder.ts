// Walks the lines of a statement and builds draft rows: header rows open a table (or continue it
// on a new page), date or type-code lines start rows, amount lines complete them, continuation
// lines join the description, anchors (brought forward, closing, totals) are kept apart.
import { detectHeader, type Header } from './header-detect.js';
import { repeatedHeader } from './header-repeat.js';
import { LabelRoles } from './header-labels.js';
import { otherTableHeader } from './other-table.js';
import { parseDateWords } from './date-words.js';
import { findMoney } from './money-words.js';
import { DATED_TABLE, withoutSubtotals } from './subtotal-rows.js';
import { anchorLabelOnly, findAnchor } from './anchors.js';
import { inferTable, type InferredTable } from './headerless.js';
import { foldedLineText, lineText } from './line-builder.js';
import { panelEdge, readLine } from './line-record.js';
import { FREE_TEXT_CURRENCY_CODES } from '../currencies.js';
import { CARRIED_LINE, COLUMN_TOTALS, foldText, NON_ROW, PAGE_MARK, POINTS_SECTION, SECTION_HEADING } from './lexicon.js';
import { moneyRole } from './column-bands.js';
import { groupBlock, type TableBlock } from './row-grouping.js';
import { borrowedDates, strayLines, type StrayLine } from './line-evidence.js';
import type { Anchor, Band, DraftRow, Line, MoneyToken, Section, Token } from './types.js';

function sectionCurrencyHint(text: string): string | null {
  const t = text.trim();
  if (t.length > 60) return null;
  const m = /\b([A-Z]{3})\b/.exec(t);
  if (m && FREE_TEXT_CURRENCY_CODES.includes(m[1]) && /(account|currency|konto|rekening|compte|cuenta|section|balance|pocket|wallet|statement)/i.test(t))
    return m[1];
  const m2 = /^(?:currency|währung|valuta|devise|moneda)\s*:?\s*([A-Z]{3})\b/i.exec(t);
  return m2 && FREE_TEXT_CURRENCY_CODES.includes(m2[1].toUpperCase()) ? m2[1].toUpperCase() : null;
}

export interface BuildResult {
  rows: DraftRow[];
  /** Rows whose grouping of printed lines is a guess (the table's structure did not decide it). */
  uncertain: DraftRow[];
  /** Lines of the table no row took that structure does not show to be no row's (line-evidence.ts). */
  stray: StrayLine[];
  /** Rows printing no date where nothing makes a date head a group (line-evidence.ts). */
  borrowed: DraftRow[];
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
  return inferred ? walkLines(lines, inferred) : (withHeaders ?? walkLines(lines, null));
}

/**
 * One pass over a statement's lines: header rows open a table (or continue it on a new page), anchors
 * are kept apart and may close the table, and lines inside a table become line records of its block.
 */
class TableWalk {
  readonly anchors: Anchor[] = [];
  readonly sections: Section[] = [];
  readonly blocks: TableBlock[] = [];
  readonly tableLines = new Set<Line>();
  headersFound = 0;
  /** The header in force (the bands of the current table); null before the first. */
  private header: Header | null = null;
  /** Lines the first header spanned (0 before it). */
  private headerLines = 0;
  /** Page of the latest header read. */
  private lastHeaderPage = 0;
  /** Lines are being read as lines of the table. */
  private active = false;
  /** Stopped by a closing line for good (until the next header), not only for the rest of the page. */
  private hardStop = false;
  /** The table was just stopped by a balance named by its date (see resumeAfterDatedBalance). */
  private pausedAtDated = false;
  private block: TableBlock | null = null;
  /** Line records the block held when its latest header was read. */
  private recsAtHeader = 0;
  /** A currency named above a table (a section title), waiting for the table's header. */
  private pendingCurrency: string | null = null;
  private lastPage = 0;
  /** Figure lines read so far: a header naming another currency after them starts a new section. */
  private rowEstimate = 0;
  /** In a reward points summary (see run): its lines are neither rows nor anchors, until a header, a table region or a page starts. */
  private inPoints = false;
  /** Header label roles read so far in this walk (a header and its small print repeat on every page). */
  private readonly labels = new LabelRoles();

  constructor(
    private readonly lines: Line[],
    private readonly inferred: InferredTable | null,
  ) {}

  private get section(): number {
    return this.sections.length - 1;
  }

  run(): this {
    for (let i = 0; i < this.lines.length; i++) {
      const line = this.lines[i];
      this.onPage(line.page);
      if (this.inferred) this.followInferredRegion(this.inferred, line.page, i);
      const h = this.inferred ? null : detectHeader(this.lines, i, this.labels);
      if (h?.balanceList) {
        // A list of dated balances ends the table above it, and none of its lines is a row.
        this.active = false;
        this.hardStop = true;
        i += h.lineCount - 1;
        continue;
      }
      if (h) {
        // A header repeated on a later page spans the lines it spanned first: a line more under it is
        // a row's text (a description cut by the page break, atop the page), not words of its labels.
        const repeat = this.headerLines && line.page > this.lastHeaderPage ? Math.min(h.lineCount, this.headerLines) : h.lineCount;
        this.openHeader(h, line);
        this.headerLines ||= h.lineCount;
        i += repeat - 1;
        continue;
      }
      if (this.rowEstimate > 0 && POINTS_SECTION.test(foldedLineText(line)) && !parseDateWords(line.words, 0)) {
        // A reward points summary after a table's rows: the table ends, and its opening and closing
        // figures are points, no balances, until a header opens another table.
        this.active = false;
        this.hardStop = true;
        this.inPoints = true;
        continue;
      }
      if (this.inPoints) continue;
      if (this.active && this.rowEstimate > 0 && otherTableHeader(line, this.labels)) {
        // Another table's header after the rows (other-table.ts): the account's table ends here.
        this.active = false;
        this.hardStop = true;
        continue;
      }
      const { found, panelOnly } = this.anchorsOf(i);
      const paused = this.pausedAtDated;
      this.pausedAtDated = false;
      if (found.length) this.keepAnchors(found);
      if (!found.length || panelOnly) {
        if (paused) this.resumeAfterDatedBalance(line);
        this.readTableLine(line);
      }
    }
    return this;
  }

  /**
   * The line's anchors. Beside a table with a panel at its left (see panelEdge), a label in the panel
   * owns only a figure in the panel: a figure right of it is a row's ("Statement closing balance" level
   * with a row's amount). A line whose anchors are all the panel's is read as a table line too.
   */
  private anchorsOf(i: number): { found: ReturnType<typeof findAnchor>; panelOnly: boolean } {
    // Inside a running table, a label whose own figure is missing takes none from a dated row below it.
    const below = this.lines[i + 1];
    if (this.header && this.active && below && anchorLabelOnly(this.lines[i]) && parseDateWords(below.words, 0)) return { found: [], panelOnly: false };
    let found = this.columnTotals(findAnchor(this.lines, i));
    // A total named by column words alone is a summary box's, never a line of a running table.
    if (this.header && this.active && found.some((a) => a.summary)) found = found.filter((a) => !a.summary);
    const cut = found.length && this.header && this.active ? panelEdge(this.header.bands, this.lines[i].em) : null;
    if (cut === null) return { found, panelOnly: false };
    const words = this.lines[i].words;
    const textOf = (ws: Token[]) => foldText(ws.map((w) => w.text).join(' '));
    const panel = textOf(words.filter((w) => w.x1 <= cut));
    const table = textOf(words.filter((w) => w.x1 > cut));
    const panelLabel = (a: (typeof found)[number]) => panel.includes(a.label) && !table.includes(a.label);
    const kept = found.filter((a) => !panelLabel(a) || a.value.x1 <= cut);
    return { found: kept, panelOnly: kept.every(panelLabel) };
  }

  /**
   * A totals label over both figure columns gives a total of money out for the figure under the money
   * out column and of money in for the one under the money in column; a figure under neither (or no
   * header to say) is no total.
   */
  private columnTotals(found: ReturnType<typeof findAnchor>): ReturnType<typeof findAnchor> {
    if (!found.some((a) => COLUMN_TOTALS.test(a.label))) return found;
    // (Figures are placed as a row's are: the nearest figure column, by the gap between the spans.)
    const bands = (this.header?.bands ?? []).filter((b) => ['debit', 'credit', 'amount', 'balance'].includes(b.role));
    const gap = (b: Band, m: MoneyToken) => Math.max(0, b.x0 - m.x1, m.x0 - b.x1);
    return found.flatMap((a) => {
      if (!COLUMN_TOTALS.test(a.label)) return [a];
      const band = bands.reduce<Band | null>((best, b) => (!best || gap(b, a.value) < gap(best, a.value) ? b : best), null);
      if (band?.role !== 'debit' && band?.role !== 'credit') return [];
      return [{ ...a, kind: band.role === 'debit' ? ('total_out' as const) : ('total_in' as const) }];
    });
  }

  /** A table runs on over page breaks with its bands unless a closing line ended it. */
  private onPage(page: number): void {
    if (page === this.lastPage) return;
    this.lastPage = page;
    this.inPoints = false;
    if (this.header && this.block && !this.hardStop) this.active = true;
  }

  /** The inferred table opens at the page's first dated line (that line is then read as a row). */
  private followInferredRegion(inferred: InferredTable, page: number, i: number): void {
    const region = inferred.regions.get(page);
    if (region && i === region[0]) {
      this.inPoints = false;
      const bands = inferred.header.bands;
      const split = bands.some((b) => b.role === 'debit');
      if (!this.header)
        this.sections.push({
          currency: this.pendingCurrency,
          hasBalanceColumn: bands.some((b) => b.role === 'balance'),
          hasSplitColumns: split,
          unlabelledSplit: split,
        });
      this.header = inferred.header;
      this.hardStop = false;
      if (!this.block) {
        this.block = { recs: [], bands, compact: inferred.header.compact };
        this.blocks.push(this.block);
      }
      this.active = true;
    } else if (!region || i < region[0] || i > region[1]) this.active = false;
  }

  private openHeader(read: Header, line: Line): void {
    this.headersFound++;
    this.inPoints = false;
    const h = this.header && this.block && line.page > this.lastHeaderPage ? repeatedHeader(this.header, read) : read;
    this.lastHeaderPage = line.page;
    const cur = this.sections[this.section];
    const currency = this.pendingCurrency ?? h.currency;
    const hasBalance = h.bands.some((b) => b.role === 'balance');
    const split = h.bands.some((b) => b.role === 'debit' || b.role === 'credit');
    if (!cur || (currency && cur.currency && currency !== cur.currency) || (currency && !cur.currency && this.rowEstimate > 0)) {
      this.sections.push({ currency, hasBalanceColumn: hasBalance, hasSplitColumns: split });
    } else {
      if (!cur.currency) cur.currency = currency;
      cur.hasBalanceColumn ||= hasBalance;
      cur.hasSplitColumns ||= split;
    }
    this.pendingCurrency = null;
    this.header = h;
    this.hardStop = false;
    // The same table repeating its header on a later page goes on in the same block, so a row cut
    // by the page break can take its further lines from the new page.
    // Page titles above the repeated header are page furniture, not lines of the table.
    const block = this.block;
    const lastRec = block?.recs.findLast((r) => r.hasMoney);
    const sameTable =
      block &&
      lastRec &&
      lastRec.section === this.section &&
      line.page > lastRec.line.page &&
      block.bands.map((b) => b.role).join() === h.bands.map((b) => b.role).join() &&
      // (A title naming the other direction starts another list; a repeat printed without its title goes on.)
      (h.unmarked ?? block.unmarked) === block.unmarked;
    if (block && sameTable) {
      block.bands = h.bands;
      while (block.recs.length && block.recs[block.recs.length - 1].line.page === line.page) block.recs.pop();
    } else {
      this.block = { recs: [], bands: h.bands, unmarked: h.unmarked };
      this.blocks.push(this.block);
    }
    this.recsAtHeader = this.block!.recs.length;
    this.active = true;
  }

  /**
   * A balance named by its date below rows ends the table, unless the very next line is a dated row in
   * the table's columns: then it was a month's end inside the table ("SOLDE CREDITEUR AU 30/06/2019" with
   * July's rows under it), and the dates decide whether it opens, closes or is passed over.
   */
  private resumeAfterDatedBalance(line: Line): void {
    const block = this.block;
    if (!block || !this.header) return;
    const rec = readLine(line, block.bands, this.section, block.compact);
    if (!rec.hasMoney || !rec.date) return;
    this.active = true;
    this.hardStop = false;
  }

  /** A figure line has been read under the latest header (looked at from there on, not copied out). */
  private figureSinceHeader(block: TableBlock): boolean {
    for (let k = this.recsAtHeader; k < block.recs.length; k++) if (block.recs[k].hasMoney) return true;
    return false;
  }

  private keepAnchors(found: ReturnType<typeof findAnchor>): void {
    for (const a of found) {
      // (Fields named, not spread: a spread of the found anchor cost more than the rest of this walk's step.)
      const value = this.block && a.kind !== 'total_in' && a.kind !== 'total_out' ? balanceInColumn(a.value, this.block.bands) : a.value;
      this.anchors.push({ kind: a.kind, value, page: a.page, label: a.label, y: a.y, date: a.date, section: Math.max(0, this.section), rowIndex: 0 });
      // A figure above the table's first row under its header (an opening, a dated balance, or the
      // new balance that a latest-first list prints on top) does not end the table; below rows it does.
      const block = this.block;
      const aboveRows = !block || !this.figureSinceHeader(block);
      const opensTable = a.kind === 'opening' || ((a.kind === 'dated' || a.kind === 'closing') && aboveRows);
      if (!opensTable && block && this.active) {
        this.active = false;
        this.hardStop = !/carried forward|c\/f|ubertrag/.test(a.label);
        this.pausedAtDated = a.kind === 'dated';
      }
    }
  }

  private readTableLine(line: Line): void {
    const text = lineText(line);
    const block = this.block;
    if (!this.header || !block || !this.active) {
      const c = sectionCurrencyHint(text);
      if (c) this.pendingCurrency = c;
      return;
    }
    const c = sectionCurrencyHint(text);
    if (c && !findMoney(line.words).money.length) {
      this.pendingCurrency = c;
      return;
    }
    const folded = foldedLineText(line);
    const undated = !parseDateWords(line.words, 0);
    if ((SECTION_HEADING.test(folded) || PAGE_MARK.test(folded)) && undated) return;
    if (anchorLabelOnly(line)) return;
    const rec = readLine(line, block.bands, this.section, block.compact);
    // A word of a total's on an undated line is evidence, never a reason to leave the line out: a
    // figure line stays a candidate (statement-reader.ts lets the balances decide), a text line is text.
    if (undated && NON_ROW.test(folded)) rec.lexicon = true;
    if (undated && CARRIED_LINE.test(folded)) rec.lexicon = rec.carried = true;
    // A line made only of sidebar words is not part of the table at all.
    if (!rec.hasMoney && !rec.descWords.length && !rec.typeWords.length && !rec.refWords.length && !rec.date && !rec.loose.length) return;
    if (rec.hasMoney) this.rowEstimate++;
    block.recs.push(rec);
    this.tableLines.add(line);
  }
}

function walkLines(lines: Line[], inferred: InferredTable | null): BuildResult {
  const { anchors, sections, blocks, tableLines, headersFound } = new TableWalk(lines, inferred).run();
  const rows: DraftRow[] = [];
  const uncertain: DraftRow[] = [];
  const stray: StrayLine[] = [];
  const grouped = blocks.filter((b) => b.recs.length).map(groupBlock);
  const all = grouped.flatMap((g) => g.rows);
  const datesEveryRow = all.filter((r) => r.date).length >= all.length * DATED_TABLE;
  for (const g of grouped) {
    rows.push(...(datesEveryRow ? withoutSubtotals(g.rows) : g.rows));
    uncertain.push(...g.uncertain);
    stray.push(...strayLines(g.unplaced, g.rows));
  }
  // A line atop a page that may continue the previous page's last row, not placed: that row's
  // description is in doubt (said, not dropped in silence).
  for (const d of inferred?.doubts ?? []) {
    const cut = rows.findLast((r) => r.page < d.page);
    if (cut && !uncertain.includes(cut)) uncertain.push(cut);
  }
  // Anchors point at the number of rows before them; recompute from positions (counted, not
  // filtered: a file prints an anchor or two on every page, each counted over every row).
  for (const a of anchors) {
    let before = 0;
    for (const r of rows) if (r.page < a.page || (r.page === a.page && r.firstY < a.y)) before++;
    a.rowIndex = before;
  }
  return { rows, uncertain, stray, borrowed: borrowedDates(rows), tableLines, anchors, sections, headersFound };
}

export type { Token };

/**
 * An unsigned balance printed under a table's money-out or money-in column instead of its balance
 * column ("Neuer Kontostand" set under the last row's figures): the column says which side it is on,
 * as DR or CR would (overdrawn under money out). Only where the table has both columns and the figure
 * stands under one of them alone.
 */
function balanceInColumn(value: MoneyToken, bands: Band[]): MoneyToken {
  if (value.sign || value.dir || !bands.some((b) => b.role === 'debit') || !bands.some((b) => b.role === 'credit')) return value;
  const { role, sure } = moneyRole(value, bands, value.words[0]?.em ?? 0);
  if (!sure || (role !== 'debit' && role !== 'credit')) return value;
  return { ...value, dir: role === 'debit' ? 'dr' : 'cr' };
}
