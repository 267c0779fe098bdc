// Writes the converter page's result as a file without converting again (and without counting
// against the quota): the browser sends back the result it was given, nothing is stored.
//
// The whole job runs in a conversion process (src/adapters/side-tasks.ts): the JSON body (up to
// 100,000 rows, 16 MB) is parsed, validated field by field and written there. On the event loop a
// 75,000-row body took 0.7 s to parse and its XLSX 15 s to write (with pauses of 1.9 s), so four at
// once held /healthz for seconds.
import type { RenderedFile, RenderTask } from '../adapters/converter.js';
import { payeesOf } from '../engine/payees/index.js';
import type { Correction, EngineResult, Warning } from '../engine/types.js';
import { correctedNote } from './corrections.js';
import { WARNINGS } from '../engine/warnings.js';
import { PAYEE_FORMATS, safeStem, writerFor } from '../formats/index.js';
import { importNotesHeader } from '../formats/import-checks.js';
import { verdictHeaders } from '../formats/verdict-headers.js';
import { jsonBodyReader } from './json-body.js';
import { RenderBody, type RenderBodyT } from './render.schema.js';
import { verdictOf } from './static/js/recheck.js';

const parseBody = jsonBodyReader<RenderBodyT>(RenderBody, 'body', 'not a converter result');

/**
 * The result to write. The rows may have been corrected on the page, so the verdict sent with them is
 * not taken on trust: its equations are checked again here against the rows sent, and the verdict decided
 * with the engine's rule and table of warnings (recheck.js, the same code as the page's).
 */
export function resultOf(body: RenderBodyT): EngineResult {
  const r = body.result;
  const v = verdictOf(
    r.transactions.map((t, key) => ({ t, key })),
    r,
    WARNINGS,
  );
  const corrections = r.corrections?.length ? (r.corrections as Correction[]) : undefined;
  return {
    bank: r.bank,
    reconcile_status: v.reconcile_status,
    reconcile_diff: v.reconcile_diff,
    transaction_count: r.transactions.length,
    // (The codes are the table's: the body's schema admits no other.)
    warnings: corrections ? [...(v.warnings as Warning[]), correctedNote(corrections)] : (v.warnings as Warning[]),
    transactions: r.transactions,
    provenance: r.transactions.map(() => null),
    meta: r.meta,
    // The page's corrections go into the file, so it never reads as the statement untouched.
    ...(corrections ? { corrections } : {}),
  };
}

/** The file for a render body: parsed, validated, checked against the format, written. */
export async function renderFile(task: RenderTask): Promise<RenderedFile> {
  const body = parseBody(task.json);
  const result = resultOf(body);
  // The account's payee rules apply to the files that have a payee field.
  if (PAYEE_FORMATS.has(task.format)) result.payees = payeesOf(result.transactions, task.payeeRules ?? []);
  const writer = writerFor(task.format);
  const options = task.options ?? {};
  // Throws invalid_request when the format cannot hold this result.
  writer.check(result, options);
  const stem = safeStem(body.filename || 'statement');
  const chunks: Uint8Array[] = [];
  for await (const c of writer.write({ result, options, stem, now: new Date(task.nowMs) })) chunks.push(c);
  return {
    bytes: Buffer.concat(chunks),
    contentType: writer.contentTypeFor(result),
    fileName: writer.fileName(stem, result),
    headers: { ...verdictHeaders(result), ...importNotesHeader(writer, result, options) },
  };
}
