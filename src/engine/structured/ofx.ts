// OFX bank and credit-card statements (OFX 1.x SGML and 2.x XML; .ofx, .qfx and .qbo are the same
// format). One statement per STMTRS / CCSTMTRS, and a brokerage's INVSTMTRS for its cash rows (INVBANKTRAN). OFX states a closing (LEDGERBAL) but no opening, and
// a closing alone checks nothing: NO_BAL, with the ledger balance kept for the writers.
import { AppError } from '../../errors.js';
import { DEFAULT_CURRENCY } from '../currencies.js';
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

// An investment statement's list entries that are not cash movements of the account (trades, income,
// transfers of securities): not bank rows, counted so the result can say they were left out.
// (The reader takes these as leaves, not aggregates, so they are counted by exact name.)
const INVESTMENT_ENTRY =
  /^(BUY(DEBT|MF|OPT|OTHER|STOCK)|SELL(DEBT|MF|OPT|OTHER|STOCK)|INCOME|REINVEST|TRANSFER|JRNLFUND|JRNLSEC|MARGININTEREST|RETOFCAP|SPLIT|CLOSUREOPT|INVEXPENSE)$/;

/** The first error STATUS the reply carries (a bank's server error, a refused sign-on), as text. */
function errorStatus(root: OfxNode): string | null {
  for (const st of findAll(root, 'STATUS')) {
    const code = leaf(st, 'CODE');
    if (code && code !== '0' && /ERROR/i.test(leaf(st, 'SEVERITY') ?? 'ERROR')) {
      const message = leaf(st, 'MESSAGE');
      return `code ${code.slice(0, 10)}${message ? `: ${message.slice(0, 160)}` : ''}`;
    }
  }
  return null;
}

/** The statement's currency: CURDEF, else the one currency every transaction names (CURRENCY/CURSYM). */
function currencyOf(s: OfxNode, trns: OfxNode[]): string | null {
  const curdef = (leaf(s, 'CURDEF') ?? '').toUpperCase();
  if (/^[A-Z]{3}$/.test(curdef)) return curdef;
  const named = new Set(trns.map((t) => (leaf(child(t, 'CURRENCY'), 'CURSYM') ?? '').toUpperCase()));
  const [only] = named;
  return named.size === 1 && /^[A-Z]{3}$/.test(only) ? only : null;
}

export function readOfx(text: string, fallbackCurrency = DEFAULT_CURRENCY): OfxRead {
  const root = parseOfx(text);
  // A brokerage's statement (INVSTMTRS) is read for its cash movements (INVBANKTRAN) when it has any.
  const responses = [
    ...findAll(root, 'STMTRS'),
    ...findAll(root, 'CCSTMTRS'),
    ...findAll(root, 'INVSTMTRS').filter((s) => findAll(s, 'INVBANKTRAN').length),
  ].sort((a, b) => a.line - b.line);
  if (!responses.length) {
    // A well-formed file with no account statement parsed and holds no transaction table: the
    // contract's 422, not a broken file's 400. It says what the file is instead.
    const error = errorStatus(root);
    const what = error
      ? `is the bank's error reply (${error}), not a statement`
      : findAll(root, 'INVSTMTRS').length
        ? 'holds an investment statement (INVSTMTRS) with trades and holdings only, not a bank or credit-card statement (STMTRS / CCSTMTRS)'
        : 'holds no bank or credit-card statement (STMTRS / CCSTMTRS)';
    throw new AppError('no_transactions_found', `The OFX file ${what}; it has no transactions to read.`);
  }
  const warnings: Warning[] = [];
  let assumed = false;
  let trades = 0;
  const reads: StatementRead[] = responses.map((s) => {
    const card = s.name === 'CCSTMTRS';
    const investment = s.name === 'INVSTMTRS';
    // Transactions are read wherever they sit inside the statement: some banks close the list early.
    const trns = investment ? findAll(s, 'INVBANKTRAN').flatMap((b) => findAll(b, 'STMTTRN')) : findAll(s, 'STMTTRN');
    if (investment) trades += (child(s, 'INVTRANLIST')?.children ?? []).filter((c) => INVESTMENT_ENTRY.test(c.name)).length;
    let currency = currencyOf(s, trns);
    if (!currency) {
      currency = fallbackCurrency;
      assumed = true;
    }
    const from = investment ? child(s, 'INVACCTFROM') : (child(s, card ? 'CCACCTFROM' : 'BANKACCTFROM') ?? child(s, 'BANKACCTFROM') ?? child(s, 'CCACCTFROM'));
    const list = child(s, investment ? 'INVTRANLIST' : 'BANKTRANLIST');
    const read = trns.map((t) => readTransaction(t, currency));
    const ledgerNode = child(s, 'LEDGERBAL');
    const ledgerText = leaf(ledgerNode, 'BALAMT');
    const ledger = ledgerText ? signedToMinor(ledgerText.replace(/\s+/g, ''), currencyExponent(currency), 'either') : null;
    // A ledger balance that does not read (PagSeguro writes "R$ 5.326,43") leaves the rows as they are,
    // unchecked against it: the transactions themselves read.
    if (ledgerText && ledger === null) {
      warnings.push({
        code: 'rows_unverified',
        message: `Line ${ledgerNode!.line}: the ledger balance "${ledgerText.slice(0, 30)}" does not read, so the rows are not checked against it.`,
      });
    }
    const acctType = leaf(from, 'ACCTTYPE')?.toUpperCase();
    return {
      account: {
        id: leaf(from, 'ACCTID') ?? null,
        bankId: leaf(from, 'BANKID') ?? leaf(from, 'BROKERID') ?? null,
        currency,
        kind: card ? 'card' : investment ? 'other' : acctType ? (KINDS[acctType] ?? 'other') : null,
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
  if (assumed) warnings.push({ code: 'currency_assumed', message: `The OFX file names no currency (CURDEF is empty); ${fallbackCurrency} was assumed.` });
  if (trades) {
    warnings.push({
      code: 'rows_skipped',
      // Securities, not cash: the account's balances do not move with them.
      blocks: false,
      message: `${trades} investment ${trades === 1 ? 'entry (a trade, income or a transfer of securities) is' : 'entries (trades, income, transfers of securities) are'} not a cash row of the account and ${trades === 1 ? 'was' : 'were'} left out.`,
    });
  }
  return { reads, warnings };
}
