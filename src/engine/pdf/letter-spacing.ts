// Letter-spaced text ("G O O G L E  * S V C S"): a statement printing a field with wide tracking gives
// one word a character, since every gap is wider than the word gap (a tenth of an em). A run of four or
// more one-character words on one baseline, close together, is joined back into words, cut where a gap
// stands clearly wider than the run's usual gap between letters. Units: PDF points, em as in Token.
import type { Token } from '../layout/types.js';

const MIN_RUN = 4;
// Letters of one tracked word stand at most this far apart (ems); a word gap in such text is wider than
// the letter gap by at least CUT_EM.
const MAX_LETTER_GAP_EM = 0.6;
const CUT_EM = 0.2;

const single = (t: Token) => t.text.length === 1 || (t.text.length === 2 && t.text.codePointAt(0)! > 0xffff);

/** Joins letter-spaced runs among tokens[from..] in place (the page's words, in reading order). */
export function joinLetterSpaced(tokens: Token[], from: number): void {
  let write = from;
  let i = from;
  while (i < tokens.length) {
    let j = i + 1;
    if (single(tokens[i])) {
      while (
        j < tokens.length &&
        single(tokens[j]) &&
        Math.abs(tokens[j].y - tokens[j - 1].y) <= tokens[j].em * 0.2 &&
        tokens[j].x0 >= tokens[j - 1].x1 - tokens[j].em * 0.05 &&
        tokens[j].x0 - tokens[j - 1].x1 <= tokens[j].em * MAX_LETTER_GAP_EM
      )
        j++;
    }
    if (j - i < MIN_RUN) {
      for (let k = i; k < j; k++) tokens[write++] = tokens[k];
      i = j;
      continue;
    }
    const gaps: number[] = [];
    for (let k = i + 1; k < j; k++) gaps.push(tokens[k].x0 - tokens[k - 1].x1);
    const sorted = [...gaps].sort((a, b) => a - b);
    const usual = sorted[Math.floor(sorted.length / 2)];
    let word = { ...tokens[i] };
    for (let k = i + 1; k < j; k++) {
      const t = tokens[k];
      if (t.x0 - tokens[k - 1].x1 > usual + t.em * CUT_EM) {
        tokens[write++] = word;
        word = { ...t };
      } else {
        word.text += t.text;
        word.x1 = Math.max(word.x1, t.x1);
      }
    }
    tokens[write++] = word;
    i = j;
  }
  tokens.length = write;
}
