// A text layer that cannot be the page's text: a font whose ToUnicode table maps its codes to the
// wrong characters (Postbank's statements of 2014-2017 read "mostbank" for "Postbank" and "20NS" for
// "2016" in every extractor) prints right and extracts as a substitution cipher. A statement's text
// holds dates and amounts; words without one of either are not its text, and the pages are read from
// their pixels instead (OCR), as a scan's are.
import { looksLikeDate } from '../dates.js';
import type { Token } from '../layout/types.js';
import { moneyOfWord } from '../layout/word-kinds.js';

// Letters enough for a page of words (a statement page prints well over a thousand); fewer are a
// cover sheet or a title, not a text layer worth judging.
const MIN_LETTERS = 400;

/** True when the text layer holds many words but not one date or amount. */
export function garbledTextLayer(tokens: readonly Token[]): boolean {
  let letters = 0;
  for (const t of tokens) {
    const { text } = t;
    let digit = false;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (c >= 48 && c <= 57) digit = true;
      else if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c >= 0xc0) letters++;
    }
    if (digit && (looksLikeDate(text) || moneyOfWord(t) !== null)) return false;
  }
  return letters >= MIN_LETTERS;
}
