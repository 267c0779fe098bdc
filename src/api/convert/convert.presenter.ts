// Shapes a conversion outcome into the HTTP answer: the JSON result of the contract, or a file with
// the verdict in headers (a file cannot carry it).
import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { ConversionResult, EngineResult } from '../../engine/types.js';
import { safeStem, writerFor } from '../../formats/index.js';
import type { FileFormat, WriterOptions } from '../../formats/types.js';
import type { ConvertOutcome } from '../../services/conversion.service.js';
import { quotaHeaders } from '../../services/quota.service.js';

export interface JsonOptions {
  provenance?: boolean;
}

/** The contract's JSON result: exactly its six fields, plus provenance / classifications when asked for. */
export function presentResult(result: EngineResult, opts: JsonOptions = {}, classifications?: unknown[]): ConversionResult & Record<string, unknown> {
  const out: ConversionResult & Record<string, unknown> = {
    bank: result.bank,
    reconcile_status: result.reconcile_status,
    reconcile_diff: result.reconcile_diff,
    transaction_count: result.transactions.length,
    warnings: result.warnings,
    transactions: result.transactions,
  };
  if (opts.provenance) out.provenance = result.provenance;
  if (classifications) out.classifications = classifications;
  return out;
}

export function verdictHeaders(result: EngineResult): Record<string, string> {
  return {
    'X-Reconcile-Status': result.reconcile_status,
    'X-Reconcile-Diff': String(result.reconcile_diff),
    'X-Transaction-Count': String(result.transactions.length),
    'X-Bank': result.bank,
    'X-Warning-Count': String(result.warnings.length),
  };
}

function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function sendFile(reply: FastifyReply, outcome: ConvertOutcome, format: FileFormat, options: WriterOptions, now: Date): FastifyReply {
  const writer = writerFor(format);
  const { result } = outcome;
  reply.headers({
    ...verdictHeaders(result),
    ...quotaHeaders(outcome.quota),
    'Content-Type': writer.contentTypeFor(result),
    'Content-Disposition': contentDisposition(writer.fileName(safeStem(outcome.filename), result)),
    'Cache-Control': 'no-store',
  });
  return reply.send(Readable.from(writer.write({ result, options, stem: safeStem(outcome.filename), now })));
}
