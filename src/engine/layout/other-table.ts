// The header of a table that is not the account's transactions, printed after them ("Nächste
// Ausführung | Empfänger | Betrag | Turnus": a list of standing orders; "Payee | Amount | Frequency").
// Decided by structure: a line of column labels, a figure's among them, that heads no transactions
// (it names no date column, so the header reader never opened a table with it) and is not the running
// table's header. The running table ends there: the lines under it are the other table's, never rows,
// until a header that heads transactions opens a table again.
import { parseDateWords } from './date-words.js';
import { isNumericRole, type LabelRoles } from './header-labels.js';
import { cellsOf } from './line-builder.js';
import { findMoney } from './money-words.js';
import type { Line } from './types.js';
import { hasDigit } from './word-kinds.js';

// A label is a few words; a header has a few of them, most named.
const MAX_LABEL_WORDS = 4;
const MIN_CELLS = 3;
const MAX_WORDS = 24;
// Words of one label stand a space apart; labels of two columns further (in em).
const LABEL_GAP_EM = 1;

export function otherTableHeader(line: Line, labels: LabelRoles): boolean {
  const words = line.words;
  if (words.length < MIN_CELLS || words.length > MAX_WORDS || words.some(hasDigit)) return false;
  if (findMoney(words).money.length || parseDateWords(words, 0)) return false;
  const cells = cellsOf(words, LABEL_GAP_EM);
  if (cells.length < MIN_CELLS || cells.some((c) => c.text.split(' ').length > MAX_LABEL_WORDS)) return false;
  const roles = cells.map((c) => labels.roleOf(c.text));
  const known = roles.filter((r) => r !== null);
  // (A label naming a date would have made it a header of transactions, read as such.)
  if (known.some((r) => r === 'date' || r === 'valuedate')) return false;
  return known.length >= 2 && known.length * 2 >= cells.length && known.some(isNumericRole);
}
