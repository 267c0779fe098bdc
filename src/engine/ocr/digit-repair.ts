// OCR digits are a guess until the printed balances confirm them. When the chain breaks, this
// module tries small, typical OCR corrections on the figures (O/0, l/1, S/5, B/8, a lost decimal
// point, a lost minus, one smudged or missing digit) and keeps a correction ONLY when the statement then has
// strictly fewer breaks, i.e. the printed balances around it now agree to the penny. Each kept
// correction becomes an `ocr_repaired` warning naming the row and page; if two different
// corrections would fit equally well, none is made (the verdict stays RECONCILE_WARN).
// Money in bigint minor units throughout.
import type { Token } from '../layout/types.js';
import { parseMoneyText } from '../layout/money-words.js';
import { parseAmount } from '../money.js';
import type { EngineResult, Warning } from '../types.js';
import { jointRepair } from './joint-repair.js';

/** Reads a statement from tokens; throws (AppError) when no table is found. */
export type ReadTokens = (tokens: Token[]) => EngineResult;

// Letters OCR returns for digits in number-shaped words.
const CONFUSION: Record<string, string> = {
  O: '0',
  o: '0',
  D: '0',
  Q: '0',
  l: '1',
  I: '1',
  i: '1',
  '|': '1',
  '!': '1',
  S: '5',
  s: '5',
  // The section sign: a 5 at 200 dpi in some statement fonts ("§.39", "§3.59").
  '§': '5',
  B: '8',
  Z: '2',
  z: '2',
  G: '6',
  b: '6',
  g: '9',
  q: '9',
  T: '7',
};
const NUMBERISH = /^[-+(£$€\u2212]?[0-9OoDQlIi|!SsBZzGbgqT§.,' ]*[0-9][0-9OoDQlIi|!SsBZzGbgqT§.,' ]*[)\-]?$/;
const DIGITS = '0123456789';
/** Re-reads allowed per conversion (each is one pass of the layout over the OCR words). */
export const MAX_TRIALS = 600;
const MAX_REPAIRS = 12;

interface Score {
  breaks: number;
  rows: number;
}
interface Candidate {
  index: number;
  text: string;
  rank: number;
  result: EngineResult;
  score: Score;
}

export interface Repair {
  page: number;
  y: number;
  from: string;
  to: string;
  /** One of two figures corrected together (joint-repair.ts): a guess the balances cannot tell from three slips. */
  paired?: boolean;
}

export interface RepairOutcome {
  result: EngineResult;
  tokens: Token[];
  repairs: Repair[];
  /** Breaks that more than one correction would close equally well: left alone. */
  ambiguous: number;
}

function score(r: EngineResult | null): Score {
  if (!r) return { breaks: Number.MAX_SAFE_INTEGER, rows: 0 };
  let breaks = 0;
  for (const w of r.warnings) {
    if (w.code === 'balance_mismatch' || w.code === 'totals_mismatch' || w.code === 'rows_unverified') breaks++;
    // A skipped table line may be a row whose figure did not read as money.
    if (w.code === 'rows_skipped') breaks += Number(/(\d+)/.exec(w.message)?.[1] ?? 1);
  }
  return { breaks, rows: r.transaction_count };
}
const better = (a: Score, b: Score) => a.breaks < b.breaks && a.rows >= b.rows;

/**
 * The amounts by which a figure would have to change to close each break (absolute, minor units), per
 * break: the transaction (0-based) whose equation is broken -> its amounts; -1 holds
 * the statement's own difference (closing balance against the rows).
 */
export function discrepanciesByRow(r: EngineResult): Map<number, Set<bigint>> {
  const exp = r.meta.currencyExponent;
  const val = (s: string | null | undefined) => (s ? parseAmount(s, exp, '.') : null);
  const byRow = new Map<number, Set<bigint>>();
  let out = new Set<bigint>();
  const add = (v: bigint | null) => {
    if (v !== null && v !== 0n) out.add(v < 0n ? -v : v);
  };
  const tx = r.transactions;
  for (const w of r.warnings) {
    if (w.code !== 'balance_mismatch' || !w.row) continue;
    const i = w.row - 1;
    byRow.set(i, (out = byRow.get(i) ?? new Set()));
    const bal = val(tx[i]?.Balance),
      amt = val(tx[i]?.Amount);
    if (bal === null || amt === null) continue;
    const before = i > 0 ? val(tx[i - 1].Balance) : val(r.meta.openingBalance);
    if (before !== null) add(bal - (before + amt));
    const after = i + 1 < tx.length ? val(tx[i + 1].Balance) : null;
    if (after !== null) add(bal - (after + amt));
  }
  byRow.set(-1, (out = new Set()));
  add(parseAmount(String(r.reconcile_diff), exp, '.'));
  return byRow;
}

/** Typical OCR slips, most plausible first: letters for digits, then a lost decimal point. */
export function confusionVariants(text: string): string[] {
  const out: string[] = [];
  const swapped = text.replace(/[A-Za-z|!§]/g, (c) => CONFUSION[c] ?? c);
  if (swapped !== text) out.push(swapped);
  for (const t of [text, swapped]) {
    // "1,53222" / "153222" / "1,532 22" / "1,532,22" -> decimal point before the last two digits.
    const m = /^(.*?\d)[ ,]?(\d{2})(\s?(?:CR|DR|OD|-|\)))?$/.exec(t);
    if (m && !/\.\d{2}(\s?(CR|DR|OD|-|\)))?$/.test(t)) out.push(`${m[1]}.${m[2]}${m[3] ?? ''}`);
  }
  return [...new Set(out)].filter((v) => v !== text && parseMoneyText(v));
}

/** One-character edits (a digit changed, inserted or dropped): a smudge or a missed digit. */
export function editVariants(text: string): string[] {
  const out = new Set<string>();
  for (let i = 0; i <= text.length; i++) {
    for (const d of DIGITS) {
      out.add(text.slice(0, i) + d + text.slice(i));
      if (i < text.length && text[i] !== d && !/[-+()£$€]/.test(text[i])) out.add(text.slice(0, i) + d + text.slice(i + 1));
    }
    if (i < text.length) out.add(text.slice(0, i) + text.slice(i + 1));
  }
  out.delete(text);
  return [...out].filter((v) => parseMoneyText(v));
}

/** A word that may be a figure OCR misread (at least two digits; letters it takes for digits allowed). */
export const numberish = (text: string) => NUMBERISH.test(text) && text.replace(/\D/g, '').length >= 2;

function absValue(text: string): bigint | null {
  return parseMoneyText(text)?.abs ?? null;
}

/**
 * `alts`: OCR's second reading of each token (parallel to tokens), tried first where it differs;
 * `confs`: OCR's confidence in each token (0-100), which bounds the two-slip search (joint-repair.ts).
 */
export function repairDigits(tokens: Token[], read: ReadTokens, alts: (string | undefined)[] = [], confs: (number | undefined)[] = []): RepairOutcome {
  let trials = 0;
  const tryRead = (ts: Token[]): EngineResult | null => {
    trials++;
    try {
      return read(ts);
    } catch {
      return null;
    }
  };
  let cur = tokens;
  let result = tryRead(cur);
  const repairs: Repair[] = [];
  let ambiguous = 0;
  if (!result) throw readError(cur, read);
  for (let round = 0; round < MAX_REPAIRS; round++) {
    const base = score(result);
    if (base.breaks === 0 || result.reconcile_status !== 'RECONCILE_WARN') break;
    const near = nearBreaks(result, cur);
    const cands: Candidate[] = [];
    for (let i = 0; i < cur.length && trials < MAX_TRIALS; i++) {
      const t = cur[i];
      if (!NUMBERISH.test(t.text) || t.text.replace(/\D/g, '').length < 2) continue;
      const deltas = near(t);
      if (!deltas) continue;
      const old = absValue(t.text);
      const variants: [string, number][] = confusionVariants(t.text).map((v) => [v, 0]);
      // OCR's own second reading (digit whitelist): as plausible as a letter-for-digit slip.
      const alt = alts[i];
      if (alt && alt !== t.text && parseMoneyText(alt) && !variants.some(([v]) => v === alt)) variants.unshift([alt, 0]);
      // A lost or spurious minus (thin strokes vanish in blur; dust reads as '-'): the figure
      // changes by twice its size.
      if (old !== null && deltas.has(2n * old)) variants.push([/^[-\u2212]/.test(t.text) ? t.text.slice(1) : `-${t.text}`, 0]);
      for (const v of editVariants(t.text)) {
        const nv = absValue(v)!;
        const change = old === null ? nv : nv > old ? nv - old : old - nv;
        if (deltas.has(change)) variants.push([v, 1]);
      }
      for (const [text, rank] of variants) {
        if (trials >= MAX_TRIALS) break;
        const next = cur.slice();
        next[i] = { ...t, text };
        const r = tryRead(next);
        if (!r) continue;
        const s = score(r);
        if (better(s, base)) cands.push({ index: i, text, rank, result: r, score: s });
      }
    }
    cands.sort((a, b) => a.score.breaks - b.score.breaks || a.rank - b.rank);
    const best = cands[0];
    const rivals = cands.filter(
      (c) => c !== best && c.score.breaks === best.score.breaks && c.rank === best.rank && !(c.index === best.index && c.text === best.text),
    );
    // Two different corrections fitting equally well: only keep one when both together fit even
    // better (they close different breaks); otherwise the balances cannot tell which is right.
    const conflicting = rivals.some((c) => {
      if (c.index === best.index) return true;
      const both = cur.slice();
      both[best.index] = { ...cur[best.index], text: best.text };
      both[c.index] = { ...cur[c.index], text: c.text };
      const r = tryRead(both);
      return !(r && better(score(r), best.score));
    });
    if (!best || conflicting) {
      // No one correction closes a break, or two would equally well: two slips in one window, when
      // exactly one pair of readings closes every equation of it.
      const joint = jointRepair({
        tokens: cur,
        result,
        tryRead,
        left: () => MAX_TRIALS - trials,
        alts,
        confs,
        rowOf,
        starts: equationStarts(result, cur),
        numberish,
        confusions: confusionVariants,
      });
      ambiguous += joint.ambiguous;
      if (!joint.edits.length) {
        if (best && !joint.ambiguous) ambiguous++;
        break;
      }
      const next = cur.slice();
      for (const e of joint.edits) {
        repairs.push({ page: cur[e.index].page, y: cur[e.index].y, from: cur[e.index].text, to: e.text, paired: true });
        next[e.index] = { ...cur[e.index], text: e.text };
      }
      cur = next;
      result = joint.result;
      continue;
    }
    const t = cur[best.index];
    repairs.push({ page: t.page, y: t.y, from: t.text, to: best.text });
    const next = cur.slice();
    next[best.index] = { ...t, text: best.text };
    result = best.result;
    // The rivals just shown to close other breaks (each fits better together with the best one) are
    // taken in this round too, each kept only when the statement read with it has strictly fewer
    // breaks again: a round re-reads every figure of the statement, so one round per repair ran out
    // of trials on a scan with a handful of misread figures.
    let now = best.score;
    for (const c of rivals) {
      if (trials >= MAX_TRIALS) break;
      if (c.index === best.index || next[c.index] !== cur[c.index]) continue;
      const trial = next.slice();
      trial[c.index] = { ...cur[c.index], text: c.text };
      const r = tryRead(trial);
      if (!r || !better(score(r), now)) continue;
      repairs.push({ page: cur[c.index].page, y: cur[c.index].y, from: cur[c.index].text, to: c.text });
      next[c.index] = trial[c.index];
      result = r;
      now = score(r);
    }
    cur = next;
  }
  return { result, tokens: cur, repairs, ambiguous };
}

/** The transaction (0-based) whose printed lines hold token t, or -1 (the rule repairWarnings names rows by). */
export function rowOf(r: EngineResult, t: Pick<Token, 'page' | 'y'>): number {
  return r.provenance.findIndex((p) => p?.page === t.page && (p.boxes ?? []).some((b) => t.y >= b[1] - 1 && t.y <= b[3] + (b[3] - b[1])));
}

/**
 * Where the equation of a broken row (0-based) starts: the last row before it whose balance is
 * printed (a figure on that row reads as its balance; a balance the reader worked out for a row
 * between a day's printed ones is not printed), or the first row. Every row from there to the broken
 * one holds a figure of the equation: leaving one out of the search could leave one correction
 * looking like the only one (a day's first amount misread, and the day's last amount "repaired").
 */
export function equationStarts(r: EngineResult, tokens: Token[]): (row: number) => number {
  const exp = r.meta.currencyExponent;
  const printed = new Set<number>();
  const want = r.transactions.map((t) => {
    const v = t.Balance ? parseAmount(t.Balance, exp, '.') : null;
    return v === null ? null : v < 0n ? -v : v;
  });
  for (const t of tokens) {
    if (!numberish(t.text)) continue;
    const row = rowOf(r, t);
    if (row >= 0 && want[row] !== null && absValue(t.text) === want[row]) printed.add(row);
  }
  return (b) => {
    let from = b - 1;
    while (from >= 0 && !printed.has(from)) from--;
    return Math.max(0, from);
  };
}

/**
 * The breaks a figure can take part in closing, as the amounts it would have to change by. A broken
 * equation runs from the last row before it that prints a balance (its balance) to the broken row
 * (the amounts between, and its balance): a row printing every balance makes that its row and the
 * one before; a statement printing a balance on a day's last row only, the day's rows. A figure on
 * no row (summary figures, lines the table reader skipped) may take part in any, and so may every
 * figure when no row's equation is broken (a statement without running balances, checked by its
 * total alone). A figure in no broken equation cannot close anything (changing it would break its
 * own): null. Trying only these, with only the edits their own breaks call for, keeps the re-read
 * budget for the figures that matter: a fax with a dozen breaks spent all 600 re-reads on figures of
 * rows that chained, and a one-digit slip beside a break was never tried.
 */
function nearBreaks(r: EngineResult, tokens: Token[]): (t: Token) => Set<bigint> | null {
  const byRow = discrepanciesByRow(r);
  const all = new Set([...byRow.values()].flatMap((s) => [...s]));
  const overall = byRow.get(-1) ?? new Set<bigint>();
  const rowBreaks = [...byRow.keys()].filter((k) => k >= 0);
  if (!rowBreaks.length) return () => all;
  const from = equationStarts(r, tokens);
  const part = new Map<number, Set<bigint>>();
  for (const b of rowBreaks) {
    for (let i = from(b); i <= b; i++) {
      const set = part.get(i) ?? new Set(overall);
      for (const d of byRow.get(b)!) set.add(d);
      part.set(i, set);
    }
  }
  return (t) => {
    const row = rowOf(r, t);
    return row < 0 ? all : (part.get(row) ?? null);
  };
}

function readError(tokens: Token[], read: ReadTokens): Error {
  try {
    read(tokens);
  } catch (e) {
    return e as Error;
  }
  return new Error('unreachable');
}

/** `ocr_repaired` warnings, each naming the transaction whose printed line holds the corrected figure. */
export function repairWarnings(result: EngineResult, repairs: Repair[]): Warning[] {
  return repairs.map((rp) => {
    const row = result.provenance.findIndex((p) => p?.page === rp.page && (p.boxes ?? []).some((b) => rp.y >= b[1] - 1 && rp.y <= b[3] + (b[3] - b[1])));
    // A pair corrected together is a guess (a third slip elsewhere in the window can make a wrong pair
    // agree: 2 in 600 three-slip windows in the sweep of docs/ocr.md), so its warning blocks a PASS.
    const w: Warning = rp.paired
      ? {
          code: 'ocr_repaired_pair',
          message: `OCR read "${rp.from}" on page ${rp.page}; it was corrected to "${rp.to}" together with another figure of the same balance break, the one pair of look-alike readings with which the printed balances agree.`,
          page: rp.page,
        }
      : {
          code: 'ocr_repaired',
          message: `OCR read "${rp.from}" on page ${rp.page}; it was corrected to "${rp.to}" because the printed balances then agree exactly.`,
          page: rp.page,
        };
    if (row >= 0) w.row = row + 1;
    return w;
  });
}
