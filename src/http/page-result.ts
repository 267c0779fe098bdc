// The result as the converter page reads it: the contract's JSON with every part the page shows (where
// each row was printed, payees, the proof it re-checks, continuity) and the statement facts the
// downloads need. The page's own conversion, a batch file it opens and a kept result it reopens all
// answer this shape.
import type { EngineResult } from '../engine/types.js';
import type { StatementContinuity } from '../services/continuity.service.js';
import type { KeptResult } from '../services/kept-results.service.js';
import { presentResult } from './result.presenter.js';

export function pageResult(result: EngineResult, continuity?: StatementContinuity[]) {
  return { ...presentResult(result, { provenance: true, payees: true, proof: true, continuity }), meta: result.meta };
}

/** A kept result as the converter page reopens it: the rows as read, and the corrections saved to them. */
export function keptForPage({ meta, original, corrected }: Omit<KeptResult, 'meta'> & { meta: Pick<KeptResult['meta'], 'expires_at' | 'corrected_at'> }) {
  const { continuity, ...result } = original;
  return {
    kept_until: meta.expires_at,
    result: pageResult(result, continuity),
    saved: corrected
      ? {
          transactions: corrected.transactions,
          row_keys: corrected.row_keys,
          corrections: corrected.corrections ?? [],
          reconcile_status: corrected.reconcile_status,
          saved_at: meta.corrected_at,
        }
      : null,
  };
}
