// One printed line of a transaction table, read against the header's column bands: its date, type
// code, description words, reference, and figures by column. Also what the line says about where
// rows start (a date in the date column, a payment code in front), which row-grouping.ts weighs.
// Units: the tokens' x units (points for PDF, character columns for text); em as in Token.
import { leadingCode } from '../classify/type-codes.js';
import { bandRoleAt, moneyRole, numericBands, tableRight, textRole } from './column-bands.js';
import { parseDateString, parseDateWords } from './date-words.js';
import { findMoney, withPointSpaceGroups, type MoneyFound } from './money-words.js';
import { medianInPlace, sortByKey } from './line-builder.js';
import type { Band, ColumnRole, DateParts, DraftRow, Line, MoneyToken, Token } from './types.js';
import { kindOf } from './word-kinds.js';

const TEXT_ROLES = new Set<ColumnRole>(['description', 'type', 'reference', 'date', 'valuedate']);

export interface LineRec {
  line: Line;
  date: DateParts | null;
  dateText: string;
  typeWords: string[];
  descWords: string[];
  refWords: string[];
  money: Partial<Record<'debit' | 'credit' | 'amount' | 'balance', MoneyToken>>;
  loose: MoneyToken[];
  hasMoney: boolean;
  /** What marks this line as the first of a row: a date, a code in the type column or in front of the description. */
  marker: 'date' | 'type' | 'code' | null;
  firstX: number;
  /** Left edge of the first description word (NaN when none). */
  descX: number;
  section: number;
  /** Em of the words kept (a sidebar in small type may share the baseline). */
  em: number;
  lastX: number;
  /** An undated line holding a total's word (lexicon.ts NON_ROW): a figure line of it is a candidate row. */
  lexicon?: boolean;
  /** An undated line holding a carried-forward word (lexicon.ts CARRIED_LINE): its balance is the one before the break. */
  carried?: boolean;
}

// A code printed in its own type column ("DD", ")))", "BP", "Deb", "FPO/DD").
const TYPE_CODE = /^(\)\)\)|[A-Z]{1,4}|[A-Z]{2,4}\/[A-Z]{2,4}|[A-Z][a-z]{1,3})$/;

// Gaps and tolerances in em: a suffix (CR, Af) may sit up to 3 em past the last band; a word more than
// half an em past it is a sidebar; the date column reaches 3 em left of its label (labels are often
// centred over the dates) and stops 0.3 em before the next column's label.
const SUFFIX_REACH_EM = 3;
const SIDEBAR_EM = 0.5;
const DATE_LEFT_EM = 3;
const COLUMN_GAP_EM = 0.3;
// Words of one date are at most 1.2 em apart ("12 Mar 2024").
const DATE_WORD_GAP_EM = 1.2;
const WRAPPED_YEAR = /^(19|20)\d{2}$/;
const TIME_OF_DAY = /^([01]?\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/;

export function readLine(line: Line, bands: Band[], section: number, compact = false): LineRec {
  const em = line.em;
  const edge = tableRight(bands);
  const numeric = numericBands(bands);
  const printed = compact
    ? findMoney(line.words)
    : withPointSpaceGroups(findMoney(line.words), (x1) => numeric.some((b) => x1 >= b.x0 - em * FIGURE_LEFT_EM && x1 <= b.x1 + em * FIGURE_RIGHT_EM));
  const found = withColumnFigures(printed, bands, em);
  // (Read only: the figures and words past the table's right edge are dropped, nearly always none.)
  const cut = panelEdge(bands, em);
  const money = fromLeft(upTo(found.money, edge + em * SUFFIX_REACH_EM), cut);
  const rest = fromLeft(upTo(found.rest, edge + em * SIDEBAR_EM), cut);
  const rec: LineRec = {
    line,
    date: null,
    dateText: '',
    typeWords: [],
    descWords: [],
    refWords: [],
    money: {},
    loose: [],
    hasMoney: false,
    marker: null,
    descX: NaN,
    firstX: Math.min(rest[0]?.x0 ?? Infinity, money[0]?.x0 ?? Infinity),
    section,
    em: (rest.length || money.length ? keptEm(rest, money) : 0) || em,
    lastX: Math.max(rest[rest.length - 1]?.x1 ?? -Infinity, money[money.length - 1]?.x1 ?? -Infinity),
  };
  const { dateBand, after } = dateColumn(bands);
  const dateEnd = after ? after.x0 - em * COLUMN_GAP_EM : undefined;
  let i = 0;
  // A date printed first under another date column (the day of purchase, a value date) is passed over.
  while (i < rest.length && textRole(rest[i], bands, em) === 'valuedate') {
    const hit = parseDateWords(rest, i, em * DATE_WORD_GAP_EM, columnEnd(bands, rest[i], em));
    if (!hit) break;
    i += hit.n;
  }
  if (dateBand && i < rest.length && rest[i].x0 < (dateEnd ?? Infinity) && rest[i].x0 >= dateBand.x0 - em * DATE_LEFT_EM) {
    const hit = parseDateWords(rest, i, em * DATE_WORD_GAP_EM, dateEnd, true);
    if (hit) {
      rec.date = hit.date;
      rec.dateText = hit.text;
      i += hit.n;
      // A time of day printed hard after the date ("02/04/2026| 10:15") is the date cell's, when the
      // booking was made: no words of the description.
      if (i < rest.length && TIME_OF_DAY.test(rest[i].text) && rest[i].x0 - rest[i - 1].x1 <= em * DATE_WORD_GAP_EM) i++;
    }
  }
  if (!rec.date) i = 0;
  // Where each description word starts, so a figure quoted in the text goes back in its place.
  const descXs: number[] = [];
  const descAt = (w: Token) => {
    rec.descWords.push(w.text);
    descXs.push(w.x0);
  };
  for (; i < rest.length; i++) {
    const w = rest[i];
    let role = textRole(w, bands, em);
    // Words after the date but still under the date header belong to the next column (HSBC text
    // prints type codes hard against the date).
    if (role === 'date' && rec.date && after)
      role = after.role === 'type' || after.role === 'description' || after.role === 'valuedate' ? after.role : 'description';
    if (role === 'date' || role === 'valuedate') {
      // A year alone under the date columns at the start of an undated line is the rest of the row's
      // date cell, wrapped under it ("13 Oct 13 Oct" above "2017 2017": booking and value dates).
      if (!rec.date && !rec.descWords.length && WRAPPED_YEAR.test(w.text)) continue;
      // A date column printed right of the row's text (a cheque's number and payee, then the day it
      // was paid) starts its row where it stands, as a first column's date does.
      const late = role === 'date' && !rec.date && !compact && dateBand && lateDate(bands, dateBand);
      const hit = late ? parseDateWords(rest, i, em * DATE_WORD_GAP_EM, dateEnd) : null;
      if (hit) {
        rec.date = hit.date;
        rec.dateText = hit.text;
        i += hit.n - 1;
      }
      // Value dates and stray date fragments are not description.
      // Unaligned text: a date inside a wrapped description ("ON 02 DEC") is text.
      // A date-like phrase well right of the date header ("ON 02 DEC" in a wrapped description, where no
      // description label stands over the text) is text, not a stray date.
      else if (role === 'date' && !rec.date && (compact || !parseDateWords(rest, i) || (dateBand && w.x0 > dateBand.x1 + em * 2))) descAt(w);
      else if (role === 'valuedate') {
        const hit = parseDateWords(rest, i, em * DATE_WORD_GAP_EM, columnEnd(bands, w, em));
        if (hit) i += hit.n - 1;
        else descAt(w);
      }
    } else if (role === 'type') rec.typeWords.push(w.text);
    else if (role === 'reference') rec.refWords.push(w.text);
    else {
      // A full date right after the row's date, under a column whose label names no text role ("Valör":
      // unknown, or a figure's word in another language), is that column's value date: no figure is a
      // date, and the column's own evidence names it, not the text.
      // (On a line whose row date is printed only on the day's first row, too: a date column is named.)
      if ((rec.date || dateBand) && !rec.descWords.length && !TEXT_ROLES.has(bandRoleAt(w, bands, em))) {
        const hit = parseDateWords(rest, i, em * DATE_WORD_GAP_EM, columnEnd(bands, w, em));
        if (hit?.date.y) {
          i += hit.n - 1;
          continue;
        }
      }
      if (!rec.descWords.length) rec.descX = w.x0;
      descAt(w);
    }
  }
  // Copied text: a full date printed between a dated line's description and its figures stands in a
  // value-date column the single spaces hide ("... CHENNAI 7253 01/03/2019 15,000.00"), not in the text.
  if (compact && rec.date && money.length && rec.descWords.length > 1) {
    const last = rec.descWords.length - 1;
    const d = parseDateString(rec.descWords[last]);
    if (d && d.y !== null && descXs[last] < money[0].x0 && !rest.some((w) => w.x0 > descXs[last] && w.x0 < money[0].x0)) {
      rec.descWords.pop();
      descXs.pop();
    }
  }
  placeMoney(rec, money, bands, em, descXs);
  rec.marker = rec.date
    ? 'date'
    : rec.typeWords.length > 0 && TYPE_CODE.test(rec.typeWords[0])
      ? 'type'
      : rec.descWords.length > 1 && leadingCode(rec.descWords[0])
        ? 'code'
        : null;
  return rec;
}

/**
 * Where the table starts right of a panel printed beside its left edge, or null (no panel): a header
 * label naming no column ("Summary") left of the date column, the table's first, heads a sidebar of
 * account details and its figures that shares the rows' lines (Co-operative Bank).
 */
export function panelEdge(bands: Band[], em: number): number | null {
  const { dateBand, panelRight } = dateColumn(bands);
  return dateBand && panelRight !== undefined ? Math.max(panelRight, dateBand.x0 - em * DATE_LEFT_EM) : null;
}

/** The items right of a left panel's edge (its words and figures are no row's): `xs` itself when all are. */
function fromLeft<T extends { x0: number }>(xs: readonly T[], cut: number | null): readonly T[] {
  if (cut === null || !xs.length || xs[0].x0 >= cut) return xs;
  return xs.filter((w) => w.x0 >= cut);
}

/** The items that start at or left of `x`: `xs` itself when all do. */
function upTo<T extends { x0: number }>(xs: readonly T[], x: number): readonly T[] {
  for (let i = 0; i < xs.length; i++) if (!(xs[i].x0 <= x)) return xs.filter((v) => v.x0 <= x);
  return xs;
}

/** The median em of the words kept on the line (the text words and the figures' words; at least one). */
function keptEm(rest: readonly Token[], money: readonly MoneyToken[]): number {
  // Nearly every line is set in one size: its median is that size, without an array to sort.
  const first = rest.length ? rest[0].em : money[0].words[0]?.em;
  let same = first !== undefined;
  for (let i = 0; same && i < rest.length; i++) same = rest[i].em === first;
  for (let i = 0; same && i < money.length; i++) for (const w of money[i].words) same &&= w.em === first;
  if (same) return first;
  const ems = rest.map((w) => w.em);
  for (const m of money) for (const w of m.words) ems.push(w.em);
  return medianInPlace(ems);
}

// A one-decimal figure counts as money only standing in a money column: its right edge within the
// column's span (1 em to the left, 2 em to the right) and at least 1.5 em clear of the text before it.
const FIGURE_LEFT_EM = 1;
const FIGURE_RIGHT_EM = 2;
const FIGURE_CLEAR_EM = 1.5;

/**
 * Where the column of a date word ends: just left of the next header column (a two-digit year, "09 Dec 22",
 * is a date's only while it stays in its column). Undefined when no column follows.
 */
function columnEnd(bands: Band[], w: Token, em: number): number | undefined {
  let next: Band | undefined;
  for (const b of bands) if (b.x0 > w.x0 + em && (!next || b.x0 < next.x0)) next = b;
  return next ? next.x0 - em * COLUMN_GAP_EM : undefined;
}

/** The date column stands right of a named column of the table (a panel's unnamed heading does not count). */
function lateDate(bands: Band[], dateBand: Band): boolean {
  return bands.some((b) => b.x1 <= dateBand.x0 && b.role !== 'other');
}

/** The date column's band and the band right of it (read for every line: kept on the bands array, never mutated). */
function dateColumn(bands: Band[]): DateColumn {
  const facts = bands as Band[] & { [DATE_COLUMN]?: DateColumn };
  let d = facts[DATE_COLUMN];
  if (!d) {
    const dateBand = bands.find((b) => b.role === 'date');
    const after = dateBand ? bands.filter((b) => b.x0 > dateBand.x0).sort((a, b) => a.x0 - b.x0)[0] : undefined;
    // Only unnamed labels left of the date: a sidebar's heading, not a column of the table.
    const before = dateBand ? bands.filter((b) => b.x1 <= dateBand.x0) : [];
    const panelRight = before.length && before.every((b) => b.role === 'other') ? Math.max(...before.map((b) => b.x1)) : undefined;
    facts[DATE_COLUMN] = d = { dateBand, after, panelRight };
  }
  return d;
}
interface DateColumn {
  dateBand: Band | undefined;
  after: Band | undefined;
  /** Right edge of the unnamed header labels left of the date column (a sidebar's heading), if any. */
  panelRight: number | undefined;
}
const DATE_COLUMN = Symbol('dateColumn');

function withColumnFigures(found: MoneyFound, bands: Band[], em: number): MoneyFound {
  const numeric = numericBands(bands);
  if (!numeric.length) return found;
  // No word ends in a one-decimal figure (nearly every line): the figures found stand, already in
  // order when their left edges are.
  if (!found.rest.some((w) => kindOf(w).columnFigure) && inOrder(found.money)) return found;
  const money = [...found.money];
  const rest: Token[] = [];
  found.rest.forEach((w, k) => {
    const p = kindOf(w).columnFigure;
    const before = found.rest[k - 1];
    const inColumn =
      p &&
      numeric.some((b) => w.x1 >= b.x0 - em * FIGURE_LEFT_EM && w.x1 <= b.x1 + em * FIGURE_RIGHT_EM) &&
      (!before || w.x0 - before.x1 >= em * FIGURE_CLEAR_EM);
    if (p && inColumn) money.push({ ...p, x0: w.x0, x1: w.x1, text: w.text, words: [w] });
    else rest.push(w);
  });
  sortByKey(money, (m) => m.x0);
  return { money, rest };
}

const inOrder = (money: readonly MoneyToken[]): boolean => {
  for (let i = 1; i < money.length; i++) if (!(money[i - 1].x0 <= money[i].x0)) return false;
  return true;
};

/** Figures go to the numeric column they overlap; one far from every numeric column is text (a rate, a fee). */
function placeMoney(rec: LineRec, money: readonly MoneyToken[], bands: Band[], em: number, descXs: number[]): void {
  const numeric = numericBands(bands);
  for (const m of money) {
    if (numeric.length && !numeric.some((b) => m.x1 >= b.x0 - em * SUFFIX_REACH_EM && m.x0 <= b.x1 + em * SUFFIX_REACH_EM)) {
      // A figure quoted in the text ("TESCO BELFAST, 30.00 GBP , ON 03-02-2024") keeps its place in it.
      let at = descXs.length;
      while (at > 0 && descXs[at - 1] > m.x0) at--;
      rec.descWords.splice(at, 0, m.text);
      descXs.splice(at, 0, m.x0);
      continue;
    }
    const { role } = moneyRole(m, bands, em);
    if ((role === 'debit' || role === 'credit' || role === 'amount' || role === 'balance') && !rec.money[role]) rec.money[role] = m;
    else if (role !== 'foreign') rec.loose.push(m);
  }
  rec.hasMoney = !!(rec.money.debit || rec.money.credit || rec.money.amount || rec.money.balance);
}

/** A line that carries only a date (a day heading above that day's rows). */
export const isDateOnly = (r: LineRec): boolean =>
  !!r.date && !r.hasMoney && !r.descWords.length && !r.typeWords.length && !r.refWords.length && !r.loose.length;

export function newRow(rec: LineRec): DraftRow {
  return {
    date: rec.date,
    dateText: rec.dateText,
    descParts: [],
    typeCode: '',
    reference: '',
    debit: null,
    credit: null,
    amount: null,
    balance: null,
    loose: [],
    page: rec.line.page,
    boxes: [],
    lines: [],
    section: rec.section,
    firstY: rec.line.y,
    lastY: rec.line.y,
    moneyLineIndex: -1,
    lineCount: 0,
    lh: rec.line.lh,
  };
}

// A line's box reaches 0.85 em above its baseline and 0.25 em below (ascenders and descenders).
const ASCENT_EM = 0.85;
const DESCENT_EM = 0.25;

/** `[text, ...words].filter(Boolean).join(' ')`, without the two arrays. */
function joinedTo(text: string, words: string[]): string {
  for (const w of words) if (w) text = text ? `${text} ${w}` : w;
  return text;
}

export function addLine(row: DraftRow, rec: LineRec): void {
  if (rec.typeWords.length) row.typeCode = joinedTo(row.typeCode, rec.typeWords);
  if (rec.descWords.length) row.descParts.push(rec.descWords.join(' '));
  if (rec.refWords.length) row.reference = joinedTo(row.reference, rec.refWords);
  if (rec.hasMoney && rec.lexicon) row.candidate = true;
  if (rec.hasMoney && rec.carried) row.carried = true;
  if (rec.hasMoney && row.moneyLineIndex < 0) {
    row.debit = rec.money.debit ?? null;
    row.credit = rec.money.credit ?? null;
    row.amount = rec.money.amount ?? null;
    row.balance = rec.money.balance ?? null;
    row.loose = rec.loose;
    row.moneyLineIndex = row.lineCount;
  }
  if (!row.date && rec.date) {
    row.date = rec.date;
    row.dateText = rec.dateText;
  }
  if (row.lineCount === 0) {
    row.page = rec.line.page;
    row.firstY = rec.line.y;
    row.lh = rec.line.lh;
  }
  // Boxes are drawn on the row's own page; a line carried over a page break keeps its text only.
  if (rec.line.page === row.page) row.boxes.push([rec.firstX, rec.line.y - rec.em * ASCENT_EM, rec.lastX, rec.line.y + rec.em * DESCENT_EM]);
  if (rec.line.sourceLine) row.lines.push(rec.line.sourceLine);
  if (rec.line.page === row.page) row.lastY = rec.line.y;
  row.lineCount++;
}
