// OFX bank and credit-card statements (OFX 1.x SGML and 2.x XML; .ofx, .qfx and .qbo are the same
// format). One statement per STMTRS / CCSTMTRS. OFX states a closing (LEDGERBAL) but no opening, and
// a closing alone checks nothing: NO_BAL, with the ledger balance kept for the writers.
import { AppError } from '../../errors.js';
import { currencyExponent } from '../money.js';
import type { DraftRow } from '../reconcile.js';
import type { Warning } from '../types.js';
import type { StatementRead } from './assemble.js';
import { nameAndMemo } from './text-parts.js';
import { broken, dayOf, signedToMinor } from './figures.js';
import { child, findAll, leaf, parseOfx, type OfxNode } from './ofx-sgml.js';

const KINDS: Record<string, string> = { CHECKING: 'current', SAVINGS: 'savings', MONEYMRKT: 'savings', CD: 'savings', CREDITLINE: 'loan' };

/** "20230228050000.000[-5:EST]" -> "2023-02-28" (the date as written; the time and zone do not move it). */
function ofxDate(text: string | undefined, line: number, what: string): string | null {
  if (!text) return null;
  const m = /^\s*(\d{4})(\d{2})(\d{2})/.exec(text);
  const d = m ? dayOf(+m[1], +m[2], +m[3]) : null;
  if (!d) throw broken('OFX', `line ${line}: ${what} "${text.slice(0, 30)}" is not a date.`);
  return d;
}

function readTransaction(t: OfxNode, currency: string): { row: DraftRow; id: string | null } {
  const exp = currencyExponent(currency);
  const amountText = leaf(t, 'TRNAMT');
  if (!amountText) throw broken('OFX', `line ${t.line}: a transaction (STMTTRN) has no TRNAMT.`);
  const amount = signedToMinor(amountText.replace(/\s+/g, ''), exp, 'either');
  if (amount === null) throw broken('OFX', `line ${t.line}: the amount "${amountText.slice(0, 30)}" does not read.`);
  const date = ofxDate(leaf(t, 'DTPOSTED') ?? leaf(t, 'DTUSER'), t.line, 'DTPOSTED');
  if (!date) throw broken('OFX', `line ${t.line}: a transaction (STMTTRN) has no DTPOSTED.`);
  const name = leaf(t, 'NAME') ?? leaf(child(t, 'PAYEE'), 'NAME') ?? '';
  const memo = leaf(t, 'MEMO') ?? '';
  const description = nameAndMemo(name, memo);
  const reference = leaf(t, 'CHECKNUM') ?? leaf(t, 'REFNUM') ?? '';
  // CURRENCY/ORIGCURRENCY name the currency a payment was made in; TRNAMT is still in the account's.
  const row: DraftRow = {
    date,
    description: description.length ? description : [leaf(t, 'TRNTYPE') ?? ''],
    reference,
    amount,
    provenance: { page: 1, lines: [t.line] },
  };
  return { row, id: leaf(t, 'FITID') ?? null };
}

export interface OfxRead {
  reads: StatementRead[];
  warnings: Warning[];
}

export function readOfx(text: string): OfxRead {
  const root = parseOfx(text);
  const responses = [...findAll(root, 'STMTRS'), ...findAll(root, 'CCSTMTRS')].sort((a, b) => a.line - b.line);
  if (!responses.length) {
    // A well-formed file of another kind (a brokerage's INVSTMTRS: trades and holdings, no running
    // account) parsed and holds no transaction table: the contract's 422, not a broken file's 400.
    if (findAll(root, 'INVSTMTRS').length) {
      throw new AppError(
        'no_transactions_found',
        'The OFX file holds an investment statement (INVSTMTRS), not a bank or credit-card statement (STMTRS / CCSTMTRS); it has no transactions to read.',
      );
    }
    throw broken('OFX', 'it holds no bank or credit-card statement (STMTRS / CCSTMTRS).');
  }
  const warnings: Warning[] = [];
  const reads: StatementRead[] = responses.map((s) => {
    const card = s.name === 'CCSTMTRS';
    const currency = (leaf(s, 'CURDEF') ?? '').toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) throw broken('OFX', `line ${s.line}: the statement has no CURDEF currency.`);
    const from = child(s, card ? 'CCACCTFROM' : 'BANKACCTFROM') ?? child(s, 'BANKACCTFROM') ?? child(s, 'CCACCTFROM');
    const list = child(s, 'BANKTRANLIST');
    // Transactions are read wherever they sit inside the statement: some banks close the list early.
    const trns = findAll(s, 'STMTTRN');
    const read = trns.map((t) => readTransaction(t, currency));
    const ledgerNode = child(s, 'LEDGERBAL');
    const ledgerText = leaf(ledgerNode, 'BALAMT');
    const ledger = ledgerText ? signedToMinor(ledgerText.replace(/\s+/g, ''), currencyExponent(currency), 'either') : null;
    if (ledgerText && ledger === null) throw broken('OFX', `line ${ledgerNode!.line}: the ledger balance "${ledgerText.slice(0, 30)}" does not read.`);
    const acctType = leaf(from, 'ACCTTYPE')?.toUpperCase();
    return {
      account: {
        id: leaf(from, 'ACCTID') ?? null,
        bankId: leaf(from, 'BANKID') ?? null,
        currency,
        kind: card ? 'card' : acctType ? (KINDS[acctType] ?? 'other') : null,
      },
      segments: [
        {
          rows: read.map((r) => r.row),
          ids: read.map((r) => r.id),
          opening: null,
          closing: null,
          ledger,
          from: ofxDate(leaf(list, 'DTSTART'), list?.line ?? s.line, 'DTSTART'),
          to: ofxDate(leaf(list, 'DTEND'), list?.line ?? s.line, 'DTEND'),
        },
      ],
    };
  });
  return { reads, warnings };
}
