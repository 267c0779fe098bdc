// Writes the converter page's result as a file without converting again (and without counting
// against the quota): the browser sends back the validated result it was given, nothing is stored.
import type { EngineResult } from '../engine/types.js';
import { writerFor, type FileFormat } from '../formats/index.js';
import type { ConvertOutcome } from '../services/conversion.service.js';
import type { QuotaStatus } from '../services/quota.service.js';
import type { RenderBodyT } from './render.schema.js';

export function renderOutcome(body: RenderBodyT, format: FileFormat, quota: QuotaStatus): ConvertOutcome {
  const r = body.result;
  const result: EngineResult = {
    bank: r.bank,
    reconcile_status: r.reconcile_status,
    reconcile_diff: r.reconcile_diff,
    transaction_count: r.transactions.length,
    warnings: r.warnings,
    transactions: r.transactions,
    provenance: r.transactions.map(() => null),
    meta: r.meta,
  };
  // Throws invalid_request before any header is sent when the format cannot hold this result.
  writerFor(format).check(result, {});
  return { id: 'render', result, filename: body.filename || 'statement', quota };
}
