// Walks the lines of a statement and builds draft rows: header rows open a table (or continue it
// on a new page), date or type-code lines start rows, amount lines complete them, continuation
// lines join the description, anchors (brought forward, closing, totals) are kept apart.
import { detectHeader, isNumericRole, type Header } from './header-detect.js';
import { moneyRole, tableRight, textRole } from './column-bands.js';
import { parseDateWords } from './date-words.js';
import { findMoney } from './money-words.js';
import { findAnchor } from './anchors.js';
import { inferTable, type InferredTable } from './headerless.js';
import { lineText, median } from './line-builder.js';
import { foldText, NON_ROW, CURRENCY_CODES } from './lexicon.js';
import type { Anchor, Band, DateParts, DraftRow, Line, MoneyToken, Section, Token } from './types.js';

interface LineRec {
  line: Line;
  date: DateParts | null;
  dateText: string;
  typeWords: string[];
  descWords: string[];
  refWords: string[];
  money: Partial<Record<'debit' | 'credit' | 'amount' | 'balance', MoneyToken>>;
  loose: MoneyToken[];
  hasMoney: boolean;
  start: boolean;
  firstX: number;
  /** Left edge of the first description word (NaN when none). */
  descX: number;
  section: number;
  /** Em of the words kept (a sidebar in small type may share the baseline). */
  em: number;
  lastX: number;
}

const TYPE_CODE = /^(\)\)\)|[A-Z]{1,4}|[A-Z]{2,4}\/[A-Z]{2,4}|[A-Z][a-z]{1,3})$/;

function readLine(line: Line, bands: Band[], section: number, compact = false): LineRec {
  const em = line.em;
  const right = tableRight(bands) + em * 3;
  // Suffixes (CR, Af, Bij) may sit past the last header; other words beyond it are a sidebar.
  const found = findMoney(line.words);
  const money = found.money.filter((m) => m.x0 <= right);
  const rest = found.rest.filter((w) => w.x0 <= tableRight(bands) + em * 0.5);
  const rec: LineRec = {
    line, date: null, dateText: '', typeWords: [], descWords: [], refWords: [], money: {}, loose: [],
    hasMoney: false, start: false, descX: NaN, firstX: Math.min(rest[0]?.x0 ?? Infinity, money[0]?.x0 ?? Infinity), section,
    em: median([...rest, ...money.flatMap((m) => m.words)].map((w) => w.em)) || em,
    lastX: Math.max(rest[rest.length - 1]?.x1 ?? -Infinity, money[money.length - 1]?.x1 ?? -Infinity),
  };
  const dateBand = bands.find((b) => b.role === 'date');
  const after = dateBand ? bands.filter((b) => b.x0 > dateBand.x0).sort((a, b) => a.x0 - b.x0)[0] : undefined;
  let i = 0;
  if (dateBand && rest.length && rest[0].x0 < (after ? after.x0 - em * 0.3 : Infinity) && rest[0].x0 >= dateBand.x0 - em * 3) {
    const hit = parseDateWords(rest, 0, em * 1.2, after ? after.x0 - em * 0.3 : undefined);
    if (hit) { rec.date = hit.date; rec.dateText = hit.text; i = hit.n; }
  }
  for (; i < rest.length; i++) {
    const w = rest[i];
    let role = textRole(w, bands, em);
    // Words after the date but still under the date header belong to the next column (HSBC text
    // prints type codes hard against the date).
    if (role === 'date' && rec.date && after) role = after.role === 'type' || after.role === 'description' ? after.role : 'description';
    if (role === 'date' || role === 'valuedate') {
      // Value dates and stray date fragments are not description.
      // Unaligned text: a date inside a wrapped description ("ON 02 DEC") is text.
      if (role === 'date' && !rec.date && (compact || !parseDateWords(rest, i))) rec.descWords.push(w.text);
      else if (role === 'valuedate') {
        const hit = parseDateWords(rest, i, em * 1.2);
        if (hit) i += hit.n - 1; else rec.descWords.push(w.text);
      }
    } else if (role === 'type') rec.typeWords.push(w.text);
    else if (role === 'reference') rec.refWords.push(w.text);
    else { if (!rec.descWords.length) rec.descX = w.x0; rec.descWords.push(w.text); }
  }
  const numeric = bands.filter((b) => isNumericRole(b.role));
  for (const m of money) {
    // A figure far from every numeric column is text (a rate or a fee inside a description).
    if (numeric.length && !numeric.some((b) => m.x1 >= b.x0 - em * 3 && m.x0 <= b.x1 + em * 3)) {
      rec.descWords.push(m.text);
      continue;
    }
    const { role } = moneyRole(m, bands, em);
    if ((role === 'debit' || role === 'credit' || role === 'amount' || role === 'balance') && !rec.money[role]) rec.money[role] = m;
    else if (role !== 'foreign') rec.loose.push(m);
  }
  rec.hasMoney = !!(rec.money.debit || rec.money.credit || rec.money.amount || rec.money.balance);
  const typeOk = rec.typeWords.length > 0 && TYPE_CODE.test(rec.typeWords[0]);
  rec.start = !!rec.date || typeOk;
  return rec;
}

function newRow(rec: LineRec, section: number): DraftRow {
  return {
    date: rec.date, dateText: rec.dateText, descParts: [], typeCode: '', reference: '',
    debit: null, credit: null, amount: null, balance: null, loose: [],
    page: rec.line.page, boxes: [], lines: [], section, firstY: rec.line.y, lastY: rec.line.y,
    moneyLineIndex: -1, lineCount: 0, lh: rec.line.lh,
  };
}

function addLine(row: DraftRow, rec: LineRec, descXOf?: Map<DraftRow, number>): void {
  if (descXOf && !descXOf.has(row) && rec.descWords.length) descXOf.set(row, rec.descX);
  if (rec.typeWords.length) row.typeCode = [row.typeCode, ...rec.typeWords].filter(Boolean).join(' ');
  if (rec.descWords.length) row.descParts.push(rec.descWords.join(' '));
  if (rec.refWords.length) row.reference = [row.reference, ...rec.refWords].filter(Boolean).join(' ');
  if (rec.hasMoney && row.moneyLineIndex < 0) {
    row.debit = rec.money.debit ?? null;
    row.credit = rec.money.credit ?? null;
    row.amount = rec.money.amount ?? null;
    row.balance = rec.money.balance ?? null;
    row.loose = rec.loose;
    row.moneyLineIndex = row.lineCount;
  }
  if (!row.date && rec.date) { row.date = rec.date; row.dateText = rec.dateText; }
  row.boxes.push([rec.firstX, rec.line.y - rec.em * 0.85, rec.lastX, rec.line.y + rec.em * 0.25]);
  if (rec.line.sourceLine) row.lines.push(rec.line.sourceLine);
  row.lastY = rec.line.y;
  row.lineCount++;
}

const rowHasMoney = (r: DraftRow) => r.moneyLineIndex >= 0;

interface TableBlock { recs: LineRec[]; bands: Band[]; compact?: boolean }

/**
 * Line spacing of a double-spaced table, in line pitches (1 otherwise). Text converted from a PDF
 * often puts a blank line between every two printed lines, so a row's own lines (a detail line and
 * the line with its figures) stand two pitches apart: the usual gap between consecutive table
 * lines, not a break between rows. Only the most common gap counts, and only when it is about two
 * and (nearly) no lines are closer: an airy table whose rows stand two pitches apart but whose
 * wrapped lines are single-spaced keeps the usual distances.
 */
function blockSpacing(recs: LineRec[]): number {
  const counts = new Map<number, number>();
  let pairs = 0, close = 0;
  for (let k = 1; k < recs.length; k++) {
    const a = recs[k - 1].line, b = recs[k].line;
    if (a.page !== b.page) continue;
    const gap = Math.round(((b.y - a.y) / b.lh) * 10) / 10;
    if (gap < 1.5) close++;
    counts.set(gap, (counts.get(gap) ?? 0) + 1);
    pairs++;
  }
  let best = 1, bestN = 0;
  for (const [gap, n] of counts) if (n > bestN || (n === bestN && gap < best)) { best = gap; bestN = n; }
  return bestN * 2 >= pairs && close * 10 <= pairs && best >= 1.8 && best <= 2.4 ? best : 1;
}

/** Groups a block's line records into rows in one of two styles (amount on first or last line). */
function groupRows(block: TableBlock, style: 'first' | 'last'): DraftRow[] {
  const sp = blockSpacing(block.recs);
  const rows: DraftRow[] = [];
  let cur: DraftRow | null = null;
  let curEm = 0;
  const descStart = Math.min(...block.bands.filter((b) => b.role !== 'date').map((b) => b.x0));
  // A row cut by a page break: its further description lines open the next page, before any row
  // there, aligned with its description (amount-first rows only; the figures are on the first line).
  let carry: DraftRow | null = null;
  let carryDescX = NaN;
  let carryY = 0;
  const descXOf = new Map<DraftRow, number>();
  for (const rec of block.recs) {
    // (A page title read as a type code may have opened a row without figures: it does not count.)
    const last = rows.findLast(rowHasMoney);
    if (last && rec.line.page > last.page && !rec.start && !rec.hasMoney && rec.descWords.length && style === 'first'
      && rowHasMoney(last) && (carry !== last || rec.line.y - carryY <= rec.line.lh * 1.65 * sp)
      && Math.abs(rec.descX - (carry === last ? carryDescX : descXOf.get(last) ?? NaN)) <= rec.em) {
      if (carry !== last) { carry = last; carryDescX = descXOf.get(last)!; }
      last.descParts.push(rec.descWords.join(' '));
      if (rec.line.sourceLine) last.lines.push(rec.line.sourceLine);
      carryY = rec.line.y;
      continue;
    }
    if (rec.start || rec.hasMoney) carry = null;
    const adjacent = cur && cur.page === rec.line.page && rec.line.y - cur.lastY <= rec.line.lh * 1.65 * sp && Math.abs(rec.em - curEm) <= curEm * 0.2;
    if (rec.start) {
      cur = newRow(rec, rec.section); curEm = rec.em; rows.push(cur); addLine(cur, rec, descXOf);
    } else if (rec.hasMoney) {
      if (cur && !rowHasMoney(cur) && adjacent) addLine(cur, rec, descXOf);
      else { cur = newRow(rec, rec.section); curEm = rec.em; rows.push(cur); addLine(cur, rec, descXOf); }
    } else {
      const inDesc = block.compact || rec.firstX >= descStart - rec.em;
      if (!inDesc || !rec.descWords.length) { if (!adjacent) cur = null; continue; }
      if (style === 'last' && cur && rowHasMoney(cur) && cur.page === rec.line.page && rec.line.y - cur.lastY <= rec.line.lh * 2.6 * sp) {
        cur = newRow(rec, rec.section); curEm = rec.em; rows.push(cur); addLine(cur, rec, descXOf);
      } else if (cur && adjacent) addLine(cur, rec, descXOf);
      else cur = null;
    }
  }
  // Rows without an amount: in the amount-first style they are the tail of the row above
  // (a value-date line, a wrapped reference); otherwise they are dropped.
  const out: DraftRow[] = [];
  for (const r of rows) {
    if (rowHasMoney(r)) { out.push(r); continue; }
    const prev = out[out.length - 1];
    if (style === 'first' && prev && prev.page === r.page && r.firstY - prev.lastY <= r.lh * 1.65 * sp) {
      prev.descParts.push(...r.descParts);
      if (r.typeCode && !prev.typeCode) prev.typeCode = r.typeCode;
      prev.boxes.push(...r.boxes);
      prev.lines.push(...r.lines);
      prev.lastY = r.lastY;
      prev.lineCount += r.lineCount;
    }
  }
  return out;
}

function chooseStyle(block: TableBlock): 'first' | 'last' {
  const rows = groupRows(block, 'first');
  let first = 0, later = 0;
  for (const r of rows) {
    if (r.lineCount < 2) continue;
    if (r.moneyLineIndex === 0) first++; else later++;
  }
  return later > first ? 'last' : 'first';
}

function sectionCurrencyHint(text: string): string | null {
  const t = text.trim();
  if (t.length > 60) return null;
  const m = /\b([A-Z]{3})\b/.exec(t);
  if (m && CURRENCY_CODES.includes(m[1]) && /(account|currency|konto|rekening|compte|cuenta|section|balance|pocket|wallet|statement)/i.test(t)) return m[1];
  const m2 = /^(?:currency|währung|valuta|devise|moneda)\s*:?\s*([A-Z]{3})\b/i.exec(t);
  return m2 && CURRENCY_CODES.includes(m2[1].toUpperCase()) ? m2[1].toUpperCase() : null;
}

export interface BuildResult {
  rows: DraftRow[];
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
        if (!header) sections.push({ currency: pendingCurrency, hasBalanceColumn: inferred.header.bands.some((b) => b.role === 'balance'), hasSplitColumns: inferred.header.bands.some((b) => b.role === 'debit') });
        header = inferred.header;
        hardStop = false;
        if (!block) { block = { recs: [], bands: header.bands, compact: header.compact }; blocks.push(block); }
        active = true;
      } else if (!region || i < region[0] || i > region[1]) active = false;
    }
    const h = inferred ? null : detectHeader(line, lines[i + 1]);
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
      // (Page titles above the repeated header are records too; the last figure line counts.)
      const lastRec = block?.recs.findLast((r) => r.hasMoney);
      const sameTable = block && lastRec && lastRec.section === section() && line.page > lastRec.line.page
        && block.bands.map((b) => b.role).join() === h.bands.map((b) => b.role).join();
      if (sameTable) block!.bands = h.bands;
      else { block = { recs: [], bands: h.bands }; blocks.push(block); }
      active = true;
      i += h.lineCount - 1;
      continue;
    }
    const text = lineText(line);
    const found = findAnchor(lines, i);
    if (found.length) {
      for (const a of found) {
        anchors.push({ ...a, section: Math.max(0, section()), rowIndex: 0 });
        if (a.kind !== 'opening' && block && active) {
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
  }
  const rows: DraftRow[] = [];
  for (const b of blocks) {
    if (!b.recs.length) continue;
    rows.push(...groupRows(b, chooseStyle(b)));
  }
  // Anchors point at the number of rows before them; recompute from positions.
  for (const a of anchors) {
    a.rowIndex = rows.filter((r) => r.page < a.page || (r.page === a.page && r.firstY < a.y)).length;
  }
  return { rows, anchors, sections, headersFound };
}

export type { Token };
