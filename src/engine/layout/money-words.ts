// Reads printed amounts from the words of a line: "1,234.56", "1.234,56", "+ 2.853.82", "(12.30)",
// "12.30-", "£1,234.56", "1043.70 D", "7,99 Af", "−5.00" (unicode minus). Minor units, never floats.
import { CELL_CURRENCY_MARKS, FREE_TEXT_CURRENCY_CODES, prefixedDollar, WORD_CURRENCY_MARKS } from '../currencies.js';
import { DIR_SUFFIX } from './lexicon.js';
import { CODES, MARK_WORDS, parseMoneyText } from './money-text.js';
import { kindOf, moneyOfWord } from './word-kinds.js';

// A one-letter mark ("C", "D", "S", "H") is a figure's direction only close after it; set in a narrow
// column of its own, right-aligned figures leave it up to about 1.4 em away ("46.00  C" beside
// "306.00 D", SBI Card), so 1.5 em: a word further off is text, not a mark.
const LETTER_SUFFIX_GAP_EM = 1.5;
// A mark that ends its line, or stands between two figures, is in a column of marks of its own (S / H,
// D / C beside every figure): such a column is set up to about 3 em right of the figures' edge.
const LAST_LETTER_GAP_EM = 3;
import type { MoneyToken, Token } from './types.js';

export { parseColumnFigure, parseMoneyText, type ParsedMoney } from './money-text.js';

/** A currency mark standing as a word before a figure, perhaps with the figure's sign or bracket ("-R$", "(R$"). */
const MARK_BEFORE = new RegExp(String.raw`^([+\-\u2212]?)(\(?)(?:${MARK_WORDS})$`);
/** A currency mark standing as a word after a figure ("zł", "kr", "€"), perhaps with its trailing sign or bracket ("kr-", "zł)"). */
const MARK_AFTER = new RegExp(String.raw`^(?:${MARK_WORDS}|[£€$¥₹])([+\-\u2212)]?)$`);

const CODE_WORD = new RegExp(`^(${CODES})$`);
const SIGN_WORD = new RegExp(String.raw`^[+\-\u2212]$|^[£€$¥₹]$|^(${CODES})$|${MARK_BEFORE.source}`);
/** Longest word SIGN_WORD can match (a currency code or mark, signed): longer words are not tested. */
const SIGN_WORD_LONGEST = Math.max(1, ...FREE_TEXT_CURRENCY_CODES.map((c) => c.length), ...Object.keys(WORD_CURRENCY_MARKS).map((c) => c.length + 1));

/**
 * Finds the amounts among a line's words, merging a detached sign or currency symbol before and
 * a direction suffix after. Returns the money tokens and the words left over.
 */
export function findMoney(words: Token[]): MoneyFound {
  // A line's words are read for money by the header test, the anchor test and the line reader in
  // turn: the reading is kept per words array (lines are not changed once built) and handed out
  // read-only, so every caller sees the same arrays.
  let found = (words as CachedWords)[MONEY_OF];
  if (!found) (words as CachedWords)[MONEY_OF] = found = moneyOf(words);
  return found;
}

export interface MoneyFound {
  readonly money: readonly MoneyToken[];
  readonly rest: readonly Token[];
}
const MONEY_OF = Symbol('money');
type CachedWords = Token[] & { [MONEY_OF]?: MoneyFound };

/**
 * The lone dashes of a line that fill empty figure cells ("- 3.00 - 239.21": no money in, 3.00 out,
 * then the balance). A dash standing between two figures (or beside another such dash) signs neither:
 * a sign is never printed after one figure and before the next. Once a line shows one such dash, every
 * dash beside its figures is a cell's, the first one too ("CREDIT - 3.00": no reference).
 */
export function cellDashes(words: readonly Token[]): Set<Token> | null {
  const dash = (k: number) => k >= 0 && k < words.length && kindOf(words[k]).dash;
  const fig = (k: number) => k >= 0 && k < words.length && kindOf(words[k]).kind === 'money';
  let between = false;
  for (let k = 0; k < words.length && !between; k++) between = dash(k) && (fig(k - 1) || dash(k - 1)) && (fig(k + 1) || dash(k + 1));
  if (!between) return null;
  const out = new Set<Token>();
  for (let k = 0; k < words.length; k++) if (dash(k) && (fig(k - 1) || fig(k + 1) || dash(k - 1) || dash(k + 1))) out.add(words[k]);
  return out;
}

function moneyOf(words: Token[]): { money: MoneyToken[]; rest: Token[] } {
  const money: MoneyToken[] = [];
  // Indices of words taken into a figure (a line has a few words; made only when a figure is found).
  let used: boolean[] | null = null;
  // (Empty cells' dashes are neither a figure's sign nor text.)
  const cells = words.some((w) => kindOf(w).dash) ? cellDashes(words) : null;
  if (cells) used = words.map((w) => cells.has(w));
  for (let i = 0; i < words.length; i++) {
    if (used?.[i]) continue;
    const w = words[i];
    let p = moneyOfWord(w);
    if (!p) continue;
    used ??= [];
    // Thousands grouped by a plain space ("3 116,03", "1 000,00") arrive as separate words.
    const start = spaceGroupedStart(words, i, used);
    let parts: Token[] | null = null;
    if (start < i) {
      parts = words.slice(start, i + 1);
      p = parseMoneyText(parts.map((t) => t.text).join(' ')) ?? p;
      for (let k = start; k < i; k++) used[k] = true;
    }
    let sign = p.sign;
    let dir = p.dir;
    // A detached sign or currency symbol just before the number (within one em).
    const prevIdx = start - 1;
    if (prevIdx >= 0 && !used[prevIdx]) {
      const pw = words[prevIdx];
      if (pw.text.length <= SIGN_WORD_LONGEST && SIGN_WORD.test(pw.text) && words[start].x0 - pw.x1 <= w.em * 0.8) {
        // (A mark carrying the sign, "-R$ 1.234,56", signs the figure as a lone minus would.)
        const marked = pw.text.length > 1 ? MARK_BEFORE.exec(pw.text) : null;
        const lead = marked ? marked[1] : pw.text;
        // (An opening bracket before the mark closes after the figure: "(R$ 899,03)" is money out.)
        if (marked?.[2] && (parts ?? [w])[(parts ?? [w]).length - 1].text.endsWith(')')) sign = '-';
        else if (lead === '-' || lead === '\u2212') sign = sign === '-' ? '+' : '-';
        else if (lead === '+') sign = sign ?? '+';
        parts = [pw, ...(parts ?? [w])];
        used[prevIdx] = true;
      }
    }
    parts ??= [w];
    // A direction suffix directly after the number (nothing between; any gap on the same line).
    const next = words[i + 1];
    // (Only a word of at most 3 characters can be a suffix: longer ones are not folded and looked up.)
    if (next && !used[i + 1] && !dir && next.text.length <= 3) {
      const key = next.text.replace(/\.$/, '').toLowerCase();
      const d = DIR_SUFFIX[key];
      const between = i + 2 === words.length || kindOf(words[i + 2]).kind === 'money';
      const gapEm = between ? LAST_LETTER_GAP_EM : LETTER_SUFFIX_GAP_EM;
      if (d && (key.length > 1 || next.x0 - w.x1 <= w.em * gapEm)) {
        dir = d;
        parts.push(next);
        used[i + 1] = true;
      }
    }
    // A currency code printed after the figure ("-55,20 EUR", one booking a line) is the figure's, not text.
    const after = words[i + 1];
    const mark = after && !used[i + 1] && after.x0 - w.x1 <= w.em * 1.2 ? (CODE_WORD.test(after.text) ? [after.text, ''] : MARK_AFTER.exec(after.text)) : null;
    if (mark) {
      // A sign or bracket closing the mark is the figure's: "899,03 kr-", "(1 234,56 zł)".
      if (mark[1] === '-' || mark[1] === '\u2212' || (mark[1] === ')' && parts[0].text.startsWith('('))) sign = '-';
      parts.push(after);
      used[i + 1] = true;
      // A direction mark after the currency's ("1 234,56 zł S", "350,00 kr CR") is the figure's too.
      const next2 = words[i + 2];
      const d2 = !dir && next2 && !used[i + 2] && next2.text.length <= 3 ? DIR_SUFFIX[next2.text.replace(/\.$/, '').toLowerCase()] : undefined;
      if (d2 && (next2.text.length > 1 || next2.x0 - after.x1 <= w.em * LETTER_SUFFIX_GAP_EM)) {
        dir = d2;
        parts.push(next2);
        used[i + 2] = true;
      }
    }
    used[i] = true;
    money.push({
      abs: p.abs,
      sign,
      dir,
      x0: parts[0].x0,
      x1: parts[parts.length - 1].x1,
      text: parts.length === 1 ? w.text : parts.map((t) => t.text).join(' '),
      words: parts,
    });
  }
  if (!used) return { money, rest: words };
  const rest: Token[] = [];
  for (let i = 0; i < words.length; i++) if (!used[i]) rest.push(words[i]);
  return { money, rest };
}

// A word of one to three digits: a leading thousands group when a single space sets it off a figure.
// The first group may carry the figure's sign ("+1 500,34").
const GROUP = /^[(]?[-+\u2212]?\d{1,3}$/;
// A date before the groups is no number the digits could belong to ("Endsaldo 25.03.2024 1 500,34").
const DATE_WORD = /^\d{1,2}[./-]\d{1,2}[./-]\d{2,4}$/;
// Only with a decimal comma ("3 116,03"): statements that space their thousands write decimals so, and a
// decimal point after a number ("ON 12 154.23", a wrapped "12 DEC" before a figure) is text then a figure.
const THREE_DIGITS_FIRST = /^\d{3},\d{2}(?![\d.,])/;

/**
 * Index of the first word of a figure whose thousands are set off by single spaces ("1 234 567,89" read
 * as three words), or `i` when the figure at `i` stands alone. Groups are of three digits (the first of
 * one to three), each at most a space's width from the next; a run preceded by yet another number close
 * by (a reference "12 345 678,90"?) is left alone: which digits are the figure's is a guess.
 */
function spaceGroupedStart(words: Token[], i: number, used: boolean[]): number {
  const w = words[i];
  if (!THREE_DIGITS_FIRST.test(w.text)) return i;
  let start = i;
  for (let k = i - 1; k >= 0 && !used[k]; k--) {
    const g = words[k];
    if (!GROUP.test(g.text) || words[k + 1].x0 - g.x1 > w.em * SPACE_EM || words[k + 1].x0 <= g.x1) break;
    start = k;
    if (!/^\d{3}$/.test(g.text)) break;
  }
  if (start === i) return i;
  const before = words[start - 1];
  if (before && !used[start - 1] && /^\d/.test(before.text) && !DATE_WORD.test(before.text) && words[start].x0 - before.x1 <= w.em * SPACE_EM) return i;
  return start;
}
// The widest gap a thousands space leaves, in em: one character of a fixed-width text (half an em) or a
// proportional font's space (a quarter to a third of an em); a column gap is wider.
const SPACE_EM = 0.6;

/**
 * A figure in the money-in column, in minor units: a minus printed there takes the money out again (a
 * returned credit), as in a delimited export. (In the money-out column a minus only repeats its direction.)
 */
export const paidInValue = (m: { abs: bigint; sign: '-' | '+' | null }): bigint => (m.sign === '-' ? -m.abs : m.abs);

/** Signed value of a printed amount where unsigned means `unsignedDir`. */
export function signedValue(m: { abs: bigint; sign: '-' | '+' | null; dir: 'dr' | 'cr' | null }, unsignedDir: 'cr' | 'dr' = 'cr'): bigint {
  if (m.dir) return m.dir === 'dr' ? -m.abs : m.abs;
  // Where unsigned means money out (card statements), a printed minus marks money in.
  if (m.sign === '-') return unsignedDir === 'dr' ? m.abs : -m.abs;
  if (m.sign === '+') return unsignedDir === 'dr' ? -m.abs : m.abs;
  return unsignedDir === 'dr' ? -m.abs : m.abs;
}

export function currencyOfSymbol(text: string): string | null {
  // A dollar with letters beside its sign names its own ("Amount ($A)" is Australian).
  if (text.includes('$')) {
    const own = prefixedDollar(text);
    if (own) return own;
  }
  for (const [sym, code] of Object.entries(CELL_CURRENCY_MARKS)) if (text.includes(sym)) return code;
  return null;
}

// A figure of three digits before a decimal point, and the group before it: "2 795.35", "-3 000.00".
const POINT_TAIL = /^\d{3}\.\d{2}$/;
const LEAD = /^[-+\u2212]?\d{1,3}$/;
// Text that stops at least this far short of a figure's leading group (in em) is a column apart from it.
const TEXT_CLEAR_EM = 1.5;

/**
 * Thousands set off by a space before a decimal point (South African statements: "2 795.35"). Read as
 * one figure only where a table's columns vouch for it: the figure stands in a figure column (`inColumn`
 * of its right edge), its leading group a space's width before it, and no text runs up to that group.
 * Elsewhere "ON 12 154.23" is text then a figure (see spaceGroupedStart); a wrong join would break the
 * balance chain and be reported.
 */
export function withPointSpaceGroups(found: MoneyFound, inColumn: (x1: number) => boolean): MoneyFound {
  if (!found.money.some((m) => m.words.length === 1 && POINT_TAIL.test(m.text))) return found;
  let rest = found.rest;
  const money = found.money.map((m) => {
    const w = m.words[0];
    if (m.words.length !== 1 || !POINT_TAIL.test(w.text) || !inColumn(w.x1)) return m;
    let k = rest.length - 1;
    while (k >= 0 && rest[k].x1 > w.x0) k--;
    const g = rest[k];
    if (!g || !LEAD.test(g.text) || w.x0 - g.x1 > w.em * SPACE_EM || w.x0 <= g.x1) return m;
    const before = rest[k - 1];
    if (before && g.x0 - before.x1 < w.em * TEXT_CLEAR_EM) return m;
    const p = parseMoneyText(`${g.text} ${w.text}`);
    if (!p) return m;
    rest = rest.filter((t) => t !== g);
    return { ...m, abs: p.abs, sign: p.sign ?? m.sign, x0: g.x0, text: `${g.text} ${w.text}`, words: [g, w] };
  });
  return rest === found.rest ? found : { money, rest };
}
