// The account's identifiers as the statement prints them: sort code, account number, IBAN, BIC, card
// number. Read from the text of the pages (PDF, fixed-width text, OCR) or from the preamble and id columns
// of an export, and kept as printed (masked where the bank masked them): the OFX/QBO writers decide how
// much of them a file shows. Pure: text in, ids out.

export interface StatementIds {
  /** Account number, IBAN or (masked) card number, as printed; null when none is printed. */
  accountId: string | null;
  /** Sort code (`20-00-00`), BIC or national bank code, as printed; null when none is printed. */
  bankId: string | null;
}

/** Only the first pages carry the account's ids; later text is transactions. */
const TEXT_MAX = 20_000;

// IBAN lengths by country (ISO 13616 registry), for the countries UK statements meet; others 15..34.
const IBAN_LENGTH: Record<string, number> = {
  GB: 22,
  IE: 22,
  DE: 22,
  FR: 27,
  NL: 18,
  BE: 16,
  LU: 20,
  ES: 24,
  IT: 27,
  PT: 25,
  AT: 20,
  CH: 21,
  DK: 18,
  SE: 24,
  NO: 15,
  FI: 18,
  PL: 28,
  CZ: 24,
  HU: 28,
  GR: 27,
  MT: 31,
  CY: 28,
  EE: 20,
  LT: 20,
  LV: 21,
  GI: 23,
  IM: 22,
  JE: 22,
  GG: 22,
};

const IBAN_RE = /\b([A-Z]{2}\d{2}(?:[ ]?[A-Z0-9]{4}){2,7}(?:[ ]?[A-Z0-9]{1,3})?)\b/g;
const SEP = '[-\\s\\u00ad.]?';
const SORT_LABELLED = new RegExp(`sort\\s*-?\\s*code\\s*(?:no\\.?|number)?\\s*[:.]?\\s*'?(\\d{2})${SEP}(\\d{2})${SEP}(\\d{2})(?!\\d)`, 'i');
/** "20-00-00 12345678": a sort code followed by an 8-digit account number (Barclays' "Account" column). */
const SORT_AND_ACCOUNT = /(?<![\d-])'?(\d{2})-(\d{2})-(\d{2})\s+(\d{8})(?!\d)/;
const ACCOUNT_LABELLED =
  /\b(?:account\s*(?:number|no\.?|num(?:ber)?)|a\/c\s*(?:no\.?|number)?|acc(?:t)?\.?\s*no\.?)\s*[:.]?\s*'?([*X•\d][*X•\d -]{2,24}\d)(?![\d])/i;
/**
 * "Account 12345678", "Account: 0012345678": the word alone before 6 to 12 digits (UK numbers are 8, some
 * building societies' 10). A transfer's "TO ACCOUNT 12345678" names another account and is not read.
 */
const ACCOUNT_BARE = /(?<!\b(?:to|from|into|other|payee)\s{1,3})\baccount\s*[:#]?\s*'?(\d{6,12})(?![\d-])/i;
/** A masked number next to an account or card word ("Account Name: Foo current ****12345"). */
const MASKED_NEAR_LABEL = /\b(?:account|card|acct)\b[^\n\d*•]{0,40}?([*X•]{2,}[ -]?\d{3,6})(?!\d)/i;
const CARD_LABELLED = /\b(?:card\s*(?:number|no\.?|ending(?:\s*in)?)|account\s*ending(?:\s*in)?|ending\s*in)\s*[:.]?\s*([*X•\d][*X•\d -]{2,24}\d)(?!\d)/i;
const BIC_LABELLED = /\b(?:BIC|SWIFT(?:\s*code)?|SWIFT\s*\/\s*BIC|BIC\s*\/\s*SWIFT|SWIFTBIC)\s*[:.]?\s*([A-Z]{4}[A-Z]{2}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\b/;

/** ISO 7064 mod-97 check of an IBAN without spaces. */
export function ibanValid(iban: string): boolean {
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  const want = IBAN_LENGTH[iban.slice(0, 2)];
  if (want ? iban.length !== want : iban.length < 15 || iban.length > 34) return false;
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

function firstIban(text: string): string | null {
  for (const m of text.matchAll(IBAN_RE)) {
    const iban = m[1].replace(/ /g, '');
    if (ibanValid(iban)) return iban;
  }
  return null;
}

const sortCode = (a: string, b: string, c: string) => `${a}-${b}-${c}`;
const clean = (s: string) => s.replace(/\s+/g, ' ').trim();

export function readStatementIds(pageText: string): StatementIds {
  const text = pageText.slice(0, TEXT_MAX);
  const iban = firstIban(text);
  const labelledSort = SORT_LABELLED.exec(text);
  const pair = SORT_AND_ACCOUNT.exec(text);
  const account = ACCOUNT_LABELLED.exec(text);
  const bare = ACCOUNT_BARE.exec(text);
  const masked = MASKED_NEAR_LABEL.exec(text);
  const card = CARD_LABELLED.exec(text);
  const bic = BIC_LABELLED.exec(text);
  // A UK or Irish IBAN holds the sort code and the account number (GBkk BANK SSSSSS AAAAAAAA).
  const ukIban = iban && (iban.startsWith('GB') || iban.startsWith('IE')) ? iban : null;

  let bankId: string | null = null;
  if (labelledSort) bankId = sortCode(labelledSort[1], labelledSort[2], labelledSort[3]);
  else if (pair) bankId = sortCode(pair[1], pair[2], pair[3]);
  else if (ukIban) bankId = sortCode(ukIban.slice(8, 10), ukIban.slice(10, 12), ukIban.slice(12, 14));
  else if (bic) bankId = bic[1];

  let accountId: string | null = null;
  const accountDigits = account ? account[1].replace(/[\s-]/g, '') : '';
  if (account && /\d{4}/.test(accountDigits)) accountId = clean(account[1]);
  else if (pair) accountId = pair[4];
  else if (bare) accountId = bare[1];
  else if (card) accountId = clean(card[1]);
  else if (ukIban) accountId = ukIban.slice(14);
  else if (iban) accountId = iban;
  else if (masked) accountId = clean(masked[1]);
  return { accountId, bankId };
}

/** Normalised header words of the columns that hold the account's ids in an export. */
const ID_COLUMN =
  /^(sort code|sortcode|account|account number|account no|acc no|account id|iban|bic|swift|swift code|card number|card no|card last four digits|card ending)$/;

/** True for the normalised header of a column that holds the account's ids ("sort code", "account number", "iban"). */
export const isIdColumn = (normalisedHeader: string): boolean => ID_COLUMN.test(normalisedHeader);

/**
 * The id columns of an export ("Sort Code", "Account Number", Barclays' "Account") as labelled text for
 * readStatementIds, when every row holds the same value (one account). `headers` are the header cells,
 * `rows` the body's cells.
 */
export function labelledIdText(headers: readonly string[], rows: readonly (readonly string[])[], norm: (h: string) => string): string {
  const out: string[] = [];
  headers.forEach((h, i) => {
    const key = norm(h);
    if (!ID_COLUMN.test(key)) return;
    const values = new Set<string>();
    for (const r of rows.slice(0, 500)) {
      const v = (r[i] ?? '').trim();
      if (v) values.add(v);
      if (values.size > 1) return;
    }
    const [v] = values;
    if (!v) return;
    const label = key === 'account' ? 'Account' : key.startsWith('card last') || key === 'card ending' ? 'Card ending' : h;
    out.push(`${label}: ${v}`);
  });
  return out.join('\n');
}
