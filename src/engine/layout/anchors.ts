// Reconciliation anchors: brought/carried forward, opening/closing balance, previous/new balance,
// money in/out totals. Read from the line itself or, in summary boxes where the label sits above
// its figure, from the line just below, by horizontal position. Anchors are never rows.
import { DATE_WORD_GAP_EM, parseDateWords } from './date-words.js';
import { STACK_OVERLAP_EM, STACK_PITCHES } from './header-detect.js';
import { ANCHOR_PHRASES, COLUMN_TOTALS, FAVOUR_HELD, FAVOUR_OWED, foldText, labelRole, SUMMARY_TOTALS, SUMMARY_TOTALS_OVER } from './lexicon.js';
import { foldedLineText } from './line-builder.js';
import { findMoney, parseColumnFigure, withPointSpaceGroups } from './money-words.js';
import type { Anchor, Line, MoneyToken, Token } from './types.js';

/**
 * `summary`: a total read by its column's words alone (SUMMARY_TOTALS), no anchor inside a running table.
 * `labelX`: where a label over its figure begins (a box of several dated balances: each reads its own date).
 */
type Found = Omit<Anchor, 'section' | 'rowIndex'> & { summary?: true; labelX?: number };

interface LabelHit {
  kind: Anchor['kind'];
  x0: number;
  x1: number;
  label: string;
  /** Named by a column's words alone (SUMMARY_TOTALS_OVER): takes only a figure nearer it than any other label. */
  byWords?: true;
}

const ANY_ANCHOR = new RegExp(ANCHOR_PHRASES.map(([, re]) => `(?:${re.source})`).join('|'));
const GLOBAL_PHRASES: [Anchor['kind'], RegExp][] = ANCHOR_PHRASES.map(([k, re]) => [k, new RegExp(re.source, 'g')]);

function labels(line: Line): LabelHit[] {
  const words = line.words;
  // Most lines carry no anchor phrase: one test on the folded line settles them.
  if (!ANY_ANCHOR.test(foldedLineText(line))) return [];
  // Folded text with a map from character offset to word index.
  let text = '';
  const owner: number[] = [];
  words.forEach((w, i) => {
    const f = foldText(w.text);
    if (text) {
      text += ' ';
      owner.push(i);
    }
    text += f;
    for (let k = 0; k < f.length; k++) owner.push(i);
  });
  const hits: LabelHit[] = [];
  for (const [kind, g] of GLOBAL_PHRASES) {
    g.lastIndex = 0;
    let m: RegExpExecArray | null;
    while ((m = g.exec(text))) {
      const a = owner[m.index],
        b = owner[Math.min(owner.length - 1, m.index + m[0].length - 1)];
      if (hits.some((h) => h.x0 <= words[a].x0 && words[b].x1 <= h.x1)) continue;
      hits.push({ kind, x0: words[a].x0, x1: words[b].x1, label: m[0] });
    }
  }
  return hits.sort((p, q) => p.x0 - q.x0);
}

// A summary box's figures stand on the next line, within 2.2 line pitches of their labels, or up to
// 4.5 pitches (a blank line or two between, large figures) when every label is aligned over its figure
// within 1.5 em.
const NEAR_PITCHES = 2.2;
const FAR_PITCHES = 4.5;
const ALIGNED_EM = 1.5;
// A figure printed before its label stands within 4 em of it.
const BESIDE_EM = 4;

// Words that may stand beside an anchor's label on its own line ("Balance carried forward to next
// statement", "Statement closing balance").
const LABEL_FILLER = /^(statement|to|the|next|page|sheet|your|this|of|account|from|previous|dr|cr|od)$/;

/**
 * A line that is nothing but an anchor's label, perhaps dated ("BALANCE CARRIED FORWARD", "31/05/2024
 * Closing balance") whose figure is missing (left blank, lost to OCR): furniture, never a row's text.
 */
export function anchorLabelOnly(line: Line): boolean {
  const text = foldedLineText(line);
  if (!ANY_ANCHOR.test(text)) return false;
  const date = parseDateWords(line.words, 0);
  let words = date ? line.words.slice(date.n) : line.words;
  // (A two-digit year the date reader leaves alone outside a date column: "09 May 24".)
  if (date && /^'?\d{2}(\d{2})?$/.test(words[0]?.text ?? '')) words = words.slice(1);
  const own = foldText(words.map((w) => w.text).join(' '));
  if (/\d/.test(own)) return false;
  const rest = labels({ ...line, words }).reduce((t, h) => t.replace(h.label, ' '), own);
  return rest.split(/\s+/).every((w) => !w || LABEL_FILLER.test(w));
}

export function findAnchor(lines: Line[], i: number): Found[] {
  const own = rawAnchors(lines, i);
  if (own.length) return own.map((a) => withMarks(a, lines[i]));
  const totals = summaryTotals(lines[i]);
  if (totals.length) return totals;
  const stack = stackedLabels(lines, i);
  return stack ? rawAnchors(stack, 0).map((a) => withMarks(a, stack[0])) : [];
}

/** Words k .. k+n-1 of a line as one folded label. */
const foldedWords = (words: readonly Token[], k: number, n: number): string =>
  foldText(
    words
      .slice(k, k + n)
      .map((w) => w.text)
      .join(' '),
  );

/** Labels of SUMMARY_TOTALS_OVER on a line, outside the phrases already found there. */
function wordLabels(line: Line, found: LabelHit[]): LabelHit[] {
  const words = line.words;
  const out: LabelHit[] = [];
  for (let k = 0; k < words.length; k++) {
    for (let n = 1; n <= 3 && k + n <= words.length; n++) {
      const [x0, x1] = [words[k].x0, words[k + n - 1].x1];
      if (found.some((h) => x1 > h.x0 && x0 < h.x1)) break;
      const label = foldedWords(words, k, n);
      const kind = SUMMARY_TOTALS_OVER.find(([, re]) => re.test(label))?.[0];
      if (!kind) continue;
      out.push({ kind, x0, x1, label, byWords: true });
      k += n - 1;
      break;
    }
  }
  return out;
}

const ANY_SUMMARY_TOTAL = /\b(money|payments|paid) (in|out)\b|\bpayments (and|&) (credits|refunds)\b|\bpayments\/credits\b/;
// Words set this far apart (in ems) stand in different columns: an address block beside a summary box.
const APART_EM = 2;
const CURRENCY_SIGN = /^[£$€¥₹]$/;

/**
 * Totals named by their columns' words alone (SUMMARY_TOTALS): each label stands apart from any words
 * before it, its figure is the next thing after it (a currency sign between), nothing follows the figure
 * in its column, and the line is no dated row.
 */
function summaryTotals(line: Line): Found[] {
  const words = line.words;
  if (words.length > 18 || !ANY_SUMMARY_TOTAL.test(foldedLineText(line)) || parseDateWords(words, 0)) return [];
  const { money } = withPointSpaceGroups(findMoney(words), () => true);
  const out: Found[] = [];
  for (let k = 0; k < words.length; k++) {
    if (k > 0 && words[k].x0 - words[k - 1].x1 < line.em * APART_EM) continue;
    for (let n = 2; n <= 3 && k + n <= words.length; n++) {
      const label = foldedWords(words, k, n);
      const kind = SUMMARY_TOTALS.find(([, re]) => re.test(label))?.[0];
      if (!kind) continue;
      const end = words[k + n - 1].x1;
      const value = money.find((m) => m.x0 >= end);
      if (!value) break;
      const between = words.filter((w) => w.x0 >= end && w.x1 <= value.x0 && !value.words.includes(w));
      const next = words.find((w) => w.x0 >= value.x1 && !value.words.includes(w));
      if (between.every((w) => CURRENCY_SIGN.test(w.text)) && (!next || next.x0 - value.x1 >= line.em * APART_EM))
        out.push({ kind, value, page: line.page, label, y: line.y, summary: true });
      break;
    }
  }
  return out;
}

// Labels set over two lines stand as a stacked header's do (STACK_PITCHES apart, each word within
// STACK_OVERLAP_EM of the one over it).
const MAX_STACKED_WORDS = 8;

/**
 * A summary box whose labels are each set over two lines ("BALANCE" over "FORWARD", "CLOSING" over
 * "BALANCE"), perhaps with another column's label centred on a line between them: neither line names a
 * figure alone. Returns the labels joined word over word as one line, followed by the line below them
 * (where the figures stand), or null.
 */
function stackedLabels(lines: Line[], i: number): Line[] | null {
  const top = lines[i];
  if (top.words.length < 2 || top.words.length > MAX_STACKED_WORDS || /\d/.test(foldedLineText(top))) return null;
  for (let k = i + 1; k <= i + 2 && k + 1 < lines.length; k++) {
    const low = lines[k];
    if (low.page !== top.page || low.y - top.y > Math.max(top.lh, low.lh) * STACK_PITCHES) return null;
    if (low.words.length !== top.words.length || /\d/.test(foldedLineText(low))) continue;
    const reach = top.em * STACK_OVERLAP_EM;
    const over = (a: Token, b: Token) => b.x0 < a.x1 + reach && b.x1 > a.x0 - reach;
    // Word over word, in order: a line of running text below a title does not line up so.
    if (!top.words.every((w, j) => over(w, low.words[j]) && !low.words.some((b, m) => m !== j && over(w, b)))) continue;
    if (labels(low).length) return null;
    const words = top.words.map((w, j) => {
      const b = low.words[j];
      return { ...w, text: `${w.text} ${b.text}`, x0: Math.min(w.x0, b.x0), x1: Math.max(w.x1, b.x1) };
    });
    return [{ ...low, words }, lines[k + 1]];
  }
  return null;
}

/** A dated balance keeps its date; words of favour mark the figure as DR or CR would. */
function withMarks(a: Found, line: Line): Found {
  const text = foldedLineText(line);
  let value = a.value;
  if (!value.dir && !value.sign && FAVOUR_OWED.test(text)) value = { ...value, dir: 'dr' };
  else if (!value.dir && !value.sign && FAVOUR_HELD.test(text)) value = { ...value, dir: 'cr' };
  if (a.kind !== 'dated') return { ...a, value };
  let date = null;
  if (a.labelX !== undefined) {
    // A label over its figure: the date is the one its own words print ("Balance at 31 Mar 2024").
    const words = line.words;
    const k0 = words.findIndex((w) => w.x0 >= a.labelX! - line.em * 0.1);
    for (let k = k0; k >= 0 && k < Math.min(words.length, k0 + 6) && !date; k++) {
      const hit = /\d/.test(words[k].text) ? parseDateWords(words, k, line.em * DATE_WORD_GAP_EM) : null;
      if (hit && (hit.date.y !== null || hit.date.named)) date = hit.date;
    }
    return { ...a, value, date };
  }
  // A footnote mark on the date ("SOLDE CREDITEUR AU 02/07/2019*": subject to pending operations) is not part of it.
  const words = line.words.map((w) => (w.text.endsWith('*') ? { ...w, text: w.text.replace(/\*+$/, '') } : w));
  for (let k = 0; k < words.length && !date; k++) {
    if (words[k].x0 >= a.value.x0) break;
    const hit = /\d/.test(words[k].text) ? parseDateWords(words, k, line.em * DATE_WORD_GAP_EM) : null;
    if (hit && (hit.date.y !== null || hit.date.named)) date = hit.date;
  }
  return { ...a, value, date };
}

// Reward points and air miles carry forward from period to period too: not money.
const POINTS = /\b(points?|miles|punkte|points de fidelite|puntos|avios)\b/;

/**
 * A table's header row read as text ("Date Narration ... Withdrawal Amount Deposit Amount Closing
 * Balance"): a date label and two of money out, money in, amount and description. Its "Closing Balance"
 * names a column, not a figure below it.
 */
function isHeaderRow(line: Line): boolean {
  const roles = new Set<string>();
  for (const w of line.words) {
    const t = foldText(w.text).replace(/[^a-z\u0400-\u04ff]/g, '');
    const hit = t ? labelRole(t) : null;
    if (hit) roles.add(hit);
  }
  return roles.has('date') && ['debit', 'credit', 'amount', 'description'].filter((r) => roles.has(r)).length >= 2;
}

function rawAnchors(lines: Line[], i: number): Found[] {
  const line = lines[i];
  if (line.words.length > 18) return [];
  const hits = labels(line);
  if (!hits.length || POINTS.test(foldedLineText(line))) return [];
  // (A balance set apart from its label may group its thousands with a space: "3 000.00".)
  const { money } = withPointSpaceGroups(findMoney(line.words), () => true);
  if (!money.length && isHeaderRow(line)) return [];
  const out: Found[] = [];
  // Totals over both figure columns: every figure after the label, each its column's (row-builder.ts).
  if (hits.length === 1 && COLUMN_TOTALS.test(hits[0].label))
    return money.filter((m) => m.x0 >= hits[0].x1).map((value) => ({ kind: hits[0].kind, value, page: line.page, label: hits[0].label, y: line.y }));
  if (hits.length === 1 && money.length) {
    const after = money.filter((m) => m.x0 >= hits[0].x1 - line.em);
    // A figure before the label is its own only beside it: one further left is another column's
    // (a box of figures printed level with a summary whose own figure is no money, as reward points).
    const before = money.filter((m) => m.x1 <= hits[0].x0 + line.em && hits[0].x0 - m.x1 <= line.em * BESIDE_EM);
    const value = after.length ? after[after.length - 1] : before[before.length - 1];
    if (value) out.push({ kind: hits[0].kind, value, page: line.page, label: hits[0].label, y: line.y });
    return out;
  }
  // A figure printed as a spreadsheet prints floats ("Alter Kontostand 1500.0") after its label on the
  // label's own line: the label vouches that it is money (elsewhere "12.5" is a rate), and the next
  // line's figure is another row's, never this label's.
  if (hits.length === 1 && !money.length) {
    const own = line.words
      .filter((w) => w.x0 >= hits[0].x1)
      .flatMap((w) => {
        const p = parseColumnFigure(w.text);
        return p ? [{ ...p, x0: w.x0, x1: w.x1, text: w.text, words: [w] }] : [];
      });
    if (own.length) return [{ kind: hits[0].kind, value: own[own.length - 1], page: line.page, label: hits[0].label, y: line.y }];
  }
  if (money.length) {
    // Several labels on one line: each takes the first figure after it, before the next label.
    hits.forEach((h, k) => {
      const limit = hits[k + 1]?.x0 ?? Infinity;
      const value = money.find((m) => m.x0 >= h.x1 - line.em * 0.5 && m.x0 < limit);
      if (value) out.push({ kind: h.kind, value, page: line.page, label: h.label, y: line.y });
    });
    return out;
  }
  // Labels above their figures (summary boxes).
  const next = lines[i + 1];
  // (The figures may be printed larger than their labels: the taller of the two lines sets the reach.)
  if (!next || next.page !== line.page) return [];
  const gap = (next.y - line.y) / Math.max(line.lh, next.lh);
  if (gap > FAR_PITCHES) return [];
  const below = withPointSpaceGroups(findMoney(next.words), () => true).money;
  // Further below than a line or two, each label must stand right over a figure of its own.
  const aligned = (h: LabelHit) => below.some((m) => Math.abs(m.x0 - h.x0) <= line.em * ALIGNED_EM);
  if (gap > NEAR_PITCHES && !hits.every(aligned)) return [];
  // Where the box names a balance, its columns' totals may be named by their columns' words ("Previous
  // Balance  Paid In  Withdrawn  New Balance"), held to the same alignment.
  if (hits.some((h) => h.kind !== 'total_in' && h.kind !== 'total_out')) {
    hits.push(...wordLabels(line, hits).filter((h) => gap <= NEAR_PITCHES || aligned(h)));
    hits.sort((p, q) => p.x0 - q.x0);
  }
  const taken = new Set<MoneyToken>();
  for (const h of hits) {
    let best: MoneyToken | null = null;
    let dist = Infinity;
    for (const m of below) {
      if (taken.has(m) || m.x1 < h.x0 - line.em * 2) continue;
      const d = Math.abs(m.x0 - h.x0);
      if (d < dist) {
        dist = d;
        best = m;
      }
    }
    // (A box that leaves a total blank, as some do when it is nil, must not hand its neighbour's figure on.)
    const own = (m: MoneyToken) => hits.every((o) => o === h || Math.abs(m.x0 - o.x0) > dist);
    if (best && (!h.byWords || own(best))) {
      taken.add(best);
      out.push({ kind: h.kind, value: best, page: line.page, label: h.label, y: line.y, labelX: h.x0 });
    }
  }
  return out;
}
