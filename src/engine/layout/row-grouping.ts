// Groups a table's lines into rows by the table's own structure. No balance can check a description,
// so the grouping must stand on evidence of its own, decided once per table from all its rows:
//
// - Every row has exactly one line with figures. The other lines of the table belong either to the
//   figure line above them (figures on a row's first line) or to the one below (figures on its last
//   line); that is the one choice to make.
// - A line that starts a row (a date in the date column, a code in the type column, a payment code
//   such as ")))", "VIS" or "DD" in front of the text) is the first line of its row. Under the wrong
//   choice such lines land inside rows; under the right one they never do.
// - Continuation lines are indented under their row's first line or aligned with it, never outdented.
// - Text the choice cannot attach anywhere (above the first figure line of a table, below its last)
//   speaks against it.
//
// When the evidence does not separate the two choices and they group some lines differently, the
// grouping is a guess: those rows are reported as uncertain (the reader warns and does not PASS).
import { median } from './line-builder.js';
import { blockSpacing } from './block-spacing.js';
import { addLine, isDateOnly, newRow, type LineRec } from './line-record.js';
import type { Band, DraftRow } from './types.js';

export interface TableBlock {
  recs: LineRec[];
  bands: Band[];
  compact?: boolean;
  /** The way the unmarked figures of its amount column go, as its title names it. */
  unmarked?: 'dr' | 'cr';
}

export interface Grouping {
  rows: DraftRow[];
  /** Rows whose lines the other choice would group differently, when the evidence does not decide. */
  uncertain: DraftRow[];
  style: Style;
  /** Text lines of the table no row took, each with the number of rows whose figure line stands above it. */
  unplaced: { rec: LineRec; after: number }[];
}

type Style = 'first' | 'last';

interface Unit {
  rec: LineRec;
  kind: 'F' | 'T' | 'D';
  index: number;
}

interface Candidate {
  style: Style;
  groups: { units: Unit[]; date: Unit | null }[];
  /** Row-start lines inside a row, outdented continuation lines (weighted). */
  strong: number;
  /** Runs of text the choice could attach to no row. */
  orphans: number;
  /** Lines among them that print a date (a row's start left out: as decisive as a date inside a row). */
  lostStarts: number;
  /** Groups given text the style would have left out (see groupFirst): their descriptions are a guess. */
  guessed: Set<Candidate['groups'][number]>;
}

// Lines of one row stand at most 1.65 line pitches apart (a little more than one pitch: tight
// leading, sub- and superscripts); fonts within 20% of each other.
const ROW_GAP_PITCHES = 1.65;
const SAME_FONT = 0.2;
// Evidence weights: a date or a type-column code inside a row is decisive; a payment code in front of
// the text slightly less (it could be a word of the description); an outdented continuation line in
// between. A difference of at least DECISIVE makes the choice certain.
const W_DATE = 3,
  W_TYPE = 3,
  W_CODE = 2,
  W_OUTDENT = 2;
const DECISIVE = 2;
// Text and figures more than half an em left of their row's first line are outdented.
const OUTDENT_EM = 0.5;
// A page whose dated rows' text starts this far left of the table's usual start is set at another offset.
const PAGE_SHIFT_EM = 4;

/** The table's lines that can belong to rows: figure lines, text under the description, day headings. */
function unitsOf(block: TableBlock): Unit[] {
  // Where the description column starts: its label's left edge, or further left where the dated rows'
  // own text starts (a label centred over a wide column, "LIBELLE/REFERENCE").
  const dated = block.recs.filter((r) => r.hasMoney && r.marker === 'date' && Number.isFinite(r.descX));
  const rowsX = dated.length ? median(dated.map((r) => r.descX)) : Infinity;
  const bandsX = Math.min(...block.bands.filter((b) => b.role !== 'date').map((b) => b.x0));
  const descStart = Math.min(bandsX, rowsX);
  // A page set further left (text converted page by page: one page's table 70 columns left of the
  // others') starts its description column where its own dated rows' text starts.
  const pageStart = new Map<number, number>();
  for (const page of new Set(dated.map((r) => r.line.page))) {
    const x = median(dated.filter((r) => r.line.page === page).map((r) => r.descX));
    if (x < descStart - PAGE_SHIFT_EM * dated[0].em) pageStart.set(page, x);
  }
  // The table's body type: text in another size (a page title, small print) is not a table line.
  const bodyEm = median(block.recs.filter((r) => r.hasMoney).map((r) => r.em));
  // A page between two pages of the table that prints none of its figure lines (a back page of small
  // print) holds none of its rows: its text is page furniture, not a row's lines. (Past the last one
  // a page may still carry the last row's further lines.)
  const rowPages = new Set(block.recs.filter((r) => r.hasMoney).map((r) => r.line.page));
  const firstRowPage = Math.min(...rowPages),
    lastRowPage = Math.max(...rowPages);
  const out: Unit[] = [];
  for (const rec of block.recs) {
    if (rec.hasMoney) out.push({ rec, kind: 'F', index: out.length });
    else if (!rowPages.has(rec.line.page) && rec.line.page > firstRowPage && rec.line.page < lastRowPage) continue;
    else if (bodyEm && Math.abs(rec.em - bodyEm) > bodyEm * SAME_FONT) continue;
    else if (isDateOnly(rec)) out.push({ rec, kind: 'D', index: out.length });
    // Text starting left of the description column (a footer, a page title) is not table text.
    else if (
      (rec.descWords.length || rec.refWords.length) &&
      (block.compact || rec.marker === 'date' || rec.marker === 'type' || textX(rec) >= (pageStart.get(rec.line.page) ?? descStart) - rec.em)
    )
      out.push({ rec, kind: 'T', index: out.length });
  }
  return out;
}

/**
 * Where a line's text starts: past a lone capital printed hard before it, a mark set in the gap before
 * the description column (a French fee row's "F" before its label), which makes no line outdented.
 */
function textX(rec: LineRec): number {
  const [a, b] = rec.line.words;
  return b && a.x0 === rec.firstX && /^[A-Z]$/.test(a.text) && b.x0 - a.x1 <= rec.em ? b.x0 : rec.firstX;
}

class Links {
  private readonly sp: number;
  constructor(units: Unit[]) {
    this.sp = blockSpacing(units.map((u) => u.rec));
  }

  /** Two consecutive units on one page close enough, in the same type, to be lines of one row. */
  near(a: Unit, b: Unit): boolean {
    const la = a.rec.line,
      lb = b.rec.line;
    return la.page === lb.page && lb.y - la.y <= lb.lh * ROW_GAP_PITCHES * this.sp && Math.abs(b.rec.em - a.rec.em) <= a.rec.em * SAME_FONT;
  }

  /**
   * A row cut by a page break goes on atop the table's next page (pages between without lines of the
   * table, a back page of small print, are passed over) only in its own description column. Copied
   * text has no columns: there the region (page-top-tail.ts) has already left out the page furniture
   * and kept only undated lines like the table's own continuation lines.
   */
  static overPage(a: Unit, b: Unit, descX: number, compact: boolean): boolean {
    if (b.rec.line.page <= a.rec.line.page) return false;
    if (compact) return !b.rec.date;
    const bx = Number.isFinite(b.rec.descX) ? b.rec.descX : b.rec.firstX;
    if (Number.isFinite(descX) && Math.abs(bx - descX) <= b.rec.em) return true;
    // Or indented under a word of the line it goes on from, starting no row itself: the text after a
    // payment code (")))  CO-OP GROUP 999988" at a page's foot, "CARDIFF" and its figures atop the next).
    return !b.rec.marker && bx > a.rec.firstX + b.rec.em && a.rec.line.words.some((w) => Math.abs(w.x0 - bx) <= b.rec.em / 2);
  }
}

const descXOf = (units: Unit[]): number => units.find((u) => Number.isFinite(u.rec.descX))?.rec.descX ?? NaN;

function groupFirst(units: Unit[], links: Links, compact: boolean, labelAt: (page: number) => number): Candidate {
  const c: Candidate = { style: 'first', groups: [], strong: 0, orphans: 0, lostStarts: 0, guessed: new Set() };
  let cur: Candidate['groups'][number] | null = null;
  let day: Unit | null = null;
  let orphan = false;
  // The latest group is a dated line still waiting for its figure line (see figuresBelow): only in a
  // table that prints its dates on its figure lines (in one printing them over the figures, the dated
  // lines without figures are the evidence against reading it figures-first).
  let open = false;
  const datedFigures = units.filter((u) => u.kind === 'F' && u.rec.marker === 'date').length;
  const lateFigures = datedFigures > units.filter((u) => u.kind === 'T' && u.rec.marker === 'date').length;
  for (const u of units) {
    const prev = units[u.index - 1];
    if (u.kind === 'D') {
      // A date alone under a row that prints its own date (the value date, "Buchung" over "Valuta") is
      // a line of that row, not a heading over the rows below, when those rows print their own dates too.
      const next = units[u.index + 1];
      const heading =
        !cur || !cur.units[0].rec.date || cur.units[cur.units.length - 1] !== prev || !links.near(prev, u) || (next?.kind === 'F' && !next.rec.date);
      if (!heading) {
        cur!.units.push(u);
        continue;
      }
      day = u;
      cur = null;
      orphan = false;
      open = false;
      continue;
    }
    if (u.kind === 'F' && open && cur && cur.units[cur.units.length - 1] === prev) {
      cur.units.push(u);
      open = false;
      continue;
    }
    if (lateFigures && u.kind === 'T' && u.rec.marker === 'date' && figuresBelow(units, u, links)) {
      // A dated line without figures whose figures stand on an undated line below it, past lines of text
      // (a French fee row: "20/08 F COM INTERVENTION", its reference line, then its figures alone): the
      // date starts the row, as a date does in any row, and the figure line below completes it.
      cur = { units: [u], date: null };
      c.groups.push(cur);
      open = true;
      day = null;
      orphan = false;
      continue;
    }
    if (u.kind === 'F') {
      // Text that no row above took, standing right over this row's first line (set apart from the row
      // above, close to this one): this row's, printed above its figures against the table's habit.
      // Counted as left out all the same (the choice of grouping does not lean on it), and the row's
      // description is said to be a guess.
      let above: Unit[] = orphan && prev && prev.kind === 'T' && links.near(prev, u) ? runEndingAt(units, prev, links) : [];
      // A row whose first line prints its own text where the rows' text starts has its label: text set
      // apart above it, indented as the rows' further lines are, is the row above's, left after a blank
      // line (a fee row's last line under the gap its marker left).
      const last = c.groups[c.groups.length - 1];
      const labelX = labelAt(u.rec.line.page);
      const lastAbove = above.length && last && last.units[last.units.length - 1] === units[above[0].index - 1] ? last : null;
      if (lastAbove && ownsLabel(u, labelX) && above.every((a) => a.rec.firstX > labelX + a.rec.em * 0.5 && !a.rec.marker)) {
        lastAbove.units.push(...above);
        above = [];
      }
      cur = { units: [...above, u], date: u.rec.date ? null : day };
      open = false;
      // (The row right above is in doubt as much: the text may be its last lines.)
      if (above.length) for (const g of lastAbove ? [lastAbove, cur] : [cur]) c.guessed.add(g);
      c.groups.push(cur);
      day = null;
      orphan = false;
      continue;
    }
    const attached = cur && prev && cur.units[cur.units.length - 1] === prev && (links.near(prev, u) || Links.overPage(prev, u, descXOf(cur.units), compact));
    if (attached) cur!.units.push(u);
    else {
      if (!orphan) c.orphans++;
      if (u.rec.marker === 'date') c.lostStarts++;
      orphan = true;
      cur = null;
    }
  }
  return c;
}

/** Where the dated rows' own text starts on a page (NaN when none prints any): pages may be set at other offsets. */
function labelStart(units: Unit[]): (page: number) => number {
  const xs = units.filter((u) => u.kind === 'F' && u.rec.marker === 'date' && Number.isFinite(u.rec.descX));
  const all = xs.length ? median(xs.map((u) => u.rec.descX)) : NaN;
  const byPage = new Map<number, number>();
  for (const page of new Set(xs.map((u) => u.rec.line.page))) byPage.set(page, median(xs.filter((u) => u.rec.line.page === page).map((u) => u.rec.descX)));
  return (page) => byPage.get(page) ?? all;
}

/** The figure line prints its own text from where the rows' text starts. */
const ownsLabel = (u: Unit, labelX: number) => Math.abs(u.rec.descX - labelX) <= u.rec.em;

/**
 * The first figure line below `u` is undated and starts no row of its own, and only text lines stand
 * between them, each close to the one above: `u` and they are the first lines of that figure line's row.
 */
function figuresBelow(units: Unit[], u: Unit, links: Links): boolean {
  for (let k = u.index + 1; k < units.length; k++) {
    const v = units[k];
    if (!links.near(units[k - 1], v) || v.kind === 'D') return false;
    if (v.kind === 'F') return !v.rec.date && !v.rec.marker;
    if (v.rec.marker) return false;
  }
  return false;
}

/** The text lines left out just before `last` (itself included), joined to each other line by line. */
function runEndingAt(units: Unit[], last: Unit, links: Links): Unit[] {
  const run = [last];
  for (let k = last.index - 1; k >= 0 && units[k].kind === 'T' && links.near(units[k], run[0]); k--) run.unshift(units[k]);
  return run;
}

function groupLast(units: Unit[], links: Links, compact: boolean): Candidate {
  const c: Candidate = { style: 'last', groups: [], strong: 0, orphans: 0, lostStarts: 0, guessed: new Set() };
  let pending: Unit[] = [];
  let day: Unit | null = null;
  // Runs left out one after another, with no row between them, count once, as groupFirst counts them
  // (the small print of a statement's last page, below its table's end, is many runs of text).
  let counted = false;
  const drop = () => {
    if (pending.length && !counted) {
      c.orphans++;
      counted = true;
    }
    for (const u of pending) if (u.rec.marker === 'date') c.lostStarts++;
    pending = [];
  };
  const joins = (a: Unit, b: Unit) => links.near(a, b) || Links.overPage(a, b, descXOf(pending), compact);
  for (const u of units) {
    if (u.kind === 'D') {
      drop();
      day = u;
      counted = false;
      continue;
    }
    const last = pending[pending.length - 1];
    if (last && !joins(last, u)) drop();
    if (u.kind === 'T') {
      pending.push(u);
      continue;
    }
    const lines = [...pending, u];
    pending = [];
    c.groups.push({ units: lines, date: lines.some((x) => x.rec.date) ? null : day });
    day = null;
    counted = false;
  }
  drop();
  return c;
}

function weigh(c: Candidate): Candidate {
  let strong = 0;
  for (const g of c.groups) {
    // (Text a group took from above its figure line, see groupFirst, is weighed as left out, not here.)
    const start = c.guessed.has(g) ? g.units.findIndex((u) => u.kind === 'F') : 0;
    const first = g.units[start].rec;
    for (let k = start + 1; k < g.units.length; k++) {
      const u = g.units[k];
      // (A row's date-only line, its value date, starts no row: see groupFirst.)
      if (u.kind === 'D') continue;
      const m = u.rec.marker;
      if (m === 'date') strong += W_DATE;
      else if (m === 'type') strong += W_TYPE;
      else if (m === 'code') strong += W_CODE;
      if (u.rec.firstX < first.firstX - u.rec.em * OUTDENT_EM) strong += W_OUTDENT;
    }
  }
  return { ...c, strong: strong + c.lostStarts * W_DATE };
}

const keyOf = (g: { units: Unit[] }) => g.units.map((u) => u.index).join(',');

function toRows(c: Candidate, compact: boolean, unmarked: TableBlock['unmarked']): DraftRow[] {
  return c.groups.map((g) => {
    const row = newRow(g.units[0].rec);
    if (unmarked) row.unmarked = unmarked;
    let dated = false;
    for (const u of g.units) {
      // Unaligned text has no date column: a later line of a dated row that starts with a date is its
      // description wrapped at a date ("12 DEC VISA 8832 GBR"), and the date is words of it.
      if (compact && dated && u.rec.date) addLine(row, { ...u.rec, date: null, dateText: '', descWords: [u.rec.dateText, ...u.rec.descWords] });
      else addLine(row, u.rec);
      dated ||= !!u.rec.date;
    }
    if (!row.date && g.date) {
      row.date = g.date.rec.date;
      row.dateText = g.date.rec.dateText;
    }
    return row;
  });
}

/** Groups one table block into rows (one per figure line), choosing figures-first or figures-last. */
export function groupBlock(block: TableBlock): Grouping {
  const units = unitsOf(block);
  const links = new Links(units);
  const first = weigh(groupFirst(units, links, !!block.compact, labelStart(units)));
  const last = weigh(groupLast(units, links, !!block.compact));
  const score = (c: Candidate) => c.strong + c.orphans;
  const [win, lose] = score(last) < score(first) ? [last, first] : [first, last];
  const rows = toRows(win, !!block.compact, block.unmarked);
  const placed = new Set(win.groups.flatMap((g) => g.units));
  const figureAt = win.groups.map((g) => g.units.find((u) => u.kind === 'F')!.index);
  const unplaced = units.filter((u) => u.kind === 'T' && !placed.has(u)).map((u) => ({ rec: u.rec, after: figureAt.filter((k) => k < u.index).length }));
  const guessed = (i: number) => win.guessed.has(win.groups[i]);
  // (Copied text whose winning choice still had to guess where text above its first figure line goes:
  // rows printed around a date that stands mid-row, which neither choice groups; every row the two
  // choices group differently is in doubt.)
  const decided =
    !(block.compact && win.guessed.size) && (lose.strong - win.strong >= DECISIVE || (lose.strong === win.strong && lose.orphans - win.orphans >= DECISIVE));
  if (decided) return { rows, uncertain: rows.filter((_, i) => guessed(i)), style: win.style, unplaced };
  // (Only an undecided choice compares the two groupings row by row.)
  const other = new Set(lose.groups.map(keyOf));
  const uncertain = rows.filter((_, i) => guessed(i) || !other.has(keyOf(win.groups[i])));
  return { rows, uncertain, style: win.style, unplaced };
}
