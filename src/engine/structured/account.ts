// What a structured file says about an account, reduced to what a result may show: a masked IBAN, the
// last four characters of the number, a UK sort code. The full number stays in meta.accountId only,
// where the OFX/QBO writers need it for ACCTID (it is never stored: conversions keep metadata only).
import type { StatementAccount } from '../types.js';

export interface AccountFacts {
  /** Account number or IBAN as the file states it. */
  id?: string | null;
  /** IBAN when the file names one as such (camt IBAN element) or the id reads as one. */
  iban?: string | null;
  /** Sort code / routing number / BIC / bank id as stated. */
  bankId?: string | null;
  name?: string | null;
  currency: string;
  kind?: string | null;
}

const IBAN = /^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/;

/** ISO 13616 check (mod 97 of the rearranged digits), so an account number is never taken for an IBAN. */
export function isIban(text: string): boolean {
  const s = text.replace(/\s+/g, '').toUpperCase();
  if (!IBAN.test(s)) return false;
  const moved = s.slice(4) + s.slice(0, 4);
  let rem = 0;
  for (const ch of moved) {
    const v = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const dgt of v) rem = (rem * 10 + (dgt.charCodeAt(0) - 48)) % 97;
  }
  return rem === 1;
}

export const maskIban = (iban: string): string => {
  const s = iban.replace(/\s+/g, '').toUpperCase();
  return s.slice(0, 4) + '*'.repeat(Math.max(0, s.length - 8)) + s.slice(-4);
};

const fmtSort = (d: string) => `${d.slice(0, 2)}-${d.slice(2, 4)}-${d.slice(4, 6)}`;

export function accountOf(f: AccountFacts): StatementAccount {
  const id = (f.id ?? '').replace(/\s+/g, '');
  const iban = f.iban ? f.iban.replace(/\s+/g, '').toUpperCase() : isIban(id) ? id.toUpperCase() : null;
  let sort: string | null = null;
  // A GB IBAN: GBkk BANK SSSSSS AAAAAAAA.
  if (iban && /^GB\d{2}[A-Z]{4}\d{14}$/.test(iban)) sort = fmtSort(iban.slice(8, 14));
  else {
    const bankDigits = (f.bankId ?? '').replace(/[\s-]/g, '');
    if (/^\d{6}$/.test(bankDigits) && f.currency.toUpperCase() === 'GBP') sort = fmtSort(bankDigits);
    // UK exports also write "sort code + account" as one 14-digit id.
    else if (/^\d{6}[\s-]?\d{8}$/.test((f.id ?? '').trim()) && f.currency.toUpperCase() === 'GBP') sort = fmtSort(id.slice(0, 6));
  }
  const alnum = (iban ?? id).replace(/[^A-Za-z0-9]/g, '');
  return {
    name: f.name?.trim() || null,
    sort_code: sort,
    number_last4: alnum.length >= 4 ? alnum.slice(-4) : alnum || null,
    iban_masked: iban ? maskIban(iban) : null,
    currency: f.currency.toUpperCase(),
    kind: f.kind ?? null,
  };
}
