// The words the layout stage recognises: column headers, anchors, month names, sign suffixes.
// English first (UK banks), then German, Dutch, French and Spanish. Data only.
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

/**
 * Header cell text -> role. Tested in order; the first match wins. Cell text is folded, parentheses
 * removed. A new date or value-date label must contain a part of DATE_LABEL_PART (header-detect.ts).
 */
export const HEADER_ROLES: [ColumnRole, RegExp][] = [
  ['foreign', /(vreemde valuta|foreign|original amount|fremdwahrung|devise|moneda extranjera|in vreemde)/],
  [
    'valuedate',
    /^(value date|value|valuta|wert|wertstellung|valutadatum|date de valeur|date valeur|valeur|fecha valor|f\.? ?valor\.?|datum boeking|posting date|post date|date posted|boekingsdatum|rentedatum|rente datum|process date|processed|date processed|processing date|settlement date|posted date)$/,
  ],
  [
    'date',
    /^(date|datum|dates|date compta|date comptable|transaction date|trans date|trans\. date|txn date|posted|buchung|buchungstag|buchungsdatum|tag|fecha|fecha operacion|date operation|date operation|datum transactie|transactiedatum|completed date|day|date of transaction|received|received by us|date received|verbucht am|verbuchungsdatum|verbucht|einkaufs-?datum|kaufdatum|transaktionsdatum|belegdatum|umsatzdatum|umsatztag|date de reservation|f\.? ?oper\.?|f\.? ?operacion|date d.operation|bu\.tag|bu\. tag|bu tag|date paid)$/,
  ],
  ['type', /^(type|transaction type|trans type|tran type|pay type|payment type|code|tx type|typ|art|soort|mutatiesoort)$/],
  [
    'reference',
    /^(reference|ref|ref\.|chq\/ref number|cheque number|cheque no|cheque|chq no|referenz|kenmerk|referencia|reference no|ref no|reference number|chq\/ref|cheque\/ref|transaction id|transaction no|card used|card no|card number|(?:ref|chq|cheque)\.? ?(?:no\.?|number)? ?\/ ?(?:ref|chq|cheque)\.? ?(?:no\.?|number)?)$/,
  ],
  [
    'debit',
    /^(money out|paid out|withdrawn|withdrawals?|debits?|debit amount|out|payments out|outgoings|money out £|soll|ausgang|lastschrift|belastung|af|debet|bedrag af|bedrag af ?debet|uitgaven|debit \/ retrait|retraits?|cargos?|retiros?|dr|payments|spent)$/,
  ],
  [
    'credit',
    /^(money in|paid in|deposits?|credits?|credit amount|in|payments in|receipts|incomings|haben|eingang|gutschrift|bij|bedrag bij|bedrag bij ?credit|credit \/ depot|depots?|abonos?|ingresos?|cr|received amount)$/,
  ],
  ['balance', /^(balance|running balance|saldo|kontostand|solde|balance £|closing balance|account balance|ledger balance|available balance|saldo actual)$/],
  [
    'amount',
    /^(amount|betrag|bedrag|bedrag in euro's|bedrag in euros|montant|importe|value|umsatz|sum|amount gbp|transaction amount|betrag eur|amount \/ currency)$/,
  ],
  [
    'description',
    /(description|details|narrative|particulars|memo|payee|buchungstext|verwendungszweck|vorgang|omschrijving|libelle|concepto|descripcion|transaction$|transactions$|merchant|information|beschreibung|naam|name|wir haben fur sie gebucht)/,
  ],
];

/**
 * A table's title naming the one way its figures go ("Deposits and additions", "Checks paid", "Other
 * withdrawals, fees & charges"), folded; a card named by its kind ("debit card") names no direction.
 */
export const TITLE_MONEY_IN = /\b(deposits?|additions|credits?|money in|paid in|receipts)\b/;
export const TITLE_MONEY_OUT = /\b(withdrawals?|subtractions|debits?|money out|paid out|checks|cheques|charges|fees|purchases)\b/;
export const TITLE_NO_DIRECTION = /\b(credit|debit|check|cheque) cards?\b/g;

/** Anchor phrases (folded). Checked on whole lines; the amount on the line or just below is the value. */
export const ANCHOR_PHRASES: [AnchorKind, RegExp][] = [
  [
    'opening',
    /\b(saldovortrag|saldo (?:der )?letzten? abrechnung|saldo (?:aus )?vormonat|vorheriger saldo|last month'?s balance|balance (?:from |of )?previous statement|previous statement balance|outstanding balance from previous statement|balance brought forward|brought forward|balance forward|b\/f|bf balance|opening balance|start(ing)? balance|balance at start|beginning balance|previous balance|balance from (?:previous )?statement|last statement balance|balance on last statement|alter saldo|alter kontostand|saldo vorher|anfangssaldo|vorig openstaand saldo|beginsaldo|oud saldo|vorig saldo|solde precedent|ancien solde|solde initial|solde au|saldo anterior|saldo inicial)\b/,
  ],
  [
    'closing',
    /\b(aktueller saldo|total outstanding balance|current balance due|total amount due|balance carried forward|carried forward|c\/f|closing balance|end balance|ending balance|balance at end|new balance|neuer saldo|neuer kontostand|endsaldo|nieuw openstaand saldo|nieuw saldo|eindsaldo|nouveau solde|solde final|saldo final|statement balance)\b/,
  ],
  // A balance named by its date; whether it opens or closes the statement follows from that date.
  [
    'dated',
    /\b(saldo (?:per|am|vom|zum|al)|kontostand (?:am|per|vom|zum)|balance (?:on|at|as at|as of|at close of business)|solde (?:crediteur|debiteur) au)\s+\d/,
  ],
  [
    'total_in',
    /\b(total money in|total paid in|total credits|total deposits|(?:credits?|credit\(s\)|deposits?) this (?:period|statement|cycle)|total receipts|total payments in|payments in total|summe zahlungseingange|summe gutschriften|summe haben|totaal ontvangen betalingen|total des credits|total des mouvements crediteurs|total abonos)\b/,
  ],
  // One label over both figure columns ("TOTAL DES MOUVEMENTS  13 478,50  15 694,64"): the column each
  // figure stands in names its way (see COLUMN_TOTALS).
  ['total_out', /\btotal des mouvements\b(?! (?:debiteurs|crediteurs))/],
  [
    'total_out',
    /\b(total money out|total paid out|total debits|total withdrawals|(?:debits?|debit\(s\)|withdrawals?) this (?:period|statement|cycle)|total payments out|summe zahlungsausgange|summe lastschriften|summe soll|totaal nieuwe uitgaven|total des debits|total des mouvements debiteurs|total cargos)\b/,
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

/** A totals label standing over a table's money out and money in columns alike. */
export const COLUMN_TOTALS = /^total des mouvements$/;

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
export const PAGE_MARK = /\b(page \d+ of \d+|seite \d+ von \d+|blad \d+ van \d+|continued|fortsetzung|u(?:e)?bertrag (?:auf|von) blatt)\b/;

export const MONTHS: Record<string, number> = {};
const MONTH_NAMES: string[][] = [
  ['jan', 'january', 'januar', 'januari', 'janvier', 'janv', 'enero', 'ene', 'jänner', 'janner'],
  ['feb', 'february', 'februar', 'februari', 'fevrier', 'fevr', 'febrero', 'fev'],
  ['mar', 'march', 'marz', 'mrz', 'maart', 'mrt', 'mars', 'marzo', 'maerz'],
  ['apr', 'april', 'avril', 'avr', 'abril', 'abr'],
  ['may', 'mai', 'mei', 'mayo'],
  ['jun', 'june', 'juni', 'juin', 'junio'],
  ['jul', 'july', 'juli', 'juillet', 'juil', 'julio'],
  ['aug', 'august', 'augustus', 'aout', 'agosto', 'ago'],
  ['sep', 'sept', 'september', 'septembre', 'septiembre', 'set'],
  ['oct', 'october', 'okt', 'oktober', 'octobre', 'octubre'],
  ['nov', 'november', 'novembre', 'noviembre'],
  ['dec', 'december', 'dez', 'dezember', 'decembre', 'dic', 'diciembre'],
];
MONTH_NAMES.forEach((names, i) => {
  for (const n of names) MONTHS[n] = i + 1;
});

/** Sign suffixes printed after amounts and balances. */
export const DIR_SUFFIX: Record<string, 'dr' | 'cr'> = {
  cr: 'cr',
  c: 'cr',
  bij: 'cr',
  h: 'cr',
  credit: 'cr',
  '+': 'cr',
  dr: 'dr',
  d: 'dr',
  od: 'dr',
  af: 'dr',
  s: 'dr',
  debit: 'dr',
  '-': 'dr',
};

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
