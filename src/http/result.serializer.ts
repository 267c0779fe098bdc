// The JSON body of a conversion result. The route's schema serializer (fast-json-stringify) took
// 450-680 ms for a 100,000-row result on the server's event loop, JSON.stringify 120-130 ms, and the two
// give the same bytes whenever every value is what the schema says: fast-json-stringify escapes strings
// exactly as JSON.stringify does (quotes, backslashes and control characters escaped, lone surrogates
// as \u escapes), writes keys in the schema's order, and drops keys the schema does not name. So the
// body is JSON.stringify's when the result is checked to be in the schema's shape: the long arrays row
// by row (transactions: the nine keys in the schema's order, every value a string, the type debit or
// credit; ids and payees: strings), everything else by serializing it both ways (it is small). Any
// other result is serialized by the schema, as before.
import { TRANSACTION_FIELDS } from '../engine/types.js';

/** The parts checked row by row; the rest of the result is compared as serialized. */
const ROW_CHECKED = ['transactions', 'ids', 'payees'] as const;

const isTransaction = (row: unknown): boolean => {
  if (typeof row !== 'object' || row === null) return false;
  let k = 0;
  for (const key in row) {
    if (key !== TRANSACTION_FIELDS[k++] || typeof (row as Record<string, unknown>)[key] !== 'string') return false;
  }
  const type = (row as { Type: string }).Type;
  return k === TRANSACTION_FIELDS.length && (type === 'debit' || type === 'credit');
};

const allStrings = (xs: unknown): boolean => Array.isArray(xs) && xs.every((x) => typeof x === 'string');

/** The result is in the schema's shape, so JSON.stringify writes the schema serializer's bytes. */
export function schemaShaped(body: Record<string, unknown>, schemaJson: (value: unknown) => string): boolean {
  const rest: Record<string, unknown> = { ...body };
  for (const key of ROW_CHECKED) if (key in rest) rest[key] = [];
  try {
    return (
      (!('transactions' in body) || (Array.isArray(body.transactions) && body.transactions.every(isTransaction))) &&
      (!('ids' in body) || allStrings(body.ids)) &&
      (!('payees' in body) || allStrings(body.payees)) &&
      schemaJson(rest) === JSON.stringify(rest)
    );
  } catch {
    // A value either refuses (a bigint for JSON.stringify, a value off the schema for the serializer):
    // the schema serializer decides, as before.
    return false;
  }
}

/** The result's JSON, as `schemaJson` (the route's serializer for the result schema) writes it. */
export function resultJson(body: Record<string, unknown>, schemaJson: (value: unknown) => string): string {
  return schemaShaped(body, schemaJson) ? JSON.stringify(body) : schemaJson(body);
}

/** Rows a piece of a streamed body holds (about 1.4 MB and 6 ms of JSON.stringify for transactions). */
export const ROWS_A_PIECE = 8192;

/**
 * The result's JSON in pieces, where it is long: the same bytes as `resultJson`, but no piece takes
 * the event loop long. Writing a 100,000-row body as one string held it about 130 ms to stringify and
 * 130-180 ms more in `res.end` (encoding and handing 16 MB to the socket at once). A result in the
 * schema's shape is written key by key as JSON.stringify would (the same keys in the same order,
 * those whose value it leaves out left out), its long arrays ROWS_A_PIECE rows at a time; anything
 * else, or a short result, is one piece.
 */
export function* resultJsonPieces(body: Record<string, unknown>, schemaJson: (value: unknown) => string): Generator<string> {
  const long = ROW_CHECKED.some((k) => Array.isArray(body[k]) && (body[k] as unknown[]).length > ROWS_A_PIECE);
  if (!long) {
    yield resultJson(body, schemaJson);
    return;
  }
  // (Checked once: a long body off the schema goes to the schema serializer whole.)
  if (!schemaShaped(body, schemaJson)) {
    yield schemaJson(body);
    return;
  }
  let sep = '{';
  for (const key of Object.keys(body)) {
    const value = body[key];
    const rows = (ROW_CHECKED as readonly string[]).includes(key) && Array.isArray(value) ? (value as unknown[]) : null;
    if (!rows) {
      const json = JSON.stringify(value) as string | undefined;
      // (JSON.stringify leaves out a key whose value is undefined, a function or a symbol.)
      if (json === undefined) continue;
      yield `${sep}${JSON.stringify(key)}:${json}`;
    } else {
      yield `${sep}${JSON.stringify(key)}:[`;
      for (let at = 0; at < rows.length; at += ROWS_A_PIECE) {
        const piece = JSON.stringify(rows.slice(at, at + ROWS_A_PIECE));
        yield (at ? ',' : '') + piece.slice(1, -1);
      }
      yield ']';
    }
    sep = ',';
  }
  yield sep === '{' ? '{}' : '}';
}
