// The words the layout stage recognises: column headers, anchors, month names, sign suffixes.
// The patterned English forms live here; every language's plain words come from the language
// tables (src/engine/lang), merged in below. Data only.
import {
  alternation,
  CARRIED_WORDS,
  CLOSING_WORDS,
  COLUMN_WORDS,
  CREDIT_MARK_WORDS,
  DEBIT_MARK_WORDS,
  MONTH_NAMES,
  OPENING_WORDS,
  TOTAL_BOTH_WORDS,
  TOTAL_IN_WORDS,
  TOTAL_OUT_WORDS,
} from '../lang/index.js';
import type { AnchorKind, ColumnRole } from './types.js';

/**
 * Lower-cased, accents folded, parenthesised parts and punctuation at the ends removed. Not
 * remembered between calls: the text is the customer's, and a cache held by the module outlived the
 * conversion (plain ASCII, nearly every word, costs one toLowerCase).
 */
export function foldText(s: string): string {
  // Plain ASCII (nearly every word of a statement) has no accents to fold.
  const ascii = /^[\x20-\x7e]*$/.test(s);
  // Nor, with single spaces inside only, any space to squeeze or trim (every line's text is folded).
  if (ascii && s.charCodeAt(0) !== 0x20 && s.charCodeAt(s.length - 1) !== 0x20 && !s.includes('  ')) return s.toLowerCase();
  return (ascii ? s : s.normalize('NFKD').replace(/[\u0300-\u036f]/g, ''))
    .toLowerCase()
    .replace(/\u00ad/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const FROM_TABLE: Record<string, ColumnRole> = {
  date: 'date',
  bookingDate: 'date',
  valueDate: 'valuedate',
  description: 'description',
  debit: 'debit',
  credit: 'credit',
  amount: 'amount',
  balance: 'balance',
  foreign: 'foreign',
};

/**
 * The role a whole label names in the language tables (folded; a closing dot dropped: "Date opé."),
 * or null. Read before HEADER_ROLES: a table's label is a whole label, never a part of one.
 */
export function tableRole(folded: string): ColumnRole | null {
  const r = COLUMN_WORDS.get(folded) ?? COLUMN_WORDS.get(folded.replace(/\.$/, ''));
  return r ? FROM_TABLE[r] : null;
}

/** Labels of a booking date (the row's date where a value date is printed too), folded. */
export const BOOKING_DATE_LABELS = new Set([...COLUMN_WORDS].filter(([, r]) => r === 'bookingDate').map(([w]) => w));
/** Labels of any date column (row date, booking date, value date), folded. */
export const DATE_LABELS: readonly string[] = [...COLUMN_WORDS].filter(([, r]) => r === 'date' || r === 'bookingDate' || r === 'valueDate').map(([w]) => w);

/**
 * Header cell text -> role. Tested in order; the first match wins. Cell text is folded, parentheses
 * removed. A new date or value-date label must contain a part of DATE_LABEL_PART (header-detect.ts).
 */
export const HEADER_ROLES: [ColumnRole, RegExp][] = [
  ['foreign', /(vreemde valuta|foreign|original amount|fremdwahrung|devise|moneda extranjera|in vreemde)/],
  [
    'valuedate',
    /^(value|f\.? ?valor\.?|datum boeking|posting date|post date|date posted|boekingsdatum|rentedatum|rente datum|process date|processed|date processed|processing date|posted date)$/,
  ],
  [
    'date',
    /^(dates|trans\. date|completed date|date of transaction|received|received by us|date received|einkaufs-?datum|f\.? ?oper\.?|f\.? ?operacion|date d.operation|bu\.tag|bu\. tag|date paid)$/,
  ],
  ['type', /^(type|transaction type|trans type|tran type|pay type|payment type|code|tx type|typ|art|soort|mutatiesoort)$/],
  [
    'reference',
    /^(reference|ref|ref\.|chq\/ref number|cheque number|cheque no|cheque|chq no|referenz|kenmerk|referencia|reference no|ref no|reference number|chq\/ref|cheque\/ref|transaction id|transaction no|card used|card no|card number|(?:ref|chq|cheque)\.? ?(?:no\.?|number)? ?\/ ?(?:ref|chq|cheque)\.? ?(?:no\.?|number)?)$/,
  ],
  ['debit', /^(withdrawals?|debits?|out|payments out|outgoings|money out £|bedrag af ?debet|debit \/ retrait|retraits?|cargos?|retiros?|dr|payments|spent)$/],
  ['credit', /^(deposits?|credits?|in|payments in|receipts|incomings|bedrag bij ?credit|credit \/ depot|depots?|abonos?|ingresos?|cr|received amount)$/],
  ['balance', /^(balance £|closing balance|account balance|ledger balance|available balance|saldo actual)$/],
  ['amount', /^(bedrag in euros|value|sum|amount gbp|amount \/ currency)$/],
  [
    'description',
    /(description|details|narrative|particulars|memo|payee|buchungstext|verwendungszweck|vorgang|omschrijving|libelle|concepto|descripcion|transaction$|transactions$|merchant|information|beschreibung|naam|name|wir haben fur sie gebucht)/,
  ],
];

/** The role a folded label names: the language tables' whole labels first, then the patterns above. */
export function labelRole(folded: string): ColumnRole | null {
  return tableRole(folded) ?? HEADER_ROLES.find(([, re]) => re.test(folded))?.[0] ?? null;
}

/**
 * A table's title naming the one way its figures go ("Deposits and additions", "Checks paid", "Other
 * withdrawals, fees & charges"), folded; a card named by its kind ("debit card") names no direction.
 */
export const TITLE_MONEY_IN = /\b(deposits?|additions|credits?|money in|paid in|receipts)\b/;
export const TITLE_MONEY_OUT = /\b(withdrawals?|subtractions|debits?|money out|paid out|checks|cheques|charges|fees|purchases)\b/;
export const TITLE_NO_DIRECTION = /\b(credit|debit|check|cheque) cards?\b/g;

// Word edges that hold for Cyrillic too (\b knows ASCII letters only; folded Latin text has no accents).
const W0 = String.raw`(?<![a-z0-9\u0400-\u04ff])`;
const W1 = String.raw`(?![a-z0-9\u0400-\u04ff])`;
const TABLE_OPENING = alternation(OPENING_WORDS);
const TABLE_CLOSING = alternation(CLOSING_WORDS);
const TABLE_TOTAL_IN = alternation(TOTAL_IN_WORDS);
const TABLE_TOTAL_OUT = alternation(TOTAL_OUT_WORDS);
// (A slash may be printed with spaces or without: "Soll/Haben", "débit / crédit".)
const TABLE_TOTAL_BOTH = alternation(TOTAL_BOTH_WORDS.map((w) => w.replace(/\s*\/\s*/g, '/'))).replace(/\//g, String.raw`\s*/\s*`);

/** Anchor phrases (folded). Checked on whole lines; the amount on the line or just below is the value. */
export const ANCHOR_PHRASES: [AnchorKind, RegExp][] = [
  [
    'opening',
    new RegExp(
      String.raw`\b(saldo (?:der )?letzten? abrechnung|saldo (?:aus )?vormonat|last month'?s balance|balance (?:from |of )?previous statement|previous statement balance|outstanding balance from previous statement|b\/f|bf balance|start(ing)? balance|balance at start|beginning balance|balance from (?:previous )?statement|last statement balance|balance on last statement|solde au)\b|${W0}(?:${TABLE_OPENING})${W1}`,
    ),
  ],
  [
    'closing',
    new RegExp(
      String.raw`\b(total outstanding balance|current balance due|total amount due|c\/f|end balance|balance at end|statement balance)\b|${W0}(?:${TABLE_CLOSING})${W1}`,
    ),
  ],
  // A balance named by its date; whether it opens or closes the statement follows from that date.
  [
    'dated',
    /\b(saldo (?:per|am|vom|zum|al)|kontostand (?:am|per|vom|zum)|balance (?:on|at|as at|as of|at close of business)|solde (?:crediteur|debiteur) au)\s+\d/,
  ],
  [
    'total_in',
    new RegExp(
      String.raw`\b((?:credits?|credit\(s\)|deposits?) this (?:period|statement|cycle)|total receipts|total payments in|payments in total)\b|${W0}(?:${TABLE_TOTAL_IN})${W1}`,
    ),
  ],
  // One label over both figure columns ("TOTAL DES MOUVEMENTS  13 478,50  15 694,64"): the column each
  // figure stands in names its way (see COLUMN_TOTALS).
  ['total_out', /\btotal des mouvements\b(?! (?:debiteurs|crediteurs))/],
  ['total_out', new RegExp(`${W0}(?:${TABLE_TOTAL_BOTH})${W1}`)],
  [
    'total_out',
    new RegExp(String.raw`\b((?:debits?|debit\(s\)|withdrawals?) this (?:period|statement|cycle)|total payments out)\b|${W0}(?:${TABLE_TOTAL_OUT})${W1}`),
  ],
];

/**
 * Totals named only by their columns' words ("Money in £2,755.07", "Payments Out 3,215.35", a card's
 * "Payments and credits"): the same words head table columns and stand in descriptions, so they name a
 * total only where the label stands alone before its figure, outside a running table (anchors.ts,
 * summaryTotals). Whole folded labels. Partial sums ("Purchases", "New spending" beside interest and
 * charges) are left out: they total no one direction.
 */
export const SUMMARY_TOTALS: [AnchorKind, RegExp][] = [
  ['total_in', /^(money in|payments in|paid in|payments (and|&) (credits|refunds)|payments\/credits)$/],
  ['total_out', /^(money out|payments out|paid out)$/],
];

/** In a summary box of labels over figures that names a balance too, a column's total may be named by a word. */
export const SUMMARY_TOTALS_OVER: [AnchorKind, RegExp][] = [...SUMMARY_TOTALS, ['total_out', /^(withdrawn|withdrawals)$/]];

/** A totals label standing over a table's money out and money in columns alike (the tables' `totalBoth`). */
export const COLUMN_TOTALS = new RegExp(`^(?:total des mouvements|${TABLE_TOTAL_BOTH})$`);

/**
 * Words that say whose favour a balance is in ("Saldo ... zu unseren Gunsten": owed to the bank), which
 * marks the figure the way DR or CR would.
 */
export const FAVOUR_OWED =
  /\b(solde debiteur|zu unseren gunsten|zu ihren lasten|in our favour|to our favour|en notre faveur|a nuestro favor|a nostro favore)\b/;
export const FAVOUR_HELD = /\b(solde crediteur|zu ihren gunsten|in your favour|to your favour|en votre faveur|a su favor|a vostro favore)\b/;

/** Text that never makes a row even inside a table region. */
/** A section of reward points after a card's transactions: the table ends there (its figures are points, not money). */
export const POINTS_SECTION = /\b(reward points?|points? summary|rewards? summary|membership rewards)\b/;

/**
 * A heading inside a table naming whose rows follow ("TRANSACTIONS FOR JANE DOE", "New transactions for
 * card ending 1234"): a card with several cardholders prints one over each holder's rows. No row's text.
 */
export const SECTION_HEADING = /^(?:new |other |your )?transactions (?:for|of|on card|on account)\b/;

export const NON_ROW =
  /\b(page \d+ of \d+|seite \d+ von \d+|blad \d+ van \d+|continued|fortsetzung|u(?:e)?bertrag (?:auf|von) blatt|zwischensumme|subtotal|total|summe|totaal|net amount of|net activity|monthly activity)\b/;
/**
 * The marks of a page's place in a document ("Page 2 of 3", "continued", "Übertrag auf Blatt 2" with
 * the figure carried to the next page): an undated line holding one is the page's, no row. Every other
 * word of NON_ROW is evidence only: a line that holds one (a total, a subtotal, "TOTAL FITNESS LTD")
 * stays a candidate the figures decide (row-builder.ts, candidate-rows.ts).
 */
/**
 * A balance or subtotals carried over a page break, in any language ("Übertrag", "A reporter",
 * "Report", "Riporto", "Saldo przeniesienia"), folded. Like NON_ROW, evidence only: an undated figure
 * line holding one is a candidate the figures decide (its balance is the one before the break), and a
 * payee's name ("TRANSPORT FOR LONDON") on a dated row is a row's text.
 */
export const CARRIED_LINE = new RegExp(`${W0}(?:${alternation(CARRIED_WORDS)})${W1}`);
export const PAGE_MARK = /\b(page \d+ of \d+|seite \d+ von \d+|blad \d+ van \d+|continued|fortsetzung|u(?:e)?bertrag (?:auf|von) blatt)\b/;

/** Month names and abbreviations of every language table (src/engine/lang), folded -> month. */
export const MONTHS: Record<string, number> = {};
MONTH_NAMES.forEach((names, i) => {
  for (const n of names) MONTHS[foldText(n)] ??= i + 1;
});

/** Sign suffixes printed after amounts and balances. */
export const DIR_SUFFIX: Record<string, 'dr' | 'cr'> = Object.fromEntries([
  ...DEBIT_MARK_WORDS.map((w) => [w, 'dr'] as const),
  ...CREDIT_MARK_WORDS.map((w) => [w, 'cr'] as const),
]);

/** Words that mark a credit-card statement (no running balance; purchases are unsigned). */
export const CARD_WORDS =
  /\b(credit card|card statement|creditcard|card services|minimum payment|credit limit|available credit|payment due|minimum due|kreditlimit|kreditkarte|kreditkartenabrechnung|carte de credit|tarjeta de credito|barclaycard|american express|amex)\b/;
/**
 * The terms of a card account itself (a minimum payment, a credit limit): no payee in a bank account's
 * table prints them, so they count wherever they stand, small print read into the table included.
 */
/** Words that name a bank (deposit) account, outside the table: its kind, its ids, its carried balances. */
export const BANK_ACCOUNT_WORDS =
  /\b(current account|checking|chequing|cheque account|savings|deposit account|business account|sort code|iban|girokonto|kontoauszug|sparkonto|compte courant|releve de compte|cuenta corriente|extracto de cuenta|betaalrekening|rekeningafschrift|brought forward|carried forward)\b/;
export const CARD_TERMS = /\b(minimum payment|credit limit|available credit|minimum due|kreditlimit|cardholder agreement)\b/;
