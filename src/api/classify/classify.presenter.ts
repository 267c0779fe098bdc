// Response shapes of the classify operations.
import type { Classification } from '../../engine/classify/index.js';
import { TRANSACTION_FIELDS } from '../../engine/types.js';
import type { ClassifyRule } from '../../services/classify.service.js';

type InputRow = Partial<Record<(typeof TRANSACTION_FIELDS)[number], string>>;

/** Each transaction as its nine contract fields (missing ones as "") followed by its classification. */
export function presentClassified(rows: readonly InputRow[], classes: readonly Classification[]) {
  return {
    transactions: rows.map((r, i) => {
      const out: Record<string, string | number> = {};
      for (const f of TRANSACTION_FIELDS) out[f] = r[f] ?? '';
      const c = classes[i];
      out.classification = c.classification;
      out.category = c.category;
      out.confidence = c.confidence;
      out.reason = c.reason;
      return out;
    }),
  };
}

export const presentRule = (r: ClassifyRule) => ({
  id: r.id,
  pattern: r.pattern,
  category: r.category,
  classification: r.classification,
  created_at: r.created_at,
});
