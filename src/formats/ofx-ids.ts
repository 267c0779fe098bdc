// Identifiers OFX needs and bank statements do not always print: BANKID (A-9), ACCTID (A-22) and one
// FITID per transaction. Importers bind a file to an account by BANKID+ACCTID and drop transactions whose
// FITID they have already seen, so every value here is derived deterministically from the statement:
// the same statement exported twice gives the same ids, and two rows never share one.
import { createHash } from 'node:crypto';
import type { EngineResult, Transaction } from '../engine/types.js';
import { oneLine } from './text-clean.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Hex digest turned into `n` decimal digits, for placeholders that must look like bank numbers. */
const digitsOf = (text: string, n: number) => (BigInt(`0x${sha256(text)}`) % 10n ** BigInt(n)).toString().padStart(n, '0');

/**
 * BANKID: the printed sort code / routing number reduced to its digits when they fit 9 characters,
 * else the printed id itself when it is at most 9 letters and digits (an 8-letter BIC), else a stable
 * 9-digit placeholder derived from what was printed (or from the bank's id when nothing was).
 */
export function ofxBankId(result: EngineResult): string {
  const printed = result.meta.bankId?.trim() ?? '';
  const digits = printed.replace(/\D/g, '');
  if (digits.length >= 1 && digits.length <= 9 && !/[A-Za-z]/.test(printed)) return digits;
  const alnum = printed.replace(/[^A-Za-z0-9]/g, '').toUpperCase();
  if (alnum.length >= 1 && alnum.length <= 9) return alnum;
  return digitsOf(`bankid\0${printed || result.bank}`, 9);
}

/**
 * ACCTID: the printed account number or IBAN without spaces and dashes; when longer than 22 characters
 * its last 22 (an IBAN ends with the account number). With no printed number, a stable placeholder
 * `LL` + 20 hex characters from bank, currency and account type: every such statement of one bank and
 * currency then lands in the same account of the importer, which is what re-imports need.
 */
export function ofxAccountId(result: EngineResult, currency: string): string {
  const printed = (result.meta.accountId ?? '').replace(/[\s-]+/g, '').toUpperCase();
  if (printed) return printed.length > 22 ? printed.slice(-22) : printed;
  return `LL${sha256(`acctid\0${result.bank}\0${currency}\0${result.meta.accountType}`).slice(0, 20).toUpperCase()}`;
}

const normalised = (description: string) => oneLine(description).toUpperCase().replace(/\s+/g, ' ');

/**
 * FITIDs in row order: 24 hex characters of sha256(account, date, amount, normalised description,
 * occurrence), where occurrence counts earlier rows with the same four values. Identical same-day rows
 * therefore differ (`…, 0` and `…, 1`), and adding rows of other days never changes an existing id.
 */
export function* fitIds(transactions: Transaction[], accountId: string): Iterable<string> {
  const seen = new Map<string, number>();
  for (const t of transactions) {
    const key = `${accountId}\0${t.Date}\0${t.Amount}\0${normalised(t.Description)}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    yield sha256(`${key}\0${n}`).slice(0, 24);
  }
}
