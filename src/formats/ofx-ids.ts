// Identifiers OFX needs and bank statements do not always print: BANKID (A-9), ACCTID (A-22) and one
// FITID per transaction. Importers bind a file to an account by BANKID+ACCTID and drop transactions whose
// FITID they have already seen, so every value here is derived deterministically from the statement:
// the same statement exported twice gives the same ids, and two rows never share one.
import { createHash } from 'node:crypto';
import { resultIds } from '../engine/statements/stable-ids.js';
import type { EngineResult } from '../engine/types.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Hex digest turned into `n` decimal digits, for placeholders that must look like bank numbers. */
const digitsOf = (text: string, n: number) => (BigInt(`0x${sha256(text)}`) % 10n ** BigInt(n)).toString().padStart(n, '0');

/**
 * BANKID: the printed sort code / routing number reduced to its digits when they fit 9 characters,
 * else the printed id itself when it is at most 9 letters and digits (an 8-letter BIC; an 11-letter
 * BIC without its 3-letter branch code), else a stable 9-digit placeholder derived from what was printed
 * (or from the bank's id when nothing was).
 */
export function ofxBankId(result: EngineResult): string {
  const printed = result.meta.bankId?.trim() ?? '';
  const digits = printed.replace(/\D/g, '');
  if (digits.length >= 1 && digits.length <= 9 && !/[A-Za-z]/.test(printed)) return digits;
  const alnum = printed.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  if (alnum.length >= 1 && alnum.length <= 9) return alnum;
  if (/^[A-Z]{6}[A-Z0-9]{5}$/.test(alnum)) return alnum.slice(0, 8);
  return digitsOf(`bankid\0${printed || result.bank}`, 9);
}

/** Characters of an account id a file shows; the rest become X (a card number's last four, as card issuers print). */
const VISIBLE = 4;

/** The printed account or card number with all but its last four characters as X ("12345678" -> "XXXX5678"). */
export function maskAccountId(compact: string): string {
  const visible = compact.slice(-VISIBLE);
  return 'X'.repeat(Math.max(VISIBLE, compact.length - VISIBLE)) + visible;
}

/**
 * ACCTID: the printed account number, IBAN or card number without spaces and dashes, masked to its last
 * four characters (`XXXX5678`; OFX allows any A-22 text here, and the bank id plus the last four tell
 * accounts apart in an importer as card issuers' own files do); at most 22 characters. With no printed
 * number, a stable placeholder `LL` + 20 hex characters from bank, currency and account type: every such
 * statement of one bank and currency then lands in the same account of the importer, which is what
 * re-imports need.
 */
export function ofxAccountId(result: EngineResult, currency: string): string {
  const printed = (result.meta.accountId ?? '')
    .replace(/[\s-]+/g, '')
    .toUpperCase()
    .replace(/[^A-Z0-9*X•]/g, '');
  if (/[A-Z0-9]/.test(printed)) {
    const masked = maskAccountId(printed);
    return masked.length > 22 ? masked.slice(-22) : masked;
  }
  return `LL${sha256(`acctid\0${result.bank}\0${currency}\0${result.meta.accountType}`).slice(0, 20).toUpperCase()}`;
}

/**
 * FITIDs in row order: the stable ids of src/engine/statements/stable-ids.ts (24 hex characters of
 * sha256(account key, date, amount, normalised description, occurrence among identical rows)), keyed by
 * the salted account hash the service made, or by `accountId` (the ACCTID) where there is none (the CLI).
 * Identical same-day rows therefore differ, and adding rows of other days never changes an existing id.
 * The ids the source file gave its rows (an OFX download's FITIDs) are kept, so re-importing the same
 * download dedupes in the bank feed; a repeated one (some banks repeat them) falls back to ours.
 */
export function fitIds(result: EngineResult, accountId: string): string[] {
  return resultIds(result, accountId);
}
