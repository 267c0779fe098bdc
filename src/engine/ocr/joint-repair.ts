// Two slips in one balance break. A fax read at 98 dpi down confuses round digits (5/6/8/9/3/0)
// and 1/4: now and then two neighbouring figures are misread, so the break they leave cannot be
// closed by any one correction (digit-repair.ts stops there). This searches pairs of readings the
// OCR evidence allows, within one window of consecutive broken equations: the cut-out second reading
// (reread.ts), letters for digits, and one digit swapped for a low-resolution look-alike, only on
// figures OCR itself was unsure of. A pair is kept only when it closes every equation of the window,
// breaks none elsewhere, and is the ONLY such pair; two or more leave the break as it is
// (`ocr_ambiguous`). A sign is never changed here: a minus, parentheses, CR or DR stay as read.
// Money in bigint minor units.
import { parseMoneyText } from '../layout/money-words.js';
import type { Token } from '../layout/types.js';
import { parseAmount } from '../money.js';
import type { EngineResult } from '../types.js';

/**
 * Digits a low-resolution glyph is read as (measured on generated faxes, both backends: 5 as 6 or 8,
 * 8 as 5, 6 or 9, 9 as 8, 3 as 9, 0 as 5 or 3, 1 as 4, and back). Symmetric.
 */
const LOOK_ALIKE: Record<string, string> = {
  '0': '35689',
  '1': '47',
  '3': '05689',
  '4': '1',
  '5': '03689',
  '6': '03589',
  '7': '1',
  '8': '03569',
  '9': '03568',
};
/** A figure OCR was at least this sure of (0-100) is not changed by a joint repair. */
export const JOINT_SURE = 90;

export interface JointInput {
  tokens: Token[];
  result: EngineResult;
  /** Reads the statement from tokens (null when no table is read); counts against the budget. */
  tryRead: (ts: Token[]) => EngineResult | null;
  /** Re-reads left in the conversion's budget. */
  left: () => number;
  alts: (string | undefined)[];
  confs: (number | undefined)[];
  rowOf: (r: EngineResult, t: Token) => number;
  /** Where a broken row's equation starts (the last row before it printing a balance; digit-repair.ts). */
  starts: (row: number) => number;
  numberish: (text: string) => boolean;
  confusions: (text: string) => string[];
}

export interface JointOutcome {
  /** The pairs kept, each closing one window. */
  edits: { index: number; text: string }[];
  result: EngineResult;
  /** Windows that more than one pair would close. */
  ambiguous: number;
}

/** The sign marks of a figure's text (minus, plus, parentheses, CR/DR/OD): what a repair may never change. */
const signMarks = (text: string) => (text.match(/[-+()\u2212]|CR|DR|OD/gi) ?? []).join('').toUpperCase();

function brokenRows(r: EngineResult): Set<number> {
  const out = new Set<number>();
  for (const w of r.warnings) if (w.code === 'balance_mismatch' && w.row) out.add(w.row - 1);
  return out;
}

/**
 * Breaks not on a row's equation: the closing balance against the rows, totals, rows that could not
 * be checked, table lines skipped (as digit-repair.ts counts them).
 */
function otherBreaks(r: EngineResult): number {
  let n = 0;
  for (const w of r.warnings) {
    if ((w.code === 'balance_mismatch' && !w.row) || w.code === 'totals_mismatch' || w.code === 'rows_unverified') n++;
    if (w.code === 'rows_skipped') n += Number(/(\d+)/.exec(w.message)?.[1] ?? 1);
  }
  return n;
}

/** Runs of consecutive broken equations (0-based transactions). */
function windows(rows: Set<number>): number[][] {
  const out: number[][] = [];
  for (const r of [...rows].sort((a, b) => a - b)) {
    const last = out[out.length - 1];
    if (last && last[last.length - 1] === r - 1) last.push(r);
    else out.push([r]);
  }
  return out;
}

/** |balance - (previous balance + amount)| of each equation of the window, or null when one is not printed. */
function windowGaps(r: EngineResult, rows: number[]): bigint[] | null {
  const exp = r.meta.currencyExponent;
  const val = (s: string | null | undefined) => (s ? parseAmount(s, exp, '.') : null);
  const out: bigint[] = [];
  for (const i of rows) {
    const tx = r.transactions;
    const bal = val(tx[i]?.Balance),
      amt = val(tx[i]?.Amount),
      before = i > 0 ? val(tx[i - 1]?.Balance) : val(r.meta.openingBalance);
    if (bal === null || amt === null || before === null) return null;
    const d = bal - (before + amt);
    out.push(d < 0n ? -d : d);
  }
  return out;
}

/** Readings of one figure the evidence allows, each with its change in size (minor units), sign as read. */
function readings(text: string, alt: string | undefined, confusions: (t: string) => string[]): { text: string; change: bigint }[] {
  const old = parseMoneyText(text)?.abs;
  if (old === undefined) return [];
  const seen = new Set<string>([text]);
  const out: { text: string; change: bigint }[] = [];
  const add = (v: string) => {
    if (seen.has(v)) return;
    seen.add(v);
    const m = parseMoneyText(v);
    if (!m || signMarks(v) !== signMarks(text)) return;
    out.push({ text: v, change: m.abs - old });
  };
  if (alt) add(alt);
  for (const v of confusions(text)) add(v);
  for (let i = 0; i < text.length; i++) for (const d of LOOK_ALIKE[text[i]] ?? '') add(text.slice(0, i) + d + text.slice(i + 1));
  return out;
}

const abs = (v: bigint) => (v < 0n ? -v : v);

/** Whether two changes could close every gap: each equation holds one or both of the two figures. */
function couldClose(gaps: bigint[], a: bigint, b: bigint): boolean {
  const sums = [abs(a), abs(b), abs(a + b), abs(a - b)];
  return gaps.every((g) => sums.includes(g));
}

export function jointRepair(input: JointInput): JointOutcome {
  const { tryRead, left, rowOf } = input;
  let { result } = input;
  const tokens = input.tokens.slice();
  const edits: { index: number; text: string }[] = [];
  let ambiguous = 0;
  for (const rows of windows(brokenRows(result))) {
    const gaps = windowGaps(result, rows);
    if (!gaps) continue;
    const before = brokenRows(result),
      others = otherBreaks(result);
    // Figures of the window's equations: from the last printed balance before it to its last row (a
    // day's rows when balances are printed on a day's last row only). Windows are found once, on the
    // statement as read before this search; later windows' figures stay as they were read.
    const first = input.starts(rows[0]);
    const picks: { index: number; options: { text: string; change: bigint }[] }[] = [];
    tokens.forEach((t, index) => {
      if (!input.numberish(t.text)) return;
      const row = rowOf(result, t);
      // A figure on no row (an opening or brought-forward balance, a summary figure) may be in the
      // window's equations too: left out, a pair through the first amount looked like the only one.
      if (row >= 0 && (row < first || row > rows[rows.length - 1])) return;
      const sure = (input.confs[index] ?? 0) >= JOINT_SURE && !input.alts[index];
      if (sure) return;
      const options = readings(t.text, input.alts[index], input.confusions);
      if (options.length) picks.push({ index, options });
    });
    const closing: { a: number; ta: string; b: number; tb: string; r: EngineResult }[] = [];
    const tryEdits = (edits: [number, string][]): EngineResult | null => {
      const next = tokens.slice();
      for (const [i, text] of edits) next[i] = { ...tokens[i], text };
      const r = tryRead(next);
      if (!r || r.transaction_count < result.transaction_count) return null;
      const after = brokenRows(r);
      // Every equation of the window closed, and no equation that held now broken.
      if (rows.some((i) => after.has(i)) || [...after].some((i) => !before.has(i)) || otherBreaks(r) > others) return null;
      return r;
    };
    for (let x = 0; x < picks.length; x++) {
      for (let y = x + 1; y < picks.length; y++) {
        for (const oa of picks[x].options) {
          for (const ob of picks[y].options) {
            if (!couldClose(gaps, oa.change, ob.change)) continue;
            if (left() <= 0) return { edits, result, ambiguous };
            const r = tryEdits([
              [picks[x].index, oa.text],
              [picks[y].index, ob.text],
            ]);
            if (r) closing.push({ a: picks[x].index, ta: oa.text, b: picks[y].index, tb: ob.text, r });
          }
        }
      }
    }
    if (closing.length > 1) ambiguous++;
    if (closing.length !== 1) continue;
    const c = closing[0];
    // Rows must stay where the windows were found (a pair that made the reader place another row moves them).
    if (c.r.transaction_count !== result.transaction_count) break;
    for (const [i, text] of [
      [c.a, c.ta],
      [c.b, c.tb],
    ] as const) {
      tokens[i] = { ...tokens[i], text };
      edits.push({ index: i, text });
    }
    result = c.r;
  }
  return { edits, result, ambiguous };
}
