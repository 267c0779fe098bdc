// No balance checks a description. A row whose description is empty while its record holds text in a
// column no header names, or whose description is only a date, read its text from the wrong column
// (a header over several rows that does not line up with the data, a label one cell off): the rows are
// named in text_unplaced, which blocks PASS.
import { looksLikeDate } from '../dates.js';
import { parseMoney } from '../money.js';
import type { Role } from './header-words.js';
import type { ReadResult } from './row-reader.js';

const LETTER = /\p{L}/u;

/** The row's text is out of place: none where an unnamed column holds words, or a date alone. */
export function textOutOfPlace(text: string | string[], cells: string[], roles: (Role | null)[]): boolean {
  const parts = typeof text === 'string' ? [text] : text;
  const joined = parts.join(' ').trim();
  if (joined) return joined.length <= 12 && /^\d/.test(joined) && looksLikeDate(joined);
  return cells.some((v, i) => !roles[i] && LETTER.test(v) && !looksLikeDate(v.trim()) && parseMoney(v) === null);
}

export function settleTextEvidence(read: ReadResult): void {
  const lines = read.unplacedText;
  if (!lines.length) return;
  read.warnings.push({
    code: 'text_unplaced',
    message: `${lines.length} row(s) read their description from no column of its own (empty beside text in a column no header names, or only a date; first: line ${lines[0]}): the header does not line up with the rows.`,
    page: lines[0],
  });
}
