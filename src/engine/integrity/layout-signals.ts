// Signals from the printed page: a figure in a size or typeface unlike the rest of its column (pasted
// in from elsewhere), text painted on top of other text (a figure covered by a new one), and rows whose
// arithmetic breaks while the rows around them chain. Pure: rows, tokens and the result in.
import type { DraftRow, MoneyToken, Token } from '../layout/types.js';
import type { EngineResult } from '../types.js';
import type { IntegritySignal } from './types.js';

/** Size difference (points) and advance-per-character difference (share) that make a figure unlike its column. */
const SIZE_TOLERANCE = 0.3;
const ADVANCE_TOLERANCE = 0.08;
/** A column needs this many figures before one can be unlike the rest. */
const MIN_COLUMN = 6;
const MAX_SIGNALS = 10;

interface Figure {
  page: number;
  text: string;
  size: number;
  /** Width per character, a share of the size: alike across a monospaced column's figures. */
  perChar: number | null;
  /** Width per nominal unit (a digit is 1), a share of the size: alike across a proportional column's. */
  perUnit: number | null;
}

/**
 * A character's width in digits, as proportional typefaces set them (Helvetica, Arial, Times within a
 * few per cent): stops and commas half a digit, a minus or bracket 0.6, capitals 1.3 ("DR", "CR", "OD").
 */
function unitsOf(c: number): number {
  if (c >= 0x30 && c <= 0x39) return 1;
  if (c === 0x2e || c === 0x2c || c === 0x20) return 0.5;
  if (c === 0x2d || c === 0x28 || c === 0x29 || c === 0x2b) return 0.6;
  if (c >= 0x41 && c <= 0x5a) return 1.3;
  return 1;
}

function figureOf(m: MoneyToken | null, page: number): Figure | null {
  if (!m || !m.words.length) return null;
  const size = m.words[0].em;
  // The printed words only: a mark set apart ("12.30   DR") leaves a gap that is no character's width.
  let width = 0;
  let chars = 0;
  let units = 0;
  let digits = 0;
  for (const w of m.words) {
    width += w.x1 - w.x0;
    chars += w.text.length;
    for (let i = 0; i < w.text.length; i++) {
      const c = w.text.charCodeAt(i);
      if (c >= 0x30 && c <= 0x39) digits++;
      units += unitsOf(c);
    }
  }
  // A typeface's digits are all one width, so another typeface (Courier's 0.60 for Helvetica's 0.556)
  // shows in both measures; a sign or a DR mark shifts only the one that does not fit the column's face.
  const measured = digits >= 4 && size > 0 && width > 0;
  return { page, text: m.text, size, perChar: measured ? width / chars / size : null, perUnit: measured ? width / units / size : null };
}

// (A typed array sorts numbers without calling a comparator: sizes and advances are positive numbers, never NaN.)
const median = (xs: number[]) => {
  const s = Float64Array.from(xs).sort();
  return s.length ? s[Math.floor(s.length / 2)] : 0;
};

/** The column's median of one measure, when enough figures have it. */
function columnMedian(figures: Figure[], of: (f: Figure) => number | null): number | null {
  const xs = figures.map(of).filter((a): a is number => a !== null);
  return xs.length >= MIN_COLUMN ? median(xs) : null;
}

const off = (x: number | null, column: number | null): boolean => x !== null && column !== null && Math.abs(x - column) / column > ADVANCE_TOLERANCE;

export function figureStyleSignals(rows: DraftRow[]): IntegritySignal[] {
  const out: IntegritySignal[] = [];
  for (const role of ['debit', 'credit', 'amount', 'balance'] as const) {
    const figures = rows.map((r) => figureOf(r[role], r.page)).filter((f): f is Figure => f !== null);
    if (figures.length < MIN_COLUMN) continue;
    const size = median(figures.map((f) => f.size));
    const perChar = columnMedian(figures, (f) => f.perChar);
    const perUnit = columnMedian(figures, (f) => f.perUnit);
    for (const f of figures) {
      const sizeOff = Math.abs(f.size - size) > SIZE_TOLERANCE;
      // Another typeface is unlike the column by both measures; one figure's signs and marks by one only.
      const faceOff = off(f.perChar, perChar) && off(f.perUnit, perUnit);
      if (!sizeOff && !faceOff) continue;
      if (out.length >= MAX_SIGNALS) return out;
      out.push({
        code: 'figure_style',
        page: f.page,
        message: `The figure ${f.text} (${role} column, page ${f.page}) is printed ${sizeOff ? `at ${f.size.toFixed(1)} pt where the column uses ${size.toFixed(1)} pt` : 'in a typeface whose characters are wider or narrower than the rest of the column'}.`,
      });
    }
  }
  return out;
}

/** A printed money figure ("1,234.56", "-12.00", "(3.20)", "£45.00CR"): only figures painted over figures count. */
const FIGURE = /^[-+(]?[£$€]?\d[\d,. ]*[.,]\d{2}\)?(?:CR|DR|-)?$/i;

/**
 * Text over text: two money figures of different text whose boxes overlap on the same baseline. A bank's PDF
 * places each word once; painting a new figure over an old one (and a white box between) leaves both in
 * the text layer.
 */
export function overlapSignals(tokens: Token[]): IntegritySignal[] {
  const out: IntegritySignal[] = [];
  // Only figures can pair, so the other words are left out before sorting (a stable sort keeps the
  // figures in the order they had among all words, and the scan below stops by position alone).
  const sorted = tokens.filter((t) => FIGURE.test(t.text)).sort((a, b) => a.page - b.page || a.y - b.y || a.x0 - b.x0);
  for (let i = 0; i < sorted.length && out.length < MAX_SIGNALS; i++) {
    const a = sorted[i];
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j];
      if (b.page !== a.page || b.y - a.y > a.em * 0.2) break;
      const overlap = Math.min(a.x1, b.x1) - Math.max(a.x0, b.x0);
      const narrower = Math.min(a.x1 - a.x0, b.x1 - b.x0);
      // Fake bold (the same text painted twice, slightly offset) is not an edit.
      if (narrower > 0 && overlap > narrower * 0.5 && a.text !== b.text) {
        out.push({
          code: 'text_over_text',
          page: a.page,
          message: `On page ${a.page}, "${a.text.slice(0, 30)}" and "${b.text.slice(0, 30)}" are printed on top of each other.`,
        });
        break;
      }
    }
  }
  return out;
}

/**
 * Rows whose printed balance breaks the chain while the rows before and after it chain: the kind of
 * break one edited figure leaves (a break in a row of its own), as opposed to a statement read wrongly
 * throughout. From the reconciler's balance_mismatch warnings.
 */
export function arithmeticSignals(result: EngineResult): IntegritySignal[] {
  const breaks = result.warnings.filter((w) => w.code === 'balance_mismatch' && w.row !== undefined).map((w) => w.row!);
  // Many breaks mean a reading problem, not an edit.
  if (!breaks.length || breaks.length > 3 || breaks.length * 10 > result.transactions.length) return [];
  return breaks.map((row) => {
    const page = result.provenance[row - 1]?.page;
    return {
      code: 'arithmetic_break' as const,
      ...(page ? { page } : {}),
      message: `Row ${row}'s figures do not add up with its printed balance, while the rows around it chain.`,
    };
  });
}
