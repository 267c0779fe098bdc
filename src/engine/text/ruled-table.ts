// Text reports whose table is drawn with rules: a line of dashes with "+" (or "|") where the columns
// meet, a header whose cells are separated by "|" at the same places (often stacked over several lines,
// words hyphenated across them: "ОБРА-" / "БОТКИ"), then the rows under a second rule. Mainframe and
// card-account reports print them (Sberbank's "ОТЧЕТ ПО СЧЕТУ КАРТЫ"). The rule gives the column
// boundaries exactly, so the rows are cut by them and handed to the CSV table path as records: header
// words, dates, money, labels and reconciliation then apply unchanged.
import type { TextRecord } from '../csv/records.js';

/** A rule: dashes (or "="), with column joints "+" or "|"; nothing else but spaces. */
const RULE = /^\s*[|+]?[-=]{2,}(?:[+|][-=]{2,})+[+|]?\s*$/;
/** At most this many stacked header lines between the two rules. */
const MAX_HEADER_LINES = 6;
/** What every rule holds somewhere: two dashes, a joint, two dashes. Text without it (every CSV export) is passed over in one scan. */
const RULE_PIECE = /[-=]{2}[+|][-=]{2}/;

interface Column {
  start: number;
  end: number;
}

function expandTabs(line: string): string {
  if (!line.includes('\t')) return line;
  let out = '';
  for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
  return out;
}

/** Positions of the joints of a rule line. */
function joints(rule: string): number[] {
  const out: number[] = [];
  for (let i = 0; i < rule.length; i++) if (rule[i] === '+' || rule[i] === '|') out.push(i);
  return out;
}

/** A header line has "|" at (nearly) every inner joint of the rule. */
function isHeaderLine(line: string, inner: number[]): boolean {
  if (!line.includes('|')) return false;
  const hits = inner.filter((p) => line[p] === '|' || line[p - 1] === '|' || line[p + 1] === '|').length;
  return hits >= Math.max(1, Math.ceil(inner.length * 0.6));
}

function columnsOf(rule: string): Column[] {
  const j = joints(rule);
  const left = rule.search(/\S/);
  // Joints at the rule's own ends frame the table; inner ones split it.
  const inner = j.filter((p) => p > left && p < rule.trimEnd().length - 1);
  const cols: Column[] = [];
  let start = 0;
  for (const p of inner) {
    cols.push({ start, end: p });
    start = p + 1;
  }
  cols.push({ start, end: Number.MAX_SAFE_INTEGER });
  return cols;
}

/** Cuts a body line into the columns: each word goes to the column it overlaps most. */
function cut(line: string, cols: Column[]): string[] {
  const cells: string[][] = cols.map(() => []);
  for (const m of line.matchAll(/[^\s|]+/g)) {
    const a = m.index,
      b = a + m[0].length;
    let best = -1,
      bestOverlap = -1;
    cols.forEach((c, k) => {
      const o = Math.min(b, c.end) - Math.max(a, c.start);
      if (o > bestOverlap) {
        bestOverlap = o;
        best = k;
      }
    });
    cells[best].push(m[0]);
  }
  return cells.map((w) => w.join(' '));
}

/** Joins the stacked parts of one header cell; a part ending in a hyphen runs on into the next. */
function joinHeader(parts: string[]): string {
  let out = '';
  for (const p of parts) {
    if (!p) continue;
    if (/[\p{L}]-$/u.test(out)) out = out.slice(0, -1) + p;
    else out = out ? `${out} ${p}` : p;
  }
  return out;
}

/** A line outside the table: its text, and its last figure apart ("ОСТАТОК НА КОНЕЦ ПЕРИОДА:   0.00"). */
function loose(line: string): string[] {
  const t = line.trim();
  const m = /^(.*\S)\s{2,}(\S+)$/.exec(t);
  return m ? [m[1].replace(/\s{2,}/g, ' '), m[2]] : [t.replace(/\s{2,}/g, ' ')];
}

/**
 * Records of a ruled text report, or null when the text has no ruled table. Lines above the header and
 * below the table become one- or two-cell records (a label and its figure); a repeated header on a later
 * page is skipped.
 */
export function readRuledTable(text: string): TextRecord[] | null {
  if (!RULE_PIECE.test(text)) return null;
  const lines = text.replace(/\r\n?/g, '\n').replace(/\f/g, '\n').split('\n').map(expandTabs);
  for (let a = 0; a < lines.length; a++) {
    if (!RULE.test(lines[a])) continue;
    const cols = columnsOf(lines[a]);
    if (cols.length < 3) continue;
    const inner = cols.slice(1).map((c) => c.start - 1);
    let b = a + 1;
    while (b < lines.length && b - a - 1 <= MAX_HEADER_LINES && isHeaderLine(lines[b], inner)) b++;
    if (b === a + 1 || b >= lines.length || !RULE.test(lines[b])) continue;
    const headerLines = lines.slice(a + 1, b).map((l) => cutHeader(l, cols));
    const header = cols.map((_, k) => joinHeader(headerLines.map((h) => h[k])));
    const records: TextRecord[] = [];
    for (let i = 0; i < a; i++) if (lines[i].trim()) records.push({ cells: loose(lines[i]), line: i + 1 });
    records.push({ cells: header, line: a + 2 });
    let inTable = true;
    for (let i = b + 1; i < lines.length; i++) {
      const l = lines[i];
      if (RULE.test(l)) {
        // A rule either closes the table or opens a header repeated on a later page.
        let k = i + 1;
        while (k < lines.length && isHeaderLine(lines[k], inner)) k++;
        if (k > i + 1 && k < lines.length && RULE.test(lines[k])) {
          i = k;
          inTable = true;
        } else inTable = false;
        continue;
      }
      if (!l.trim()) continue;
      if (inTable && isHeaderLine(l, inner)) continue;
      records.push({ cells: inTable ? cut(l, cols) : loose(l), line: i + 1 });
    }
    return records;
  }
  return null;
}

/** A header line split at its "|" joints (by position, so an empty cell stays empty). */
function cutHeader(line: string, cols: Column[]): string[] {
  return cols.map((c) => line.slice(c.start, Math.min(c.end, line.length)).replace(/\|/g, ' ').trim());
}
