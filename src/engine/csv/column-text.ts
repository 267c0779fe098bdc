// Which columns make a row's Description and Reference, decided once per table from all its rows.
//
// - Every column that describes the transaction joins the Description, in column order: payee /
//   counterparty, description, memo (booking text, a second description, a message). A user's own notes
//   (role 'note') are used only when the row has no other text.
// - A column that repeats one value on every row (a product or account name) describes the account, not
//   the transaction: it is left out while another column has text.
// - A type column is a printed payment code (DD, SO, FPO, "Direct debit", "Buchungstext") and starts the
//   Description; a column of program identifiers (CARD_PAYMENT, TOPUP, cardPayment) or of bare numbers
//   (merchant category codes) is a machine category that no statement prints, and is left out.
// - A description column that only repeats a handful of values (Swedbank's "Beskrivning": Swish, Kortköp)
//   beside a reference column of varied words (its "Referens": the merchant) is the payment's type; the
//   reference column is the text.
// - A token of one fixed shape in most rows of a text column ("BG/000000001" inside easybank's fixed-width
//   text field) is a transaction type/number the bank embeds: it goes to Reference.
import type { Role } from './header-words.js';
import type { TextRecord } from './records.js';

export interface TextPlan {
  /** Columns whose text joins the Description, in column order. */
  textCols: number[];
  /** Columns used only when a row's textCols are empty. */
  noteCols: number[];
  /** The type column printed before the Description, or -1 (none, or a machine category). */
  typeCol: number;
  /** Per text column, the shape of an embedded type/number token that belongs in Reference. */
  embedded: Map<number, RegExp>;
  /** A reference column read as the Description instead (a type-like description beside it), or -1. */
  referenceText: number;
}

/** A handful of values repeated over ten rows or more: a type, not a description. */
function isTypeLike(vals: string[]): boolean {
  return vals.length >= 10 && new Set(vals).size <= Math.max(3, vals.length * 0.2);
}

/** Words that vary from row to row: most values hold letters, and at least half differ. */
const isVariedText = (vals: string[]): boolean =>
  vals.length >= 10 && vals.filter((v) => /\p{L}{2}/u.test(v)).length >= vals.length * 0.8 && new Set(vals).size >= vals.length * 0.5;

const TEXT_ROLES = new Set<Role>(['payee', 'description', 'memo']);
const SAMPLE = 400;

// UPPER_SNAKE_CASE with at least one underscore, or camelCase: identifiers, not printed words.
const IDENTIFIER = /^(?:[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+|[a-z]+(?:[A-Z][a-z0-9]+)+)$/;
// Letters, a slash or hyphen, then digits: "BG/000000001", "FE/000000003".
const CODE_NUMBER = /(?:^|\s)([A-Z]{1,4}[/-]\d{4,})(?=\s|$)/;

const values = (body: TextRecord[], i: number): string[] => {
  const out: string[] = [];
  for (const r of body) {
    const v = (r.cells[i] ?? '').trim();
    if (v) out.push(v);
    if (out.length >= SAMPLE) break;
  }
  return out;
};

// An IBAN or a bare account number ("NL47INGB0003910214", "12-34-56 12345678"): the counterparty's
// account, not words describing the payment.
const ACCOUNT_NUMBER = /^(?:[A-Z]{2}\d{2}[A-Z0-9]{10,30}|\d[\d -]{5,}\d)$/;

/** Most values (80%) are account numbers: in a payee column, the counterparty's account headed like its name ("Counterparty"). */
const isAccountColumn = (vals: string[]): boolean => vals.length > 0 && vals.filter((v) => ACCOUNT_NUMBER.test(v)).length >= vals.length * 0.8;

/** One value on every row (three or more): an account or product name, not a description. */
function isConstant(vals: string[]): boolean {
  return vals.length >= 3 && vals.every((v) => v === vals[0]);
}

/** The shape of a code/number token found in at least 80% of the column's values, as a pattern. */
function embeddedShape(vals: string[]): RegExp | null {
  if (vals.length < 2) return null;
  const shapes = new Map<string, number>();
  for (const v of vals) {
    const m = CODE_NUMBER.exec(v);
    if (!m) continue;
    const shape = m[1].replace(/[A-Z]/g, 'A').replace(/\d/g, '9');
    shapes.set(shape, (shapes.get(shape) ?? 0) + 1);
  }
  const best = [...shapes].sort((a, b) => b[1] - a[1])[0];
  if (!best || best[1] < Math.max(2, Math.ceil(vals.length * 0.8))) return null;
  const re = best[0]
    .replace(/A+/g, (a) => `[A-Z]{${a.length}}`)
    .replace(/9+/g, (n) => `\\d{${n.length}}`)
    .replace('/', '\\/');
  return new RegExp(`(?:^|\\s)(${re})(?=\\s|$)`);
}

/**
 * A text label one cell off its column: every column named as text is empty on every row, and the one
 * unnamed column right beside one of them holds words on (nearly) every row. That column is the text;
 * where the words stand in more than one unnamed column, nothing says which (text-evidence.ts names it).
 */
function labelOneCellOff(body: TextRecord[], roles: (Role | null)[], named: number[]): number {
  if (!named.length || named.some((i) => values(body, i).length)) return -1;
  const rows = Math.min(body.length, SAMPLE);
  const wordy = (i: number) => {
    const vals = values(body, i);
    return !roles[i] && vals.length >= rows * 0.8 && vals.filter((v) => /\p{L}{2}/u.test(v)).length >= vals.length * 0.8;
  };
  const beside = [...new Set(named.flatMap((i) => [i - 1, i + 1]))].filter((i) => i >= 0 && wordy(i));
  const unnamed = roles.map((_, i) => i).filter(wordy);
  return beside.length === 1 && unnamed.length === 1 ? beside[0] : -1;
}

export function planText(body: TextRecord[], roles: (Role | null)[]): TextPlan {
  const candidates = roles.flatMap((r, i) => (r && TEXT_ROLES.has(r) ? [i] : []));
  const vals = new Map(candidates.map((i) => [i, values(body, i)]));
  const varied = candidates.filter((i) => !isConstant(vals.get(i)!) && !(roles[i] === 'payee' && isAccountColumn(vals.get(i)!)));
  const textCols = varied.length ? varied : candidates;
  const shifted = labelOneCellOff(body, roles, candidates);
  if (shifted >= 0) {
    textCols.splice(0, textCols.length, shifted);
    vals.set(shifted, values(body, shifted));
  }
  const noteCols = roles.flatMap((r, i) => (r === 'note' ? [i] : []));
  let typeCol = roles.indexOf('type');
  if (typeCol >= 0) {
    const t = values(body, typeCol);
    // Program identifiers, or bare numbers (merchant category codes such as 4829): not printed text.
    if (t.some((v) => IDENTIFIER.test(v)) || (t.length > 0 && t.every((v) => /^\d+$/.test(v)))) typeCol = -1;
  }
  // The one description column is a type, and a reference column holds the varied words: swapped.
  let referenceText = -1;
  if (textCols.length === 1 && isTypeLike(vals.get(textCols[0])!)) {
    const ref = roles.flatMap((r, i) => (r === 'reference' && isVariedText(values(body, i)) ? [i] : []));
    if (ref.length === 1) {
      if (typeCol < 0) typeCol = textCols[0];
      referenceText = ref[0];
      textCols.splice(0, 1, ref[0]);
      vals.set(ref[0], values(body, ref[0]));
    }
  }
  const embedded = new Map<number, RegExp>();
  for (const i of textCols) {
    const shape = embeddedShape(vals.get(i)!);
    if (shape) embedded.set(i, shape);
  }
  return { textCols, noteCols, typeCol, embedded, referenceText };
}
