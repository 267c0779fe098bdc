// A card export printed from the issuer's side: purchases as plain positive figures, the holder's
// payment to the card as a negative one ("PAYMENT RECEIVED - THANK YOU", Aqua, Capital One, MBNA). Read
// from the holder's side, every figure turns. Decided only where no balance can decide it.
import type { ReadRow } from './read-row.js';
import { textParts } from './cell-text.js';

// A payment to the card, in the words card issuers print on it (never a current account's own entry:
// money received there is a credit, printed positive).
// A merchant's own "thank you" ("EDEKA SAGT DANKE") is no such payment: the words name the payment.
const PAYMENT_TO_CARD = /\b(payments? received|payment\W+thank you|thank you for your payment|zahlung erhalten|zahlungseingang|paiement recu)\b/i;

/**
 * True when the rows print the issuer's side: a payment to the card (one at least) is printed negative,
 * and positive purchases (one at least) are twice the other negative rows at least (refunds: Aqua prints a
 * refund negative beside its "PAYMENT RECEIVED - THANK YOU"). On the holder's side the payment is the
 * positive row, so no negative one names it.
 */
export function printsIssuerSide(rows: readonly ReadRow[]): boolean {
  let payments = 0,
    positive = 0,
    otherNegative = 0;
  for (const r of rows) {
    if (r.signFrom !== 'amount') return false;
    if (r.amount > 0n) positive++;
    else if (PAYMENT_TO_CARD.test(textParts(r.description).join(' '))) payments++;
    else otherNegative++;
  }
  return payments > 0 && positive >= 2 * otherNegative;
}

// The export names a credit card above its table or in its header (a card number, a card's usage amount):
// a cash card (キャッシュカード) is a bank account's.
const CARD_NAMED =
  /(credit card|card statement|creditcard|card member|cardmember|kreditkarte|carte de credit|carte de crédit|tarjeta de credito|tarjeta de crédito|信用卡|クレジット|(?<!キャッシュ)カード|卡号|卡末四位|利用金額|ご利用額|ご利用金額)/i;

// A card number with all but its last four digits masked ("**** 1234", "XXXX XXXX XXXX 1234").
const MASKED_CARD = /^(?:[*xX•]{4}[\s-]?){1,3}\d{4}$/;
const CARD_WORD = /\b(card|karte|carte|tarjeta|carta)\b/i;

/**
 * True when a column headed by a card word holds nothing but masked card numbers ("Card Used For
 * Transaction": "**** 1234"): the export lists a card's transactions, and names the card as its title would.
 */
export function maskedCardColumn(headers: readonly string[], body: readonly { cells: readonly string[] }[]): boolean {
  return headers.some((h, i) => {
    if (!CARD_WORD.test(h)) return false;
    let seen = 0;
    for (const r of body.slice(0, 200)) {
      const v = (r.cells[i] ?? '').trim();
      if (!v) continue;
      if (!MASKED_CARD.test(v)) return false;
      seen++;
    }
    return seen > 0;
  });
}

/**
 * True when an export that names a credit card (or lists a masked card's transactions) prints most of its
 * rows positive: on a card those are the purchases, printed from the issuer's side (a card printed from the
 * holder's side prints them negative).
 */
export function namedCardIssuerSide(rows: readonly ReadRow[], named: string, cardColumn = false): boolean {
  if (!cardColumn && !CARD_NAMED.test(named)) return false;
  let positive = 0,
    negative = 0;
  for (const r of rows) {
    if (r.signFrom !== 'amount') return false;
    if (r.amount > 0n) positive++;
    else if (r.amount < 0n) negative++;
  }
  return positive > negative;
}
