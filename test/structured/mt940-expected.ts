// Reads the expectations the WoLpH/mt940 suite stores beside each sample (a pickled-object YAML dump)
// just far enough for our tests: per transaction the signed amount, the dates and the customer
// reference. Python's tags are not YAML anyone else reads, so this is a few patterns, not a YAML parser.
export interface ExpectedRow {
  amount: string;
  date: string | null;
  entryDate: string | null;
  customerReference: string | null;
  status: string | null;
}

const binaryDate = (b64: string): string => {
  const b = Buffer.from(b64.trim(), 'base64');
  const y = b[0] * 256 + b[1];
  return `${String(y).padStart(4, '0')}-${String(b[2]).padStart(2, '0')}-${String(b[3]).padStart(2, '0')}`;
};

export function expectedRows(yml: string): ExpectedRow[] {
  const at = yml.search(/^transactions:/m);
  if (at < 0) return [];
  const body = yml.slice(at);
  if (/^transactions: \[\]/m.test(body)) return [];
  const blocks = body.split(/^- !!python\/object:mt940\.models\.Transaction\s*$/m).slice(1);
  return blocks.map((b) => {
    // Two dump styles: "Decimal ['-9']" on one line, or the argument on the next ("- '-9'").
    const amount =
      /^ {4}amount: !!python\/object:mt940\.models\.Amount\s*\n\s+amount: !!python\/object\/apply:decimal\.Decimal\s*(?:\['([^']+)'\]|\n\s+- '([^']+)')/m
        .exec(b)
        ?.slice(1)
        .find(Boolean) ?? '';
    const dateOf = (key: string) => {
      const m = new RegExp(`^ {4}${key}: !!python/object/apply:mt940\\.models\\.Date\\s*\\n\\s+- !!binary \\|\\s*\\n\\s+(\\S+)`, 'm').exec(b);
      return m ? binaryDate(m[1]) : null;
    };
    const ref = /^ {4}customer_reference: (.*)$/m.exec(b)?.[1]?.trim() ?? null;
    const status = /^ {4}status: (.*)$/m.exec(b)?.[1]?.trim() ?? null;
    return {
      amount,
      date: dateOf('date'),
      entryDate: dateOf('entry_date') ?? dateOf('guessed_entry_date'),
      customerReference: ref === 'null' ? null : (ref?.replace(/^'|'$/g, '') ?? null),
      status,
    };
  });
}
