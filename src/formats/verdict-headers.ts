// The verdict of a result as response headers (a file cannot carry it). Header values are made safe
// here whatever the result holds: a `bank` with CR/LF or non-ASCII from a render body answered a raw
// 500 when it reached `X-Bank` (Node refuses such header values).
import type { EngineResult } from '../engine/types.js';

/** Visible ASCII only, at most `max` characters: anything else becomes `_`. */
export const headerSafe = (value: string, max = 100): string => value.replace(/[^\x20-\x7e]/g, '_').slice(0, max);

export function verdictHeaders(result: EngineResult): Record<string, string> {
  return {
    'X-Reconcile-Status': headerSafe(result.reconcile_status),
    'X-Reconcile-Diff': headerSafe(String(result.reconcile_diff)),
    'X-Transaction-Count': String(result.transactions.length),
    'X-Bank': headerSafe(result.bank, 40),
    'X-Warning-Count': String(result.warnings.length),
    // A file of a corrected result says so, whatever its format can hold: rows a person edited, added or deleted.
    ...(result.corrections?.length ? { 'X-Corrected-Rows': String(result.corrections.length) } : {}),
  };
}
