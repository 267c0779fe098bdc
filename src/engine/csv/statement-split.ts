// Several statements in one export (issue 18): an export of several accounts with an account column
// ("Sort Code", "Account Number", "IBAN" holding more than one value), or exports of consecutive periods
// joined into one file, each with its header row (and preamble) again. The parts are read by the table
// path one by one and joined by src/engine/statements/merge.ts. Pure: records in, parts out.
import { isIdColumn } from '../statement-ids.js';
import { normHeader } from './header-words.js';
import type { TextRecord } from './records.js';

/**
 * normHeader(cell) === want, without normalising cells that cannot match: normHeader keeps ASCII letters
 * (lowercased) and digits and drops other ASCII characters, so the first such character must already be
 * the wanted text's first (a date cell is rejected at its first digit). Other characters take the full
 * comparison.
 */
function readsAsHeader(cell: string, want: string): boolean {
  for (let i = 0; i < cell.length; i++) {
    const c = cell.charCodeAt(i);
    if (c > 127) break;
    const isDigit = c >= 48 && c <= 57;
    const isLetter = (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
    if (isDigit || isLetter) {
      if ((isLetter ? c | 0x20 : c) !== want.charCodeAt(0)) return false;
      break;
    }
  }
  return normHeader(cell) === want;
}

/** The record repeats the header row (compared cell by cell as header words; most rows differ at their first cell). */
function repeatsHeader(cells: readonly string[], head: readonly string[]): boolean {
  if (cells.length !== head.length) return false;
  for (let i = 0; i < head.length; i++) if (!readsAsHeader(cells[i], head[i])) return false;
  return true;
}

/** The columns naming the account (sort code, account number, IBAN ...). */
const idColumnsOf = (headers: readonly string[]): number[] => headers.flatMap((h, i) => (isIdColumn(normHeader(h)) ? [i] : []));

/** The account a record's id columns name, as one key (empty parts where a cell is empty). */
const accountKey = (cells: readonly string[], idCols: number[]): string => idCols.map((i) => (cells[i] ?? '').trim()).join('\u0001');

export interface TableParts {
  parts: TextRecord[][];
  /** Per part, the account as its id columns name it ("Checking", "20-00-00 12345678"), when split by account. */
  names?: string[];
}

/** The records of every statement (each with its preamble and header row), or null for one statement. */
export function splitTable(records: TextRecord[], headerIndex: number, headers: readonly string[]): TableParts | null {
  if (headerIndex < 0) return null;
  const head = headers.map(normHeader);
  const repeats: number[] = [];
  for (let i = headerIndex + 1; i < records.length; i++) if (repeatsHeader(records[i].cells, head)) repeats.push(i);
  if (repeats.length) {
    const parts = joinedParts(records, headerIndex, repeats, headers.length);
    return parts ? { parts } : null;
  }
  return accountParts(records, headerIndex, headers);
}

/** Exports joined one after the other: a part runs from its preamble to the line before the next preamble. */
function joinedParts(records: TextRecord[], headerIndex: number, repeats: number[], width: number): TextRecord[][] | null {
  const starts = [0];
  for (const h of repeats) {
    // The next export's preamble ("Account:,...", "Statement period:,...") sits just above its header:
    // lines narrower than the table.
    let s = h;
    while (s - 1 > starts[starts.length - 1] + headerIndex && records[s - 1].cells.filter((c) => c.trim()).length < Math.min(width, 3)) s--;
    starts.push(s);
  }
  const parts = starts.map((s, k) => records.slice(s, starts[k + 1] ?? records.length));
  return parts.every((p) => p.length > 1) ? parts : null;
}

/**
 * An export of several accounts: its rows cut where the values of its id columns change. Only when
 * each account's rows are contiguous: interleaved values (a card statement's supplementary cards, one
 * account's rows mixed) are one statement, kept in printed order.
 */
function accountParts(records: TextRecord[], headerIndex: number, headers: readonly string[]): TableParts | null {
  const idCols = idColumnsOf(headers);
  if (!idCols.length) return null;
  // Copied only here: most exports have no id column (100,000 rows are 800 KB of pointers).
  const head = records.slice(0, headerIndex + 1);
  const body = records.slice(headerIndex + 1);
  const groups = new Map<string, TextRecord[]>();
  // Rows without the ids before any row names one (Wise fills "Card Last Four Digits" on card payments
  // only) go with the first account named.
  const unnamed: TextRecord[] = [];
  for (const r of body) {
    const k = accountKey(r.cells, idCols);
    // Rows without the ids (a totals line) stay with the account before them.
    const last = [...groups.keys()].pop();
    if (!k.replace(/\u0001/g, '') && last === undefined) {
      unnamed.push(r);
      continue;
    }
    const target = k.replace(/\u0001/g, '') ? k : (last ?? k);
    const g = groups.get(target);
    if (g && target !== last) return null;
    if (g) g.push(r);
    else groups.set(target, [r]);
  }
  // Ids that change on most rows name each row's counterparty (DKB's "IBAN" column), not the account
  // (three values or more: two accounts of two rows and one are still two accounts).
  if (groups.size < 2 || (groups.size >= 3 && groups.size * 2 > body.length)) return null;
  // (Joined without spreading: the rows may be too many for one call's arguments.)
  if (unnamed.length) {
    const [firstKey, firstRows] = groups.entries().next().value!;
    groups.set(firstKey, unnamed.concat(firstRows));
  }
  return { parts: [...groups.values()].map((rows) => [...head, ...rows]), names: [...groups.keys()].map((k) => k.split('\u0001').filter(Boolean).join(' ')) };
}

/**
 * For a table read as it is parsed, record by record after its header: the returned test is false from
 * the first record that could make splitTable cut the table (a repeated header, or id columns naming a
 * second account), so a table it never fails for is one statement.
 */
export function oneStatementWatch(headers: readonly string[]): (cells: readonly string[]) => boolean {
  const head = headers.map(normHeader);
  const idCols = idColumnsOf(headers);
  let first: string | null = null;
  return (cells) => {
    if (repeatsHeader(cells, head)) return false;
    if (!idCols.length) return true;
    const k = accountKey(cells, idCols);
    // As accountParts: rows without the ids stay with the account before them.
    if (!k.replace(/\u0001/g, '')) return true;
    if (first === null) first = k;
    else if (k !== first) return false;
    return true;
  };
}
