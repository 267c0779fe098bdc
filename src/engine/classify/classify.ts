// classify(): transactions in, one Classification per transaction out, in the same order. Pure and
// deterministic: no clock, no randomness, no I/O; the same input always gives the same output.
import { decideRow, type RowDecision } from './decide-row.js';
import { CATEGORY_BY_ID, categoryName, type CategoryId } from './taxonomy.data.js';
import type { Classification, ClassificationKind, ClassifyRow, Direction, UserRule } from './types.js';
import { compileUserRules } from './user-rules.js';

/** Descriptions longer than this are cut before matching; no bank prints more. */
export const DESCRIPTION_MAX = 512;
const AMOUNT_RE = /^[+-]?(\d+)(?:\.(\d+))?$/;
const AMOUNT_NOISE_RE = /[,\s£]/g;
const LEADING_ZEROS_RE = /^0+(?=\d)/;
const TRAILING_ZEROS_RE = /0+$/;

interface Row extends RowDecision {
  dir: Direction;
  classification: ClassificationKind | null;
  byUser: boolean;
}

// Every row object is built with the same fields in the same order: spreading a decision into a new
// object, or adding fields to some rows only, made the 10,000-row path several times slower.
const toRow = (d: RowDecision, dir: Direction, byUser: boolean, classification: ClassificationKind | null): Row => ({
  category: d.category,
  confidence: d.confidence,
  reason: d.reason,
  strong: d.strong,
  code: d.code,
  dir,
  classification,
  byUser,
});

const text = (v: unknown): string =>
  (typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint' ? String(v) : '').slice(0, DESCRIPTION_MAX);

function direction(t: ClassifyRow): Direction {
  if (t.Type === 'credit' || t.Type === 'debit') return t.Type;
  return text(t.Amount).trim().startsWith('-') ? 'debit' : 'credit';
}

/** "1,200.50", "-1200.5" and "1200.50" give the same key; zero and unreadable amounts give none. */
function amountKey(t: ClassifyRow): string | null {
  const m = AMOUNT_RE.exec(text(t.Amount).replace(AMOUNT_NOISE_RE, ''));
  if (!m) return null;
  const whole = m[1].replace(LEADING_ZEROS_RE, '');
  const frac = (m[2] ?? '').replace(TRAILING_ZEROS_RE, '');
  if (whole === '0' && frac === '') return null;
  return `${whole}.${frac}`;
}

function kindOf(category: CategoryId, dir: Direction): ClassificationKind {
  if (CATEGORY_BY_ID.get(category)?.nature === 'balance') return 'transfer';
  return dir === 'credit' ? 'income' : 'expense';
}

/**
 * A money-out and a money-in of the same amount on the same day, neither of which names a payee, is most
 * likely money moving between the account holder's own accounts. Pairs are made in row order so the
 * result does not depend on anything but the input.
 */
function pairSameDay(transactions: readonly ClassifyRow[], rows: Row[]): void {
  const groups = new Map<string, { debits: number[]; credits: number[] }>();
  transactions.forEach((t, i) => {
    const r = rows[i];
    if (r.byUser || r.strong) return;
    const amount = amountKey(t);
    if (!amount) return;
    const key = `${text(t.Date).trim()}|${amount}|${text(t.Currency).trim().toUpperCase()}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { debits: [], credits: [] }));
    (r.dir === 'debit' ? g.debits : g.credits).push(i);
  });
  for (const g of groups.values()) {
    const n = Math.min(g.debits.length, g.credits.length);
    for (let k = 0; k < n; k++) {
      const [d, c] = [g.debits[k], g.credits[k]];
      const transferish = [rows[d], rows[c]].some((r) => r.category === 'own_transfers' || r.code === 'transfer');
      const confidence = transferish ? 0.9 : 0.75;
      for (const [self, other] of [
        [d, c],
        [c, d],
      ] as const) {
        const r = rows[self];
        r.category = 'own_transfers';
        r.confidence = confidence;
        r.strong = true;
        r.reason = `A ${r.dir === 'debit' ? 'credit' : 'debit'} of the same amount on the same day (row ${other + 1}) means money moving between your own accounts`;
      }
    }
  }
}

export function classify(transactions: readonly ClassifyRow[], rules?: readonly UserRule[]): Classification[] {
  const compiled = compileUserRules(rules);
  const rows: Row[] = transactions.map((t) => {
    const dir = direction(t);
    const description = text(t.Description);
    if (compiled.length > 0) {
      const upper = description.toUpperCase();
      const hit = compiled.find((c) => c.matches(upper));
      if (hit) {
        const { rule } = hit;
        const reason = `Your rule "${rule.pattern}" (id ${rule.id}) says ${categoryName(rule.category).toLowerCase()}; your rules win over the built-in ones`;
        return toRow({ category: rule.category, confidence: 1, reason, strong: true, code: null }, dir, true, rule.classification ?? null);
      }
    }
    return toRow(decideRow(description, text(t.Reference), dir), dir, false, null);
  });
  pairSameDay(transactions, rows);
  return rows.map((r) => ({
    classification: r.classification ?? kindOf(r.category, r.dir),
    category: r.category,
    confidence: Math.round(Math.min(1, Math.max(0, r.confidence)) * 100) / 100,
    reason: r.reason,
  }));
}
