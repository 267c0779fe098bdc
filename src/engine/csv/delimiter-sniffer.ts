// Picks the field delimiter from the lines themselves. Own code (csv-parse needs the delimiter up front):
// for each candidate it splits a sample quote-aware and prefers the one that gives the most lines the
// same field count (>1), weighted by the width. A decimal comma in a ";" file gives "," fewer fields, so it loses.

export type Delimiter = ',' | ';' | '\t' | '|';
const CANDIDATES: Delimiter[] = [',', ';', '\t', '|'];

export function countFields(line: string, delim: string): number {
  let n = 1;
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '"') quoted = !quoted;
    else if (c === delim && !quoted) n++;
  }
  return n;
}

export function sniffDelimiter(text: string): Delimiter | null {
  const lines = text
    .slice(0, 64 * 1024)
    .split(/\r\n|\n|\r/)
    .filter((l) => l.trim())
    .slice(0, 200);
  let best: Delimiter | null = null;
  let bestScore = 0;
  for (const d of CANDIDATES) {
    const counts = new Map<number, number>();
    for (const l of lines) {
      const n = countFields(l, d);
      if (n > 1) counts.set(n, (counts.get(n) ?? 0) + 1);
    }
    // Lines agreeing on one field count, weighted by how many fields they split into: a ";" file whose
    // every line holds one decimal comma ("-33,87") agrees on 2 comma-fields but on 7 ";"-fields. The
    // best-agreeing count, not the commonest: a preamble of "label;value" lines outnumbers a table of
    // one or two rows. A count seen on one line only weighs where no count is seen on two.
    const most = Math.max(0, ...counts.values());
    let modeCount = 0,
      score = 0;
    for (const [n, c] of counts) {
      if (c < Math.min(2, most)) continue;
      const sc = c * (n - 1) * 1000 + n;
      if (sc > score) {
        score = sc;
        modeCount = c;
      }
    }
    if (modeCount >= 1 && score > bestScore) {
      bestScore = score;
      best = d;
    }
  }
  return best;
}
