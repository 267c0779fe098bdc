// A letter after a balance means what the statement's own legend says. "S" is Soll (money owed) on
// German statements, and money-words.ts reads it so; a statement whose legend says "S Sub Total
// (Intermediate Balance)" (Co-operative Bank) marks a day's last balance with it, and its "OD" says
// overdrawn. There the "S" is no direction and is dropped before the figures are read.
import { lineText } from './line-builder.js';
import type { Line } from './types.js';
import { moneyOfWord } from './word-kinds.js';

const SUBTOTAL_LEGEND = /(?:^|\s)S\s*(?:=|:|-|–)?\s*Sub[\s-]?total\b/i;

export function withoutSubtotalMarks(lines: Line[]): Line[] {
  if (!lines.some((l) => SUBTOTAL_LEGEND.test(lineText(l)))) return lines;
  return lines.map((l) => {
    const keep = l.words.filter((w, k) => !(w.text === 'S' && k > 0 && moneyOfWord(l.words[k - 1])));
    return keep.length === l.words.length ? l : { ...l, words: keep };
  });
}
