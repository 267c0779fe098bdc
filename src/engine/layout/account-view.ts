// How a statement's unmarked figures are read: from the holder's side (a bank account) or the
// issuer's (a card), the readings the balances choose from, and what on the page names the account.
import { CREDIT_MARKS, DEBIT_MARKS } from '../csv/header-words.js';
import { paidInValue, signedValue } from './money-words.js';
import { BANK_ACCOUNT_WORDS, foldText } from './lexicon.js';
import type { Anchor, DraftRow, MoneyToken } from './types.js';

/**
 * A single amount column that marks its figures of one direction only (CR on credits, a minus on
 * debits) prints the other direction unmarked: its unmarked figures go the other way for sure. A
 * minus means money out from the holder's side and money in from a card issuer's.
 */
export function unmarkedDirections(rows: DraftRow[], view: View): Map<number, 'dr' | 'cr'> {
  const marks = new Map<number, Set<'dr' | 'cr'>>();
  for (const r of rows) {
    const m = r.amount;
    if (!m) continue;
    const dir = m.dir ?? (m.sign === '-' ? (view === 'issuer' ? 'cr' : 'dr') : m.sign === '+' ? 'cr' : null);
    if (!dir) continue;
    const set = marks.get(r.section) ?? new Set();
    set.add(dir);
    marks.set(r.section, set);
  }
  const out = new Map<number, 'dr' | 'cr'>();
  for (const [section, set] of marks) if (set.size === 1) out.set(section, set.has('cr') ? 'dr' : 'cr');
  return out;
}

/**
 * Whose side the statement's unmarked figures are printed from. A bank account is printed from the
 * holder's: an unmarked balance is in credit. A card account is printed from the issuer's: an
 * unmarked amount is a purchase, an unmarked balance is owed, and a minus or CR marks money to the
 * holder. Columns labelled money in / money out mean the same under both.
 */
export type View = 'holder' | 'issuer';

export interface ViewReading {
  view: View;
  balanceSign: 1n | -1n;
  /** Money in and money out columns that no header names are read the other way round. */
  swapped?: boolean;
}

// A type column's whole text "Debit" or "Credit" says only the direction, which the amount carries: no
// part of the description (a type code such as "CR", "DD" or "Gutschrift" names the kind of payment too
// and stays in it).
export const DIRECTION_WORD = /^(d[ée]bit|cr[ée]dit|d[ée]bito|cr[ée]dito)$/i;

/** A type column's text that is nothing but a direction ("Debit", "Credit", "DR"): the amount's printed sign. */
function typeMark(typeCode: string): 'dr' | 'cr' | null {
  if (!typeCode || typeCode.length > 12) return null;
  return DEBIT_MARKS.test(typeCode) ? 'dr' : CREDIT_MARKS.test(typeCode) ? 'cr' : null;
}

export function rowAmount(r: DraftRow, view: View, unmarked?: 'dr' | 'cr', swapped = false): { amount: bigint; alternatives: bigint[] } | null {
  const unsigned = view === 'issuer' ? 'dr' : 'cr';
  const [debit, credit] = swapped ? [r.credit, r.debit] : [r.debit, r.credit];
  if (debit && credit) return { amount: paidInValue(credit) - debit.abs, alternatives: [] };
  if (debit) return { amount: -debit.abs, alternatives: [] };
  if (credit) return { amount: paidInValue(credit), alternatives: [] };
  if (r.amount) {
    const m = r.amount;
    // A type column printing Debit / Credit beside an unsigned amount is its printed direction, in
    // the holder's terms whichever side prints the statement.
    const mark = !m.dir && !m.sign ? typeMark(r.typeCode) : null;
    if (mark) return { amount: mark === 'dr' ? -m.abs : m.abs, alternatives: [] };
    // The table's own title says more than the other figures of its section.
    const way = r.unmarked ?? unmarked;
    if (!m.dir && !m.sign && way) return { amount: way === 'dr' ? -m.abs : m.abs, alternatives: [] };
    const v = signedValue(m, unsigned);
    // A card prints purchases unmarked: under the issuer's view an unmarked figure is money out.
    const explicit = view === 'issuer' || m.sign !== null || m.dir !== null;
    return { amount: v, alternatives: explicit ? [] : [-v] };
  }
  // Only one figure, read as a balance or unplaced: it is the amount, sign left to the balances.
  const m = r.loose[0] ?? null;
  if (m) {
    const v = signedValue(m, unsigned);
    return { amount: v, alternatives: [-v] };
  }
  return null;
}

/** A printed balance or anchor: marks (D, OD, CR, a minus, "in our favour") decide; an unmarked one follows the reading. */
export function balanceValue(m: MoneyToken, reading: ViewReading): bigint {
  if (m.dir || m.sign) return signedValue(m, reading.view === 'issuer' ? 'dr' : 'cr');
  return m.abs * reading.balanceSign;
}

/**
 * The readings the balances choose from, the likelier first: the view the page's words suggest
 * (card words outside the table, a card bank), then the other; under each, an unmarked balance column
 * as the view prints it, then with the other sign as a whole (an account overdrawn throughout printing
 * no marks); then money in / out columns that no header names, the other way round.
 *
 * A printed minus means money out to the holder and money in to a card issuer, so the other view would
 * read every minus the other way: where the statement prints one, the view the words suggest is kept
 * (rule 4: a minus is never flipped to make the balances agree). Otherwise reading everything the other
 * way round would close the same equations (a mirror), and the balances could not tell.
 */
export function readingsFor(cardLike: boolean, printsMinus: boolean, balanceMinus: boolean, unlabelledSplit: boolean): ViewReading[] {
  const views: View[] = cardLike ? ['issuer', 'holder'] : ['holder', 'issuer'];
  const base = (printsMinus ? views.slice(0, 1) : views).flatMap((view) => {
    const usual: 1n | -1n = view === 'issuer' ? -1n : 1n;
    // A balance column that marks its other side with a minus prints this side unmarked: the
    // unmarked balances cannot all be the other sign (that reading would flip printed labels).
    if (balanceMinus) return [{ view, balanceSign: usual }];
    const flipped: 1n | -1n = usual === 1n ? -1n : 1n;
    return [
      { view, balanceSign: usual },
      { view, balanceSign: flipped },
    ];
  });
  return unlabelledSplit ? [...base, ...base.map((r) => ({ ...r, swapped: true }))] : base;
}

/**
 * Words or structure that name the account type the reading chose: for a card, the card words that
 * made the card view the first reading (`cardLike`); for a bank account, a bank's profile, a running
 * balance column (card statements print none) or bank-account words outside the table.
 */
export function viewPrinted(view: View, cardLike: boolean, hinted: 'bank' | 'card' | undefined, balanceColumn: boolean, furniture: string): boolean {
  if (view === 'issuer') return cardLike;
  return hinted === 'bank' || balanceColumn || BANK_ACCOUNT_WORDS.test(foldText(furniture));
}

/** True when a printed balance (a row's or an anchor's) carries a minus or brackets. */
export function balancesPrintMinus(rows: DraftRow[], anchors: Anchor[]): boolean {
  return rows.some((r) => r.balance?.sign === '-') || anchors.some((a) => a.value.sign === '-');
}

/**
 * True when every row's figure stands in a column its header labels money in or money out: the amounts
 * read alike under both views, so the other view is no mirror of this one (it reads only the balances
 * the other way) and the balances can tell the two apart, minus or none.
 */
export function directionsLabelled(rows: DraftRow[], sections: { unlabelledSplit?: boolean }[]): boolean {
  return rows.length > 0 && rows.every((r) => (r.debit || r.credit) && !sections[r.section]?.unlabelledSplit);
}

/** True when any figure of the statement (row, balance or anchor) is printed with a minus or in brackets. */
export function printsMinus(rows: DraftRow[], anchors: Anchor[]): boolean {
  const minus = (m: MoneyToken | null) => !!m && m.sign === '-';
  return rows.some((r) => minus(r.amount) || minus(r.balance) || minus(r.debit) || minus(r.credit)) || anchors.some((a) => minus(a.value));
}
