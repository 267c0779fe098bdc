// Copied text (compact, every line at column 0) cut by a page break: a row's further description
// lines can be printed atop the next page, after the repeated page furniture (titles, the statement
// period line) and before that page's first dated line. A laid-out table tells them by their
// alignment with the description column; copied text has none, so they are told by what they are
// not and what they look like:
//
// - not page furniture: furniture repeats (the same text atop nearly every other later page, or,
//   with its digits left out, above the table on its first page, where no row can have been cut
//   yet: "Page 2 of 5"); a tail line may repeat on a few page tops, not on nearly all;
// - no figures, no balance line, no page-number or total line;
// - no wider than the table's own description text, in a table whose rows do run over lines on a
//   page (a line wider than any description is not a wrapped description).
//
// Such lines open the page's table region (row grouping then decides which row they continue). A
// line atop a later page that is none of these (no furniture, no figures, but not like the table's
// continuation lines) cannot be placed: it is reported as a doubt about the previous page's last row
// rather than dropped in silence.
// Units: x in the tokens' units (character columns for text).
import { findAnchor } from './anchors.js';
import { DATE_WORD_GAP_EM, parseDateWords } from './date-words.js';
import { foldedLineText, lineText } from './line-builder.js';
import { NON_ROW } from './lexicon.js';
import { findMoney } from './money-words.js';
import type { Line } from './types.js';

/**
 * Line pitches two lines of one table region may stand apart: across one blank line (copied text and
 * double-spaced tables put some between rows). Shared with headerless.ts (a row's tail, its figures
 * on its last line, the region's ends).
 */
export const BLANK_LINE_PITCHES = 2.6;

export interface PageTops {
  /** Per page: the new first line of its region. */
  starts: Map<number, number>;
  /** Lines atop a later page that may be a cut row's tail but do not look like one. */
  doubts: Line[];
}

// Share of the other later pages whose tops must print a line for it to be page furniture.
const NEARLY_ALL = 0.8;

const digitless = (s: string) => s.replace(/\d+/g, '#');

/** The end of a line's text before its trailing figures (x units). */
function textEnd(line: Line): number {
  const { money } = findMoney(line.words);
  const words = line.words.filter((w) => !money.some((m) => m.words.includes(w)));
  return words.length ? words[words.length - 1].x1 : -Infinity;
}

/**
 * `regions`: per page, first and last line of the table (inclusive; not changed); `descX0`: where
 * the dated lines' descriptions begin; `sp`: the table's line spacing in pitches.
 */
export function pageTopTails(lines: Line[], regions: Map<number, [number, number]>, descX0: number, sp: number): PageTops {
  const starts = new Map<number, number>();
  const doubts: Line[] = [];
  const pages = [...regions.keys()].sort((a, b) => a - b);
  if (pages.length < 2) return { starts, doubts };
  // Furniture: what the first page prints above its table (digits left out: "Page 1 of 5"), and what
  // the tops of (nearly) all the other later pages print. A cut row's tail may repeat on a few page
  // tops ("MANCHESTER GB 0412" under every card payment), not on nearly all.
  const later = pages.slice(1);
  const tops = new Map<string, Set<number>>();
  const firstTop = new Set<string>();
  for (const page of pages) {
    const [from] = regions.get(page)!;
    for (let k = from - 1; k >= 0 && lines[k].page === page; k--) {
      if (!lines[k].words.length) continue;
      const t = lineText(lines[k]);
      if (page === pages[0]) firstTop.add(digitless(t));
      else if (!tops.get(t)?.add(page)) tops.set(t, new Set([page]));
    }
  }
  const furniture = (l: Line) => {
    const t = lineText(l);
    const others = (tops.get(t)?.size ?? 1) - 1;
    return firstTop.has(digitless(t)) || (others >= 1 && others >= (later.length - 1) * NEARLY_ALL);
  };
  // The table's description width, and whether its rows run over lines on a page at all.
  let width = 0,
    continued = false;
  for (const [, [from, to]] of regions)
    for (let k = from; k <= to; k++) {
      const l = lines[k];
      if (!l.words.length) continue;
      const dated = parseDateWords(l.words, 0, l.em * DATE_WORD_GAP_EM);
      if (dated) width = Math.max(width, textEnd(l) - descX0);
      else if (!findMoney(l.words).money.length && k > from) {
        continued = true;
        width = Math.max(width, textEnd(l) - l.words[0].x0);
      }
    }
  for (const page of pages.slice(1)) {
    const [start] = regions.get(page)!;
    let k = start;
    while (k > 0 && lines[k - 1].page === page && lines[k].y - lines[k - 1].y <= lines[k].lh * BLANK_LINE_PITCHES * sp) {
      const l = lines[k - 1];
      if (!l.words.length || furniture(l) || findMoney(l.words).money.length || findAnchor(lines, k - 1).length) break;
      if (NON_ROW.test(foldedLineText(l)) || parseDateWords(l.words, 0, l.em * DATE_WORD_GAP_EM)) break;
      if (!continued || l.em > lines[start].em * 1.2 || textEnd(l) - l.words[0].x0 > width) {
        doubts.push(l);
        break;
      }
      k--;
    }
    if (k < start) starts.set(page, k);
  }
  return { starts, doubts };
}
