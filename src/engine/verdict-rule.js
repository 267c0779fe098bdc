// The verdict rule, in one place for every path: the engine (verdict.ts), the converter page's re-check
// after a correction and the server's render of that page's downloads run this same file (the page
// loads it as /static/engine/verdict-rule.js). Plain JavaScript with no imports, so a browser runs it
// as it is; the warning table it reads (warnings.ts) is passed in as data, never copied here.
//
// A PASS is a promise: every row sits inside an equation between printed figures that holds, and no
// warning the table says blocks PASS stands. With no equation at all there is nothing printed to
// check: NO_BAL, unless the statement's own figures disagree (an error warning).

/** Whether one warning keeps its result from PASS (warnings.ts `blocksPass`, on the table given as data). */
export function blocks(w, table) {
  const spec = Object.hasOwn(table, w.code) ? table[w.code] : undefined;
  if (!spec) return true;
  return spec.blocks === 'instance' ? w.blocks !== false : spec.blocks === true;
}

const isError = (w, table) => Object.hasOwn(table, w.code) && table[w.code].severity === 'error';

/**
 * @param {{ rowCount: number, equations: { rows: number[], holds: boolean, implied?: boolean }[], warnings: { code: string, blocks?: boolean }[] }} input
 *   rows are 0-based indexes into the result's transactions; an `implied` equation (the opening a statement
 *   does not print, taken as its first printed balance less the one row before it) covers its row but
 *   checks nothing, so alone it leaves the result NO_BAL
 * @param {Record<string, { severity: string, blocks: boolean | 'instance' }>} table
 * @returns {{ status: 'PASS' | 'RECONCILE_WARN' | 'NO_BAL', uncovered: number[] }} uncovered: rows no checked equation covers
 */
export function decideVerdict(input, table) {
  const covered = new Uint8Array(input.rowCount);
  let broken = false;
  // A row is covered by any checked equation; one that does not hold makes the result RECONCILE_WARN by itself.
  for (const e of input.equations) {
    if (!e.holds) broken = true;
    for (const r of e.rows) if (r >= 0 && r < input.rowCount) covered[r] = 1;
  }
  const checked = input.equations.some((e) => !e.implied);
  const uncovered = [];
  if (checked) for (let r = 0; r < input.rowCount; r++) if (!covered[r]) uncovered.push(r);
  const error = input.warnings.some((w) => isError(w, table));
  if (!checked) return { status: error ? 'RECONCILE_WARN' : 'NO_BAL', uncovered };
  const pass = !broken && !error && uncovered.length === 0 && !input.warnings.some((w) => blocks(w, table));
  return { status: pass ? 'PASS' : 'RECONCILE_WARN', uncovered };
}

// Exact decimals: a plain decimal string as an integer of millionths (no float ever touches money).
const SCALE = 6;
const DECIMAL = /^(-?)(\d{1,30})(?:\.(\d{1,6}))?$/;

/** A plain decimal ("-12.30") as a BigInt of millionths, or null when it is not one. */
export function millionths(text) {
  const m = DECIMAL.exec(String(text).trim());
  if (!m) return null;
  const v = BigInt(m[2] + (m[3] ?? '').padEnd(SCALE, '0'));
  return m[1] ? -v : v;
}

/**
 * Checks equations written in the contract's form ({rows: 1-based, start, end}) against the rows as they
 * stand: start plus the rows' Amount must equal end exactly. Returns them with 0-based rows and whether
 * each holds; an equation naming a row that is not there, or a figure that is not a decimal, does not hold.
 * @param {{ Amount: string }[]} transactions
 * @param {{ rows: number[], start: string, end: string, implied?: boolean }[]} proof
 */
export function checkEquations(transactions, proof) {
  return proof.map((e) => {
    const rows = e.rows.map((r) => r - 1);
    let sum = millionths(e.start);
    const end = millionths(e.end);
    for (const r of rows) {
      const a = r >= 0 && r < transactions.length ? millionths(transactions[r].Amount) : null;
      sum = sum === null || a === null ? null : sum + a;
    }
    return { rows, holds: sum !== null && end !== null && sum === end, implied: e.implied === true };
  });
}
