// Key/value statement exports: one transaction per block of "Key: value" lines (Santander UK's .txt
// download, some building societies and card portals):
//
//   From: 01/01/2024 to 31/01/2024        <- preamble
//   Account: XXXX 1234
//
//   Date: 31/01/2024                      <- one record per block
//   Description: CARD PAYMENT TO TESCO
//   Amount: -12.30 GBP
//   Balance: 1234.56 GBP
//
// The blocks become records under a synthetic header row made of the keys, so the table path reads them
// like any CSV: header words give the roles, and dates, money and reconciliation work unchanged.
import { CLOSING_LABEL, normHeader, OPENING_LABEL, roleOfHeader, TOTAL_LABEL } from './header-words.js';
import type { TextRecord } from './records.js';

interface Field {
  key: string;
  value: string;
}
interface Block {
  fields: Map<string, Field>;
  line: number;
  lines: number;
}

// A key is a short label starting with a letter ("Date", "Paid out", "Ref. no"), so "10:30" or a URL's
// "https://" is no key. The value may be empty and may itself hold colons ("Time: 10:30").
const KEY_LINE = /^(\p{L}[\p{L}\p{N} .'&()/#-]{0,39}?)\s*:(?!\/\/)\s*(.*)$/u;
// Non-breaking spaces and tabs pad Santander's lines ("Amount:\u00a0-20.00\u00a0\t").
const trimAll = (s: string) => s.replace(/^[\s\u00a0\ufeff]+|[\s\u00a0]+$/g, '');

const MONEY_ROLES = new Set(['amount', 'debit', 'credit']);

/** Splits the text into blocks: a blank line, or a key the current block already holds, starts a new one. */
function readBlocks(text: string): { blocks: Block[]; nonBlank: number } {
  const blocks: Block[] = [];
  let cur: Block | null = null;
  let last: Field | null = null;
  let nonBlank = 0;
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const line = trimAll(lines[i]);
    if (!line) {
      cur = null;
      last = null;
      continue;
    }
    nonBlank++;
    const m = KEY_LINE.exec(line);
    if (!m) {
      // A line without a key continues the value above it (a description wrapped over two lines).
      if (last && cur) {
        last.value = last.value ? `${last.value} ${line}` : line;
        cur.lines++;
      }
      continue;
    }
    const norm = normHeader(m[1]);
    if (!norm) continue;
    if (!cur || cur.fields.has(norm)) {
      cur = { fields: new Map(), line: i + 1, lines: 0 };
      blocks.push(cur);
    }
    last = { key: trimAll(m[1]), value: trimAll(m[2]) };
    cur.fields.set(norm, last);
    cur.lines++;
  }
  return { blocks, nonBlank };
}

/** A transaction block names a date and an amount (or paid in / paid out) among its keys. */
function isTransaction(b: Block): boolean {
  let date = false,
    money = false;
  for (const f of b.fields.values()) {
    const r = roleOfHeader(f.key);
    if (r === 'date' || r === 'valueDate') date = true;
    if (r && MONEY_ROLES.has(r)) money = true;
  }
  return date && money;
}

const isFigureKey = (key: string) => OPENING_LABEL.test(key) || CLOSING_LABEL.test(key) || TOTAL_LABEL.test(key);

/**
 * Without blank lines between them, the preamble runs into the first block ("Opening balance: ..." then
 * "Date: ...") and a closing figure into the last one. Keys that most blocks lack, before the first
 * block's common keys, and figure labels at the end of any block, are split off as blocks of their own.
 */
function splitStrays(blocks: Block[], txns: Set<Block>): Block[] {
  const seen = new Map<string, number>();
  for (const b of txns) for (const k of b.fields.keys()) seen.set(k, (seen.get(k) ?? 0) + 1);
  const common = (k: string) => (seen.get(k) ?? 0) * 2 > txns.size;
  const out: Block[] = [];
  let first = true;
  for (const b of blocks) {
    if (!txns.has(b)) {
      out.push(b);
      continue;
    }
    const entries = [...b.fields.entries()];
    let lead = 0;
    if (first) while (lead < entries.length && !common(entries[lead][0])) lead++;
    first = false;
    let tail = entries.length;
    while (tail > lead && isFigureKey(entries[tail - 1][1].key) && !common(entries[tail - 1][0])) tail--;
    const part = (from: number, to: number): Block => ({ fields: new Map(entries.slice(from, to)), line: b.line, lines: to - from });
    if (lead > 0) out.push(part(0, lead));
    const body = lead === 0 && tail === entries.length ? b : part(lead, tail);
    out.push(body);
    if (body !== b) {
      txns.delete(b);
      txns.add(body);
    }
    if (tail < entries.length) out.push(part(tail, entries.length));
  }
  return out;
}

/**
 * Records for the table path, or null when the text is not a key/value export. It must be one through and
 * through: at least two transaction blocks, holding most of the file's lines, so a printed statement whose
 * summary box says "Statement date: ..." / "Amount due: ..." still goes to the fixed-width engine.
 */
export function readKeyValueRecords(text: string): TextRecord[] | null {
  // Every text upload passes here first: a delimited file (whose lines are not "Key: value") leaves after
  // a look at its first lines instead of a pass over 100,000 rows.
  const head = text
    .slice(0, 16384)
    .split(/\r\n|\n|\r/)
    .map(trimAll)
    .filter(Boolean)
    .slice(0, 200);
  if (head.filter((l) => KEY_LINE.test(l)).length * 3 < head.length) return null;
  const read = readBlocks(text);
  const found = read.blocks.filter(isTransaction);
  if (found.length < 2) return null;
  const covered = found.reduce((n, b) => n + b.lines, 0);
  if (covered * 2 < read.nonBlank) return null;
  const isTxn = new Set(found);
  const blocks = splitStrays(read.blocks, isTxn);
  const txns = blocks.filter((b) => isTxn.has(b) && isTransaction(b));
  // Columns: every key of the transaction blocks, in first-seen order.
  const columns: string[] = [];
  const names: string[] = [];
  for (const b of txns) {
    for (const [k, f] of b.fields)
      if (!columns.includes(k)) {
        columns.push(k);
        names.push(f.key);
      }
  }
  const out: TextRecord[] = [];
  let headerDone = false;
  for (const b of blocks) {
    if (!isTxn.has(b)) {
      // Preamble, trailer or a figure between blocks ("Opening balance: 100.00"): one record per line.
      for (const f of b.fields.values()) out.push({ cells: [f.key, f.value], line: b.line });
      continue;
    }
    if (!headerDone) {
      out.push({ cells: [...names], line: b.line });
      headerDone = true;
    }
    out.push({ cells: columns.map((k) => b.fields.get(k)?.value ?? ''), line: b.line });
  }
  return out;
}
