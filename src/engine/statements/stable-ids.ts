// Stable transaction ids (issue 18): the same transaction gets the same id from any statement that
// contains it, so importing overlapping statements (or the same month twice) makes no duplicates in
// Xero or QuickBooks. An id is 24 hex characters of sha256(account key, date, amount, normalised
// description, occurrence), where the account key is a salted hash of the account's identifiers (made
// by the service: src/services/account-keys.ts) and the occurrence counts earlier rows of the statement
// with the same four values (two identical coffees on one day differ). Pure: rows in, ids out.
import { createHash } from 'node:crypto';
import type { EngineResult } from '../types.js';

/**
 * The account's identifiers, normalised, as the text its salted hash is made of: printed account number
 * (or IBAN, or masked card number), bank id and currency. Null when the statement prints no account id:
 * then nothing tells its account apart and no key is made.
 */
export function accountIdentity(accountId: string | null, bankId: string | null, currency: string): string | null {
  const id = (accountId ?? '')
    .toUpperCase()
    .replace(/[^A-Z0-9*X•]/g, '')
    .replace(/[•]/g, '*');
  if (!/[0-9]{4}/.test(id)) return null;
  const bank = (bankId ?? '').toUpperCase().replace(/[^A-Z0-9]/g, '');
  return `acct:v1|${bank}|${id}|${currency.toUpperCase()}`;
}

/** The identities of the result's statements (one for a result without statements). */
export function statementIdentities(result: EngineResult): (string | null)[] {
  if (result.statements && result.statements.length) {
    return result.statements.map((s, i) => {
      const ids = result.statementIds?.[i];
      return accountIdentity(
        ids?.accountId ?? (i === 0 ? result.meta.accountId : null),
        ids?.bankId ?? (i === 0 ? result.meta.bankId : null),
        s.account.currency,
      );
    });
  }
  return [accountIdentity(result.meta.accountId, result.meta.bankId, result.meta.currency || result.transactions[0]?.Currency || '')];
}

/** Control characters and whitespace runs as one space, upper case: the description however a download wraps it. */
export const normalisedDescription = (d: string): string =>
  d
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase();

/** The id of every row, in row order; `given` (parallel, e.g. OFX FITIDs of the source file) is kept where present and unused. */
export function stableIds(
  rows: readonly { Date: string; Amount: string; Description: string }[],
  accountKey: string,
  given?: readonly (string | null)[],
): string[] {
  const seen = new Map<string, number>();
  const used = new Set<string>();
  return rows.map((t, i) => {
    const key = `${accountKey}\0${t.Date}\0${t.Amount}\0${normalisedDescription(t.Description)}`;
    const n = seen.get(key) ?? 0;
    seen.set(key, n + 1);
    const own = given?.[i]?.trim().slice(0, 255);
    if (own && !used.has(own)) {
      used.add(own);
      return own;
    }
    return createHash('sha256').update(`${key}\0${n}`).digest('hex').slice(0, 24);
  });
}

/**
 * The ids of a result's rows, statement by statement, with the account keys the service made
 * (`result.accountKeys`); a statement without a key uses `fallback` (the OFX ACCTID) as its key.
 */
export function resultIds(result: EngineResult, fallback: string): string[] {
  const list = result.statements && result.statements.length > 1 ? result.statements : null;
  if (!list) return stableIds(result.transactions, result.accountKeys?.[0] ?? fallback, result.sourceIds);
  return list.flatMap((s, i) => {
    const from = s.first_row - 1,
      to = from + s.row_count;
    return stableIds(result.transactions.slice(from, to), result.accountKeys?.[i] ?? fallback, result.sourceIds?.slice(from, to));
  });
}
