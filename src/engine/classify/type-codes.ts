// Transaction type codes UK banks print before (sometimes after) the payee: "DD", "SO", "BGC", "FPI",
// "CARD PAYMENT TO", ... Each maps to a kind of movement, which the classifier uses as evidence.
import { tokenize } from './phrase-matcher.js';
import type { Direction } from './types.js';

export type CodeKind =
  | 'direct_debit'
  | 'standing_order'
  | 'bank_credit'
  | 'faster_in'
  | 'payment_out'
  | 'card'
  | 'cash'
  | 'charge'
  | 'interest'
  | 'transfer'
  | 'cheque'
  | 'deposit'
  | 'generic';

/** Leading codes, longest first so "DIRECT DEBIT PAYMENT TO" wins over "DIRECT DEBIT". */
const LEADING: readonly [string, CodeKind][] = [
  ['DIRECT DEBIT PAYMENT TO', 'direct_debit'],
  ['DIRECT DEBIT TO', 'direct_debit'],
  ['DIRECT DEBIT', 'direct_debit'],
  ['STANDING ORDER VIA FASTER PAYMENT TO', 'standing_order'],
  ['STANDING ORDER TO', 'standing_order'],
  ['STANDING ORDER', 'standing_order'],
  ['BILL PAYMENT VIA FASTER PAYMENT TO', 'payment_out'],
  ['BILL PAYMENT TO', 'payment_out'],
  ['BILL PAYMENT', 'payment_out'],
  ['FASTER PAYMENTS RECEIPT FROM', 'faster_in'],
  ['FASTER PAYMENTS RECEIPT', 'faster_in'],
  ['FASTER PAYMENT RECEIPT', 'faster_in'],
  ['FASTER PAYMENT FROM', 'faster_in'],
  ['FASTER PAYMENT TO', 'payment_out'],
  ['FASTER PAYMENTS', 'payment_out'],
  ['FASTER PAYMENT', 'payment_out'],
  ['BANK GIRO CREDIT REF', 'bank_credit'],
  ['BANK GIRO CREDIT', 'bank_credit'],
  ['BANK CREDIT', 'bank_credit'],
  ['BACS CREDIT', 'bank_credit'],
  ['CARD PAYMENT TO', 'card'],
  ['CARD PAYMENT', 'card'],
  ['CARD PURCHASE', 'card'],
  ['VISA PURCHASE', 'card'],
  ['DEBIT CARD', 'card'],
  ['CONTACTLESS', 'card'],
  ['PURCHASE', 'card'],
  ['CASH WITHDRAWAL AT', 'cash'],
  ['CASH WITHDRAWAL', 'cash'],
  ['CASH DEPOSIT', 'deposit'],
  ['CHEQUE DEPOSIT', 'deposit'],
  ['PAID IN AT', 'deposit'],
  ['PAID IN', 'deposit'],
  ['COUNTER CREDIT', 'deposit'],
  ['TRANSFER TO', 'transfer'],
  ['TRANSFER FROM', 'transfer'],
  ['INTERNAL TRANSFER', 'transfer'],
  ['TRANSFER', 'transfer'],
  ['PAYMENT TO', 'payment_out'],
  ['PAYMENT FROM', 'faster_in'],
  ['RECEIVED FROM', 'faster_in'],
  ['ONLINE PAYMENT', 'payment_out'],
  ['MOBILE PAYMENT', 'payment_out'],
  ['INTEREST', 'interest'],
  ['CHARGES', 'charge'],
  ['CHEQUE', 'cheque'],
  ['DDR', 'direct_debit'],
  ['DD', 'direct_debit'],
  ['D/D', 'direct_debit'],
  ['SO', 'standing_order'],
  ['S/O', 'standing_order'],
  ['STO', 'standing_order'],
  ['BGC', 'bank_credit'],
  ['BACS', 'bank_credit'],
  ['BAC', 'bank_credit'],
  ['FPI', 'faster_in'],
  ['FPO', 'payment_out'],
  ['BP', 'payment_out'],
  ['OBP', 'payment_out'],
  ['DPC', 'payment_out'],
  ['PAY', 'payment_out'],
  ['DEB', 'card'],
  ['VIS', 'card'],
  ['VISA', 'card'],
  ['POS', 'card'],
  ['CPD', 'card'],
  [')))', 'card'],
  ['ATM', 'cash'],
  ['CPT', 'cash'],
  ['C/L', 'cash'],
  ['CSH', 'cash'],
  ['CASH', 'cash'],
  ['CHG', 'charge'],
  ['CHGS', 'charge'],
  ['INT', 'interest'],
  ['TFR', 'transfer'],
  ['TRF', 'transfer'],
  ['CHQ', 'cheque'],
  ['DEP', 'deposit'],
  ['CR', 'generic'],
  ['DR', 'generic'],
];

const TRAILING: readonly [string, CodeKind][] = [
  ['DD', 'direct_debit'],
  ['SO', 'standing_order'],
  ['BGC', 'bank_credit'],
  ['BAC', 'bank_credit'],
  ['BACS', 'bank_credit'],
  ['FPI', 'faster_in'],
  ['FPO', 'payment_out'],
  ['BP', 'payment_out'],
  ['DPC', 'payment_out'],
  ['DEB', 'card'],
  ['VIS', 'card'],
  ['POS', 'card'],
  ['ATM', 'cash'],
  ['CPT', 'cash'],
  ['CHG', 'charge'],
  ['TFR', 'transfer'],
  ['CHQ', 'cheque'],
  ['INT', 'interest'],
];

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s+');

// Codes made of letters must end at a word boundary; ")))" is followed by anything.
const LEADING_RE = new RegExp(`^[\\s\\-:]*(${LEADING.map(([c]) => escape(c)).join('|')})(?=$|[^A-Z0-9])`);
const TRAILING_RE = new RegExp(`(?:^|[^A-Z0-9])(${TRAILING.map(([c]) => escape(c)).join('|')})\\s*$`);
const SPACES_RE = /\s+/g;
// "CASH AND CARRY" is a wholesaler's name, not the cash code.
const CASH_AND_CARRY_RE = /^[\s\-:]*CASH\s+(?:AND|&)\s+CARRY/;

const LEADING_WORDS = new Map(LEADING.map(([c]) => [c, tokenize(c).length]));
const LEADING_KIND = new Map(LEADING.map(([c, k]) => [c, k]));
const TRAILING_KIND = new Map(TRAILING.map(([c, k]) => [c, k]));

export interface TypeCode {
  kind: CodeKind;
  /** The code as printed (normalised spaces), for reasons. */
  code: string;
  /** Where the code was printed and how many words it spans, so its words ("MOBILE PAYMENT") are not read again as keywords. */
  at: 'start' | 'end';
  words: number;
}

/** The type code of an upper-cased description, or null when none is printed. */
export function detectTypeCode(upper: string): TypeCode | null {
  const lead = LEADING_RE.exec(upper);
  if (lead) {
    const code = lead[1].replace(SPACES_RE, ' ');
    const kind = LEADING_KIND.get(code);
    if (kind && kind !== 'generic' && !(kind === 'cash' && CASH_AND_CARRY_RE.test(upper)))
      return { kind, code, at: 'start', words: LEADING_WORDS.get(code) ?? 1 };
  }
  const trail = TRAILING_RE.exec(upper);
  if (trail) {
    const kind = TRAILING_KIND.get(trail[1]);
    if (kind) return { kind, code: trail[1], at: 'end', words: 1 };
  }
  return null;
}

const SHORT_CODES = new Set(LEADING.map(([c]) => c).filter((c) => !c.includes(' ')));

/**
 * True when a word is a payment code as printed in front of a row's text (")))", "VIS", "DD", "CR"):
 * the layout reads such a word at a line's start as the start of a row.
 */
export const leadingCode = (word: string): boolean => SHORT_CODES.has(word);

/** Codes whose meaning depends on the direction are read again once the direction is known. */
export function effectiveKind(kind: CodeKind, dir: Direction): CodeKind {
  if (dir === 'debit' && (kind === 'bank_credit' || kind === 'faster_in' || kind === 'deposit')) return 'payment_out';
  if (dir === 'credit' && kind === 'payment_out') return 'faster_in';
  return kind;
}

const LEAD_WORDS: Record<CodeKind, string> = {
  direct_debit: 'Direct debit',
  standing_order: 'Standing order',
  bank_credit: 'Bank credit',
  faster_in: 'Payment',
  payment_out: 'Payment',
  card: 'Card payment',
  cash: 'Cash withdrawal',
  charge: 'Bank charge',
  interest: 'Interest',
  transfer: 'Transfer',
  cheque: 'Cheque',
  deposit: 'Money paid in',
  generic: 'Payment',
};

export const leadWords = (kind: CodeKind | null, dir: Direction): string => (kind ? LEAD_WORDS[kind] : dir === 'credit' ? 'Money' : 'Payment');
