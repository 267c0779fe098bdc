// One OFX bank or credit-card statement response, shared by the OFX 2.x XML writer and the QuickBooks
// Web Connect (OFX 1.0.2 SGML) writer. The two differ only in the header, whether leaf elements are
// closed, the byte encoding and the Intuit extension; the element order follows the OFX spec (§11.4)
// as ofxtools models it.
import type { EngineResult, Transaction } from '../engine/types.js';
import type { Encode } from './byte-chunks.js';
import { toChunks } from './byte-chunks.js';
import { ofxInstant, ofxNoon, parseDmy } from './date-render.js';
import { plain } from './decimal.js';
import { fitIds, ofxAccountId, ofxBankId } from './ofx-ids.js';
import { singleCurrency } from './single-currency.js';
import { payeesFor } from './payees.js';
import { ledgerBalance, statementSpan } from './statement-facts.js';
import { cut, cutWords, oneLine, xmlEscape, xmlSafe } from './text-clean.js';

const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
import type { WriteContext } from './types.js';

export interface OfxFlavour {
  /** 'xml': every element closed (OFX 2.x); 'sgml': leaf elements left open (OFX 1.0.2). */
  dialect: 'xml' | 'sgml';
  /** Everything before `<OFX>`, line breaks included. */
  header: string;
  encode: Encode;
  /** Applied to every text value before escaping (QBO reduces it to Windows-1252). */
  text?: (value: string) => string;
  /** FI aggregate; written when set. */
  fi?: { org: string; fid?: string };
  /** Intuit bank id, written after FI inside SONRS. */
  intuBid?: string;
}

const EOL = '\r\n';
// OFX field sizes: NAME A-32, MEMO A-255, REFNUM A-32, FI/ORG and FID A-32.
const NAME_MAX = 32;
const MEMO_MAX = 255;
const REFNUM_MAX = 32;

/**
 * Text of an OFX element: one line, no control characters, `&<>` escaped. Every value goes through
 * this, options and statement ids included: `ofx_org` / `ofx_fid` put CR/LF into files and an account
 * id put control characters into the XML.
 */
function makeLeaf(f: OfxFlavour) {
  const clean = f.text ?? ((v: string) => v);
  return (tag: string, value: string): string => {
    // An id keeps its spacing as given (a bank's FITID "04079       BD2B" must come back the same, or
    // a re-import no longer dedupes); only control characters are taken out of it.
    const one = tag === 'FITID' ? xmlSafe(value).replace(CONTROL, '') : oneLine(xmlSafe(value));
    const v = xmlEscape(clean(one));
    return f.dialect === 'xml' ? `<${tag}>${v}</${tag}>${EOL}` : `<${tag}>${v}${EOL}`;
  };
}

const statusLines = (leaf: (t: string, v: string) => string) => `<STATUS>${EOL}${leaf('CODE', '0')}${leaf('SEVERITY', 'INFO')}</STATUS>${EOL}`;

function transaction(leaf: (t: string, v: string) => string, t: Transaction, fitid: string, payee: string): string {
  const text = oneLine(t.Description);
  // NAME is the counterparty (src/engine/payees/), which importers match payees on; MEMO the full text.
  const name = cutWords(oneLine(payee), NAME_MAX) || cutWords(text, NAME_MAX);
  const ref = cut(oneLine(t.Reference), REFNUM_MAX);
  // Empty optional elements are left out: QuickBooks rejects blank fields (gist jotto/661608).
  return (
    `<STMTTRN>${EOL}` +
    leaf('TRNTYPE', t.Type === 'debit' ? 'DEBIT' : 'CREDIT') +
    leaf('DTPOSTED', ofxNoon(parseDmy(t.Date))) +
    leaf('TRNAMT', plain(t.Amount)) +
    leaf('FITID', fitid) +
    (ref ? leaf('REFNUM', ref) : '') +
    (name ? leaf('NAME', name) : '') +
    // MEMO whenever the statement's text says more than NAME, so nothing printed is lost.
    (text !== name ? leaf('MEMO', cut(text, MEMO_MAX)) : '') +
    `</STMTTRN>${EOL}`
  );
}

export function ofxCheck(result: EngineResult, format: string): void {
  singleCurrency(result, format);
}

/** The whole OFX document for `ctx.result`, as byte chunks. */
export function ofxDocument(ctx: WriteContext, f: OfxFlavour): AsyncIterable<Uint8Array> {
  return toChunks(ofxParts(ctx, f), f.encode);
}

function* ofxParts(ctx: WriteContext, f: OfxFlavour): Iterable<string> {
  const { result, now } = ctx;
  const leaf = makeLeaf(f);
  const card = result.meta.accountType === 'card';
  const currency = singleCurrency(result, 'ofx');
  const acctId = ofxAccountId(result, currency);
  const span = statementSpan(result, now);
  const ledger = ledgerBalance(result);
  const [msgs, trnrs, stmtrs] = card ? ['CREDITCARDMSGSRSV1', 'CCSTMTTRNRS', 'CCSTMTRS'] : ['BANKMSGSRSV1', 'STMTTRNRS', 'STMTRS'];

  yield f.header;
  yield `<OFX>${EOL}<SIGNONMSGSRSV1>${EOL}<SONRS>${EOL}`;
  yield statusLines(leaf);
  yield leaf('DTSERVER', ofxInstant(now)) + leaf('LANGUAGE', 'ENG');
  if (f.fi) yield `<FI>${EOL}${leaf('ORG', cut(f.fi.org, 32))}${f.fi.fid ? leaf('FID', cut(f.fi.fid, 32)) : ''}</FI>${EOL}`;
  if (f.intuBid) yield leaf('INTU.BID', f.intuBid);
  yield `</SONRS>${EOL}</SIGNONMSGSRSV1>${EOL}<${msgs}>${EOL}<${trnrs}>${EOL}`;
  yield leaf('TRNUID', '1') + statusLines(leaf);
  yield `<${stmtrs}>${EOL}` + leaf('CURDEF', currency);
  // Credit cards carry only ACCTID; bank accounts are written as CHECKING because statements rarely
  // say more and importers only need a valid ACCTTYPE (Actual Budget rejects a missing one).
  yield card
    ? `<CCACCTFROM>${EOL}${leaf('ACCTID', acctId)}</CCACCTFROM>${EOL}`
    : `<BANKACCTFROM>${EOL}${leaf('BANKID', ofxBankId(result))}${leaf('ACCTID', acctId)}${leaf('ACCTTYPE', 'CHECKING')}</BANKACCTFROM>${EOL}`;
  yield `<BANKTRANLIST>${EOL}` + leaf('DTSTART', ofxNoon(span.start)) + leaf('DTEND', ofxNoon(span.end));
  const ids = fitIds(result, acctId)[Symbol.iterator]();
  const payees = payeesFor(ctx);
  for (let i = 0; i < result.transactions.length; i++) yield transaction(leaf, result.transactions[i], ids.next().value as string, payees[i] ?? '');
  yield `</BANKTRANLIST>${EOL}<LEDGERBAL>${EOL}` + leaf('BALAMT', plain(ledger.amount)) + leaf('DTASOF', ofxNoon(span.end)) + `</LEDGERBAL>${EOL}`;
  yield `</${stmtrs}>${EOL}</${trnrs}>${EOL}</${msgs}>${EOL}</OFX>${EOL}`;
}
