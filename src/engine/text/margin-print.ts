// A PDF's margin print (a document code set small or turned along the page's left edge: "0002 0001",
// "20220802*223034*EXTCL02*...") comes out of a text conversion as a line of its own between two lines
// of the body, followed by the blank lines its own tiny line pitch made. It is no line of the body, and
// the gap it opens is none either: left in, it cut a table's header in two (its columns were lost) and
// set a row's further lines apart from the row, as if they were the next row's text.
import type { Line } from '../layout/types.js';

// Margin print is a code, a word or two; a longer line left of the body is text of its own.
const MAX_WORDS = 3;

const firstX = (l: Line) => l.words[0]?.x0 ?? Infinity;
const lastX = (l: Line) => l.words[l.words.length - 1]?.x1 ?? -Infinity;

/**
 * The lines without margin print, the lines below each one moved up to stand right under the line above
 * it (`sourceLine` keeps where each was printed). Margin print: at most a few words, ending more than an
 * em left of where the lines right above and below it start, printed right under the line above and
 * followed by at least one blank line.
 */
export function withoutMarginPrint(lines: Line[]): Line[] {
  const out: Line[] = [];
  let shift = 0;
  let page = -1;
  for (let k = 0; k < lines.length; k++) {
    const l = lines[k];
    if (l.page !== page) {
      page = l.page;
      shift = 0;
    }
    const above = out[out.length - 1];
    const below = lines[k + 1];
    const margin =
      above &&
      below &&
      above.page === l.page &&
      below.page === l.page &&
      l.words.length <= MAX_WORDS &&
      l.y - shift - above.y <= l.lh &&
      below.y - l.y > l.lh &&
      lastX(l) < Math.min(firstX(above), firstX(below)) - l.em;
    if (margin) {
      // The next line comes right under the line above, as it was printed.
      shift = below.y - above.y - below.lh;
      continue;
    }
    out.push(shift ? moved(l, shift) : l);
  }
  return out;
}

function moved(l: Line, dy: number): Line {
  return { ...l, y: l.y - dy, words: l.words.map((w) => ({ ...w, y: w.y - dy })) };
}
