// Finds a table's header row by its words and turns its cells into column bands. A header may
// take two printed lines ("Bedrag" over "in euro's"); the second line is merged by position.
import { cellsOf, foldedLineText, lineText } from './line-builder.js';
import { FREE_TEXT_CURRENCY_CODES } from '../currencies.js';
import { cleanLabel, LabelRoles } from './header-labels.js';
import { BOOKING_DATE_LABELS, DATE_LABELS, foldText, TITLE_MONEY_IN, TITLE_MONEY_OUT, TITLE_NO_DIRECTION } from './lexicon.js';
import { alternation } from '../lang/index.js';
import { findMoney } from './money-words.js';
import { currencyOfSymbol } from './money-words.js';
import type { Band, ColumnRole, Line, Token } from './types.js';
import { hasDigit } from './word-kinds.js';

const CURRENCY_CODE_WORD = new RegExp(`\\b(${FREE_TEXT_CURRENCY_CODES.join('|')})\\b`);

interface HeaderCell {
  words: Token[];
  text: string;
  x0: number;
  x1: number;
  role: ColumnRole | null;
}

/**
 * The text of any run of words (words[i..j) joined by spaces) as a slice of the whole joined once:
 * the cell splitting reads every run of a candidate line (24 words: 300 runs), one join each before.
 */
function runTexts(words: Token[]): (i: number, j: number) => string {
  const whole = words.map((w) => w.text).join(' ');
  const starts = new Array<number>(words.length);
  for (let k = 0, at = 0; k < words.length; at += words[k].text.length + 1, k++) starts[k] = at;
  return (i, j) => (i === 0 && j === words.length ? whole : whole.slice(starts[i], starts[j - 1] + words[j - 1].text.length));
}

/** Splits a cell like "Type Description" into role-bearing parts when the whole does not read as one. */
function splitCell(words: Token[], labels: LabelRoles): HeaderCell[] {
  const whole = runTexts(words)(0, words.length);
  const wr = labels.roleOf(whole);
  // Single-word descriptions first ("Pay type Details" is Type + Details), then longer ones.
  for (const long of [false, true]) {
    const parts = greedySplit(words, long, labels);
    if (parts && parts.length > 1 && (!wr || wr === 'description')) return parts;
  }
  return [{ words, text: whole, x0: words[0].x0, x1: words[words.length - 1].x1, role: wr }];
}

/** A word cut in two at character `at`, each part placed by its share of the characters. */
function cutWord(w: Token, at: number): [Token, Token] {
  const x = w.x0 + ((w.x1 - w.x0) * at) / w.text.length;
  return [
    { ...w, text: w.text.slice(0, at), x1: x },
    { ...w, text: w.text.slice(at), x0: x },
  ];
}

/**
 * Labels printed without a gap come out as one word ("Money OUTACCOUNT BALANCE"): the word is cut
 * where the words before it and its first part complete a label. Returns the words with the cut made,
 * or null when no cut makes a label.
 */
function unglue(words: Token[], i: number, long: boolean, labels: LabelRoles): Token[] | null {
  const run = runTexts(words);
  for (let j = words.length - 1; j >= i; j--) {
    const w = words[j];
    // Only where two labels can have met: inside a word in capitals, or where a capital follows a small letter.
    const caps = /^[A-Z]{6,}$/.test(w.text);
    for (let at = w.text.length - 2; at >= 2; at--) {
      if (!caps && !(/[a-z]/.test(w.text[at - 1]) && /[A-Z]/.test(w.text[at]))) continue;
      const [a, b] = cutWord(w, at);
      if (labels.exactRole(j > i ? `${run(i, j)} ${a.text}` : a.text, long)) {
        return [...words.slice(0, j), a, b, ...words.slice(j + 1)];
      }
    }
  }
  return null;
}

/** Greedy: the longest run of words that is an exact role, then the next; null when a word is left over. */
function greedySplit(input: Token[], long: boolean, labels: LabelRoles): HeaderCell[] | null {
  let words = input;
  if (words.length > 1 || words[0]?.text.length > 5) {
    const parts: HeaderCell[] = [];
    let i = 0;
    let ok = true;
    let run = runTexts(words);
    while (i < words.length) {
      let found = 0;
      let text = '';
      let role: ColumnRole | null = null;
      for (let j = words.length; j > i && !found; j--) {
        text = run(i, j);
        role = labels.exactRole(text, long);
        if (role) found = j;
      }
      if (!found) {
        // (Cutting words is the last resort: only once the plain readings have failed.)
        const cut = long ? unglue(words, i, long, labels) : null;
        if (cut) {
          words = cut;
          run = runTexts(words);
          continue;
        }
        ok = false;
        break;
      }
      const ws = words.slice(i, found);
      parts.push({ words: ws, text, x0: ws[0].x0, x1: ws[ws.length - 1].x1, role });
      i = found;
    }
    if (ok) return parts;
  }
  return null;
}

export interface Header {
  bands: Band[];
  /** Lines the header occupies (1 or 2). */
  lineCount: number;
  currency: string | null;
  /** Inferred from unaligned text: a line's left edge says nothing about its column. */
  compact?: boolean;
  /** Heads a list of balances by day or of dated figures in several columns, not of transactions (see balancesOnly, figureList). */
  balanceList?: boolean;
  /** The way an unmarked figure of the amount column goes, as the table's title names it. */
  unmarked?: 'dr' | 'cr';
}

function cellGroups(line: Line): Token[][] {
  const cells = cellsOf(line.words);
  // Map each cell back to its words.
  const groups: Token[][] = [];
  let k = 0;
  for (const c of cells) {
    const g: Token[] = [];
    while (k < line.words.length && line.words[k].x1 <= c.x1 + 1e-6) g.push(line.words[k++]);
    if (g.length) groups.push(g);
  }
  return groups;
}

// Every date or value-date label (HEADER_ROLES) contains one of these; a line without any cannot be
// a header, which spares the cell splitting on nearly every line of a statement.
const DATE_LABEL_PART = new RegExp(
  String.raw`(date|datum|posted|buchung|verbucht|tag|fecha|day|received|valu|wert|valeur|process|settlement|data|\bf\. ?(oper|valor)|${alternation(DATE_LABELS)})`,
);
const MAX_HEADER_WORDS = 24;
// Lines of one stacked header stand at most 1.3 line pitches apart (labels printed over two or three
// lines in a tall header cell); a label below another within half an em horizontally continues it.
export const STACK_PITCHES = 1.3;
export const STACK_OVERLAP_EM = 0.5;

const isMoneyRole = (r: ColumnRole | null) => r === 'debit' || r === 'credit' || r === 'amount' || r === 'balance';

function scoreCells(cs: HeaderCell[]): number {
  const roles = cs.map((c) => c.role);
  const hasDate = roles.includes('date') || roles.includes('valuedate');
  const known = roles.filter(Boolean).length;
  return hasDate && roles.some(isMoneyRole) && known >= 3 && known * 2 >= cs.length ? known : 0;
}

const headerText = foldedLineText;

// Plain ASCII text folds to its lower case (the label parts have no spaces, so the spaces folded
// away do not matter): it is tested as printed, without folding every line of a statement.
const DATE_LABEL_PART_ANY_CASE = new RegExp(DATE_LABEL_PART.source, 'i');
const PRINTABLE_ASCII = /^[\x20-\x7e]*$/;
function namesDateLabel(line: Line): boolean {
  const text = lineText(line);
  return PRINTABLE_ASCII.test(text) ? DATE_LABEL_PART_ANY_CASE.test(text) : DATE_LABEL_PART.test(foldedLineText(line));
}

/**
 * A single header line, perhaps with one or two lines below continuing its labels ("Bedrag" over "in
 * euro's"; "DATE" over "COMPTA" over "LIBELLE/REFERENCE", a label of its own on the third line).
 */
function singleLine(lines: Line[], i: number, labels: LabelRoles): { cells: HeaderCell[]; lineCount: number } | null {
  const line = lines[i];
  if (line.words.length < 2 || line.words.length > MAX_HEADER_WORDS) return null;
  if (!namesDateLabel(line)) return null;
  if (findMoney(line.words).money.length) return null;
  let cells = cellGroups(line).flatMap((g) => splitCell(g, labels));
  if (!scoreCells(cells)) return null;
  let lineCount = 1;
  for (let prev = line, next = lines[i + 1]; lineCount < 3 && next; prev = next, next = lines[i + lineCount]) {
    if (next.page !== line.page || next.y - prev.y > line.lh * 1.8 || findMoney(next.words).money.length) break;
    const sub = cellGroups(next).map((ws) => ({ words: ws, text: ws.map((w) => w.text).join(' '), x0: ws[0].x0, x1: ws[ws.length - 1].x1 }));
    // A continuation line never starts a row: no date-looking words in it. Its words stand under the
    // labels above, or (below the second line) name a column of their own.
    if (!sub.length || sub.some((s) => /\d/.test(s.text))) break;
    const under = (s: (typeof sub)[number]) => cells.some((c) => s.x0 < c.x1 + line.em && s.x1 > c.x0 - line.em);
    const own = sub.filter((s) => !under(s));
    // (On the second line only when the line below it goes on continuing the labels above: "DATE" over
    // "LIBELLE/REFERENCE" over "COMPTA", the label centred between the lines of a stacked date label.)
    if (own.length && (own.some((s) => !labels.roleOf(s.text)) || (lineCount < 2 && !continuesBelow(lines, i + 2, next, cells, line.em)))) break;
    cells = cells.map((c) => {
      // (Word by word: "OPERATION VALEUR", one group, stands under two labels.)
      const below = sub.filter(under).flatMap((s) => s.words.filter((w) => w.x0 < c.x1 + line.em * 0.5 && w.x1 > c.x0 - line.em * 0.5));
      if (!below.length) return c;
      const text = `${c.text} ${below.map((b) => b.text).join(' ')}`;
      const r = labels.roleOf(text);
      return { ...c, text, role: r ?? c.role, x0: Math.min(c.x0, ...below.map((b) => b.x0)), x1: Math.max(c.x1, ...below.map((b) => b.x1)) };
    });
    if (own.length) cells = [...cells, ...own.map((s) => ({ ...s, role: labels.roleOf(s.text) }))].sort((a, b) => a.x0 - b.x0);
    lineCount++;
  }
  return { cells, lineCount };
}

/** The line at `k` stands right under `prev` and prints words under the labels `cells`, no digits. */
function continuesBelow(lines: Line[], k: number, prev: Line, cells: HeaderCell[], em: number): boolean {
  const l = lines[k];
  if (!l || l.page !== prev.page || l.y - prev.y > l.lh * 1.8 || l.words.some(hasDigit)) return false;
  return l.words.some((w) => cells.some((c) => w.x0 < c.x1 + em && w.x1 > c.x0 - em));
}

/**
 * A header whose labels are stacked over two or three lines ("Transaction" over "Date", with
 * "Transaction Details" on the middle line of the same header): each label is the words printed
 * above one another, read top to bottom.
 */
/** A line that may be part of a stacked header: a few words, no two digits together (no dates, no figures). */
const labelLike = (l: Line) => l.words.length <= MAX_HEADER_WORDS && !l.words.some((w) => /\d{2}/.test(w.text));

function stacked(lines: Line[], i: number, labels: LabelRoles): { cells: HeaderCell[]; lineCount: number } | null {
  // (Called for nearly every line of a statement: the cheap tests come first.)
  if (!labelLike(lines[i])) return null;
  // A header's first line names a column: a title over it ("*** C A S D E N-B P ***") is not part of it.
  const groups = cellGroups(lines[i]);
  if (!groups.some((g) => labels.roleOf(g.map((w) => w.text).join(' ')) !== null || completedBelow(lines, i, g, labels))) return null;
  const three = stackedWindow(lines, i, 3, labels);
  // A lone label over a two-line header is the table's title ("Transaction Details" over ANZ's "Date /
  // Processed", naming a column the header names again): the header starts below it.
  // A label the middle line leaves a gap under and the third line continues ("Popis" over a gap over
  // "transakce", the one-word labels between) is the header's own first line.
  if (three && groups.length === 1 && !continuedPast(lines, i, groups[0]) && labelLike(lines[i + 1]) && stackedWindow(lines, i + 1, 2, labels)) return null;
  return three ?? stackedWindow(lines, i, 2, labels);
}

/** Nothing on the next line stands under `g`, and a word of the line after it does. */
function continuedPast(lines: Line[], i: number, g: Token[]): boolean {
  const [mid, low] = [lines[i + 1], lines[i + 2]];
  if (!mid || !low) return false;
  const under = (l: Line) => l.words.some((w) => w.x0 < g[g.length - 1].x1 + l.em * STACK_OVERLAP_EM && w.x1 > g[0].x0 - l.em * STACK_OVERLAP_EM);
  return !under(mid) && under(low);
}

/**
 * A first-line label that names a figure column only with the words under it ("Money" over "out", with
 * the middle line "Date Description Balance" between them): the two lines below are searched.
 */
function completedBelow(lines: Line[], i: number, g: Token[], labels: LabelRoles): boolean {
  const x0 = g[0].x0,
    x1 = g[g.length - 1].x1;
  const text = g.map((w) => w.text).join(' ');
  for (let k = i + 1; k <= i + 2 && k < lines.length; k++) {
    const l = lines[k];
    if (l.page !== lines[i].page || l.y - lines[k - 1].y > Math.max(l.lh, lines[k - 1].lh) * STACK_PITCHES || !labelLike(l)) return false;
    for (const b of cellGroups(l)) {
      if (b[0].x0 >= x1 + l.em * STACK_OVERLAP_EM || b[b.length - 1].x1 <= x0 - l.em * STACK_OVERLAP_EM) continue;
      // (Only a figure column's label: a title over the date column, "EUR account" over "Date", is no part of the header.)
      const role = labels.roleOf(`${text} ${b.map((w) => w.text).join(' ')}`);
      if (role === 'debit' || role === 'credit' || role === 'amount' || role === 'balance') return true;
    }
  }
  return false;
}

function stackedWindow(lines: Line[], i: number, n: number, labels: LabelRoles): { cells: HeaderCell[]; lineCount: number } | null {
  const win = lines.slice(i, i + n);
  if (
    win.length < n ||
    win.some((l, k) => k > 0 && (l.page !== win[0].page || l.y - win[k - 1].y > Math.max(l.lh, win[k - 1].lh) * STACK_PITCHES || !labelLike(l)))
  )
    return null;
  let wordCount = 0;
  for (const l of win) wordCount += l.words.length;
  if (wordCount < 3 || wordCount > MAX_HEADER_WORDS) return null;
  if (!DATE_LABEL_PART.test(win.map(headerText).join(' ')) || win.some((l) => findMoney(l.words).money.length)) return null;
  const em = Math.max(...win.map((l) => l.em));
  const columns: Token[][] = [];
  // A group of the first line standing over two labels of the next is a title, not a label (HSBC's "Your
  // Transaction Details" over "Received By Us" and "Transaction Date", with "Amount" at its right).
  const below = cellGroups(win[1]);
  const overTwo = (g: Token[]) => below.filter((b) => b[0].x0 < g[g.length - 1].x1 && b[b.length - 1].x1 > g[0].x0).length >= 2;
  for (const [k, l] of win.entries()) {
    for (const g of cellGroups(l)) {
      if (k === 0 && overTwo(g)) continue;
      const x0 = g[0].x0,
        x1 = g[g.length - 1].x1;
      const col = columns.find((c) => x0 < c[c.length - 1].x1 + em * STACK_OVERLAP_EM && x1 > Math.min(...c.map((w) => w.x0)) - em * STACK_OVERLAP_EM);
      if (col) col.push(...g);
      else columns.push([...g]);
    }
  }
  columns.sort((a, b) => Math.min(...a.map((w) => w.x0)) - Math.min(...b.map((w) => w.x0)));
  const cells = columns.map((ws) => {
    const text = ws.map((w) => w.text).join(' ');
    return { words: ws, text, x0: Math.min(...ws.map((w) => w.x0)), x1: Math.max(...ws.map((w) => w.x1)), role: labels.roleOf(text) };
  });
  return scoreCells(cells) ? { cells, lineCount: n } : null;
}

// A first date column labelled as the day of purchase yields to a later one labelled as the day the
// bank booked the row: `Date` is the posting date. "Process(ed) date" names neither for sure.
const PURCHASE_DATE = /(transaction|trans\b|txn|purchase|einkauf|kauf|beleg|umsatz|achat|compra|acquisto)/;
const BOOKING_DATE = new RegExp(String.raw`(post|booking|booked|buchung|verbucht|boek|comptab|contab|received|${alternation([...BOOKING_DATE_LABELS])})`);

function bandsOf(cells: HeaderCell[]): Band[] {
  const bands: Band[] = cells.map((c) => ({ role: c.role ?? 'other', x0: c.x0, x1: c.x1, label: c.text }));
  const dated = bands.filter((b) => b.role === 'date' || b.role === 'valuedate');
  let main = dated.find((b) => b.role === 'date') ?? dated[0];
  const booking = dated.find((b) => b !== main && BOOKING_DATE.test(foldText(b.label)));
  if (main && booking && PURCHASE_DATE.test(foldText(main.label)) && !BOOKING_DATE.test(foldText(main.label))) main = booking;
  for (const b of dated) b.role = b === main ? 'date' : 'valuedate';
  // Two plain "amount" columns: the left one is the foreign amount.
  const amounts = bands.filter((b) => b.role === 'amount');
  if (amounts.length > 1)
    amounts.slice(0, -1).forEach((b) => {
      b.role = 'foreign';
    });
  return bands;
}

/**
 * Reads lines[i] (and perhaps the lines below it) as a table header; null when it is not one.
 * `labels` remembers label roles across the calls of one walk over the lines (a new one by default).
 */
export function detectHeader(lines: Line[], i: number, labels = new LabelRoles()): Header | null {
  const found = singleLine(lines, i, labels) ?? stacked(lines, i, labels);
  if (!found) return null;
  const { cells, lineCount } = found;
  // ("Balance (R)": the rand, named by its letter as the unit of a column.)
  const currency =
    cells.map((c) => currencyOfSymbol(c.text) ?? CURRENCY_CODE_WORD.exec(c.text)?.[1] ?? (RAND_UNIT.test(c.text) ? 'ZAR' : null)).find(Boolean) ?? null;
  const bands = bandsOf(cells);
  const unmarked = titleDirection(lines, i, bands);
  const list = balancesOnly(bands) || figureList(cells);
  return { bands, lineCount, currency, ...(list ? { balanceList: true } : {}), ...(unmarked ? { unmarked } : {}) };
}

// A table's title stands right above its header: within 2.5 pitches of the taller line, a few words.
const TITLE_PITCHES = 2.5;
const MAX_TITLE_WORDS = 8;

/**
 * The direction a table's title gives the figures of its one unnamed amount column: a list of
 * deposits or of cheques paid prints every figure unsigned, the title saying which way they all go.
 * Marked figures keep their own sign (see rowAmount); undefined when the title names no one direction.
 */
function titleDirection(lines: Line[], i: number, bands: Band[]): 'dr' | 'cr' | undefined {
  const numeric = bands.filter((b) => isMoneyRole(b.role) || b.role === 'foreign');
  const title = lines[i - 1];
  if (numeric.length !== 1 || numeric[0].role !== 'amount' || !title || title.page !== lines[i].page) return undefined;
  if (lines[i].y - title.y > Math.max(title.lh, lines[i].lh) * TITLE_PITCHES || title.words.length > MAX_TITLE_WORDS) return undefined;
  if (findMoney(title.words).money.length || title.words.some(hasDigit)) return undefined;
  const text = foldedLineText(title).replace(TITLE_NO_DIRECTION, ' ');
  const into = TITLE_MONEY_IN.test(text),
    out = TITLE_MONEY_OUT.test(text);
  return into === out ? undefined : into ? 'cr' : 'dr';
}

/**
 * Labels repeated side by side with no text column among them ("Date Amount Date Amount") head one
 * list of dated figures printed in several columns (a day's closing balances), not a transaction
 * table: a transaction has text, and one table prints each column once.
 */
function figureList(cells: HeaderCell[]): boolean {
  if (cells.some((c) => c.role === 'description' || c.role === 'type' || c.role === 'reference')) return false;
  const labels = cells.map((c) => cleanLabel(c.text));
  for (let k = 2; k * 2 <= labels.length; k++) if (labels.length % k === 0 && labels.every((l, i) => l === labels[i % k])) return true;
  return false;
}

/**
 * A header naming nothing but dates and balances ("Date Balance Date Balance", each day's closing balance
 * set in several columns) heads no transactions: every transaction table prints what the money was for,
 * and a table with unlabelled amount columns still names its description.
 */
function balancesOnly(bands: Band[]): boolean {
  return bands.every((b) => b.role === 'date' || b.role === 'valuedate' || b.role === 'balance');
}

const RAND_UNIT = /\(R\)\s*$/;
