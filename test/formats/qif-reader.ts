// A deliberately strict QIF reader for the round-trip test, following Actual Budget's qif2json rules:
// a `!Type:` header first, one-letter upper-case codes, `^` closing every record, unknown codes and
// empty records rejected.
export interface QifRecord {
  D: string;
  T: string;
  P?: string;
  M?: string;
  N?: string;
}

const KNOWN = new Set(['D', 'T', 'P', 'M', 'N']);

export function readQif(text: string): { type: string; records: QifRecord[] } {
  if (!text.endsWith('\r\n')) throw new Error('QIF must end with CRLF');
  const lines = text.slice(0, -2).split('\r\n');
  const head = lines.shift() ?? '';
  if (!/^!Type:(Bank|CCard)$/.test(head)) throw new Error(`bad header ${head}`);
  const records: QifRecord[] = [];
  let current: Record<string, string> = {};
  for (const line of lines) {
    if (line === '^') {
      if (!current.D || current.T === undefined) throw new Error(`record without D or T: ${JSON.stringify(current)}`);
      records.push(current as unknown as QifRecord);
      current = {};
      continue;
    }
    const code = line[0];
    if (!KNOWN.has(code)) throw new Error(`unknown QIF code ${JSON.stringify(code)} in ${JSON.stringify(line)}`);
    if (code in current) throw new Error(`repeated ${code}`);
    current[code] = line.slice(1);
  }
  if (Object.keys(current).length) throw new Error('last record not closed with ^');
  return { type: head.slice(6), records };
}
