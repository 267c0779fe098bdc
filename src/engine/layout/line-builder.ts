// Rebuilds printed lines from positioned words: words whose baselines sit within a fraction of an
// em share a line (subscript offsets and 1 pt jitter between columns are common), fragments split
// mid-word are glued back, and lines are ordered top to bottom per page.
import { foldText } from './lexicon.js';
import type { Line, Token } from './types.js';

/** Groups words into lines. Words must all be horizontal; the caller drops rotated text. */
export function buildLines(tokens: Token[]): Line[] {
  const byPage = new Map<number, Token[]>();
  for (const t of tokens) {
    if (!t.text) continue;
    let list = byPage.get(t.page);
    if (!list) byPage.set(t.page, (list = []));
    list.push(t);
  }
  const lines: Line[] = [];
  for (const page of [...byPage.keys()].sort((a, b) => a - b)) {
    const list = byPage.get(page)!.sort((a, b) => a.y - b.y || a.x0 - b.x0);
    let cur: Token[] = [];
    // Mean baseline of the line so far: a word is measured against the whole line, not against its
    // highest word, so a word a little above the rest (a sidebar's title, an OCR box) does not split
    // the line it stands on into two.
    let curY = -Infinity;
    let sumY = 0;
    const flush = () => {
      if (cur.length) lines.push(makeLine(cur));
      cur = [];
    };
    for (const t of list) {
      // 0.4 em: tolerates the 1 pt offsets some generators give amounts against the text.
      if (cur.length && Math.abs(t.y - curY) <= Math.min(t.em, cur[0].em) * 0.4) {
        cur.push(t);
        sumY += t.y;
        curY = sumY / cur.length;
      } else {
        flush();
        cur = [t];
        curY = sumY = t.y;
      }
    }
    flush();
  }
  return lines;
}

function makeLine(tokens: Token[]): Line {
  const sorted = sortByKey(tokens, (t) => t.x0);
  const words: Token[] = [];
  for (const t of sorted) {
    const prev = words[words.length - 1];
    // Fragments closer than 0.12 em are one word split by the producer (kerning, per-glyph output).
    // A fragment glued on makes a new word; a word left whole is the token itself (never changed).
    if (prev && t.x0 - prev.x1 < t.em * 0.12 && t.x0 >= prev.x0) {
      words[words.length - 1] = { ...prev, text: prev.text + t.text, x1: Math.max(prev.x1, t.x1) };
    } else {
      words.push(t);
    }
  }
  const em = medianOf(words, 'em');
  return { page: sorted[0].page, y: medianOf(words, 'y'), words, em, lh: words[0].lh };
}

export function median(xs: number[]): number {
  if (!xs.length) return 0;
  return medianInPlace(xs.slice());
}

/** The median of the words' `key` (one array made, not two: every line takes two of these). */
function medianOf(words: Token[], key: 'em' | 'y'): number {
  if (words.length === 1) return words[0][key];
  const xs = new Array<number>(words.length);
  for (let i = 0; i < words.length; i++) xs[i] = words[i][key];
  return medianInPlace(xs);
}

/** Sorts `xs` (an array the caller made, not empty) in place and returns its middle value. */
export function medianInPlace(xs: number[]): number {
  if (xs.length > SHORT_ARRAY) xs.sort((a, b) => a - b);
  else
    for (let i = 1; i < xs.length; i++) {
      const k = xs[i];
      let j = i - 1;
      for (; j >= 0 && xs[j] > k; j--) xs[j + 1] = xs[j];
      xs[j + 1] = k;
    }
  return xs[Math.floor(xs.length / 2)];
}

// Array.prototype.sort costs about a microsecond a call whatever the length (it sets up its scratch
// state on every call), and a line's few words are sorted and their medians taken for every line of
// a file: arrays this short are sorted by insertion instead, in the same stable order.
const SHORT_ARRAY = 16;

/** Sorts `xs` in place, ascending by `key`, stable: the order `xs.sort((a, b) => key(a) - key(b))` gives. */
export function sortByKey<T>(xs: T[], key: (x: T) => number): T[] {
  if (xs.length > SHORT_ARRAY) return xs.sort((a, b) => key(a) - key(b));
  for (let i = 1; i < xs.length; i++) {
    const x = xs[i];
    const k = key(x);
    let j = i - 1;
    for (; j >= 0 && key(xs[j]) > k; j--) xs[j + 1] = xs[j];
    xs[j + 1] = x;
  }
  return xs;
}

/** Cells: runs of words separated by less than `gapEm` em (a word space), e.g. "Money out". */
export function cellsOf(words: Token[], gapEm = 0.6): Token[] {
  const cells: Token[] = [];
  for (const w of words) {
    const prev = cells[cells.length - 1];
    if (prev && w.x0 - prev.x1 <= w.em * gapEm) {
      cells[cells.length - 1] = { ...prev, text: `${prev.text} ${w.text}`, x1: w.x1 };
    } else cells.push({ ...w });
  }
  return cells;
}

/** A line's words joined by spaces. */
export function lineText(l: Line): string {
  // The header, anchor and row tests and the page text each read every line's text: it is kept per
  // words array (lines are not changed once built), as findMoney keeps a line's figures.
  const words = l.words as CachedWords;
  let text = words[LINE_TEXT];
  if (text === undefined) words[LINE_TEXT] = text = l.words.map((w) => w.text).join(' ');
  return text;
}

/** A line's text folded (foldText), kept per words array like its text: the anchor, header and row tests each read it. */
export function foldedLineText(l: Line): string {
  const words = l.words as CachedWords;
  let folded = words[FOLDED_LINE];
  if (folded === undefined) words[FOLDED_LINE] = folded = foldText(lineText(l));
  return folded;
}

// A line's text and folded text are kept on its words array under these keys rather than in a
// WeakMap: an entry per line made every conversion's lines WeakMap keys, costly to add and to collect.
const LINE_TEXT = Symbol('lineText');
const FOLDED_LINE = Symbol('foldedLineText');
type CachedWords = Token[] & { [LINE_TEXT]?: string; [FOLDED_LINE]?: string };
