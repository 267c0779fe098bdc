// JSON.stringify(body, null, 2), written in pieces: one long array of the body (a job archive's
// transactions) is stringified a slice of rows at a time, so a 100,000-row result never holds the event
// loop for the whole text (about 80 ms for 25 MB) and the zip after it can take each piece in turn.
// The pieces joined are JSON.stringify's bytes exactly (pretty-json.happy.test.ts).

/** Rows a piece: about 0.5 MB of pretty-printed transactions. */
const ROWS_A_PIECE = 2048;

/** A value at one level of nesting: JSON puts no raw line break inside a string, so every "\n" is layout. */
const nested = (json: string, indent: string): string => json.replace(/\n/g, `\n${indent}`);

export function* prettyJsonPieces(body: Record<string, unknown>, longKey: string): Generator<string> {
  let sep = '{\n';
  for (const key of Object.keys(body)) {
    const value = body[key];
    const head = `${sep}  ${JSON.stringify(key)}: `;
    const rows = key === longKey && Array.isArray(value) ? (value as unknown[]) : null;
    if (!rows) {
      const json = JSON.stringify(value, null, 2) as string | undefined;
      // (JSON.stringify leaves out a key whose value is undefined, a function or a symbol.)
      if (json === undefined) continue;
      yield head + nested(json, '  ');
    } else if (rows.length === 0) {
      yield `${head}[]`;
    } else {
      yield `${head}[\n`;
      for (let at = 0; at < rows.length; at += ROWS_A_PIECE) {
        // "[\n  a,\n  b\n]" -> "    a,\n    b": the slice's elements one level deeper, as inside the body.
        const piece = JSON.stringify(rows.slice(at, at + ROWS_A_PIECE), null, 2);
        yield (at ? ',\n' : '') + '  ' + nested(piece.slice(2, -2), '  ');
      }
      yield '\n  ]';
    }
    sep = ',\n';
  }
  yield sep === '{\n' ? '{}' : '\n}';
}

/**
 * A job archive's JSON entry: the contract's six fields of the result, pretty-printed, in pieces (its
 * transactions a slice at a time), with a final line break. Written where the stored result is opened
 * (src/adapters/held-answer.ts) and, for a result a person corrected, in the server.
 */
export function* archiveJsonPieces(result: {
  bank: string;
  reconcile_status: string;
  reconcile_diff: number;
  warnings: unknown[];
  transactions: unknown[];
}): Generator<string> {
  const body = {
    bank: result.bank,
    reconcile_status: result.reconcile_status,
    reconcile_diff: result.reconcile_diff,
    transaction_count: result.transactions.length,
    warnings: result.warnings,
    transactions: result.transactions,
  };
  yield* prettyJsonPieces(body, 'transactions');
  yield '\n';
}
