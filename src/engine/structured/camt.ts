// ISO 20022 cash-management statements: camt.053 (statement), camt.052 (intraday report) and camt.054
// (debit/credit notification), every version from 001.02, any namespace prefix or none. Parsed with
// saxes (a strict, non-validating streaming parser) after refusing any DTD: no entity is ever defined,
// expanded or fetched, and an undefined one is an error. One statement per Stmt / Rpt / Ntfctn; OPBD
// (or PRCD) and CLBD are the balances it states.
import { SaxesParser } from 'saxes';
import { AppError } from '../../errors.js';
import { currencyExponent } from '../money.js';
import type { DraftRow } from '../reconcile.js';
import type { Warning } from '../types.js';
import type { StatementRead } from './assemble.js';
import { broken, dayOf, decimalToMinor } from './figures.js';
import { distinct, tidy } from './text-parts.js';

// The XML tree is untyped by nature (any element may be absent, a string or an object): the readers below
// walk it loosely and every leaf they keep goes through the figure and date parsers, which type it.
/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return */
type X = any;

const ARRAYS = new Set(['Stmt', 'Rpt', 'Ntfctn', 'Bal', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd', 'Strd', 'AddtlRmtInf', 'AddtlNtryInf']);
const CONTAINERS = ['BkToCstmrStmt', 'BkToCstmrAcctRpt', 'BkToCstmrDbtCdtNtfctn'];
const STATEMENTS = ['Stmt', 'Rpt', 'Ntfctn'];
const KINDS: Record<string, string> = { CACC: 'current', CASH: 'current', SVGS: 'savings', CARD: 'card', LOAN: 'loan', MOMA: 'savings' };

const MAX_DEPTH = 64;
const local = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * XML -> plain objects in the shape the readers below use: an element with attributes or children is
 * an object (attributes as "@Name", text as "#text"), a leaf is its text; names in ARRAYS are always
 * arrays, any other repeated element keeps its first occurrence. Namespace prefixes are dropped.
 */
function parseXml(text: string): X {
  const parser = new SaxesParser({ position: true });
  const root: X = {};
  const stack: { name: string; obj: X; text: string }[] = [{ name: '#root', obj: root, text: '' }];
  parser.on('doctype', () => {
    throw new AppError('security_check_failed', DTD_REFUSED);
  });
  parser.on('opentag', (tag) => {
    if (stack.length > MAX_DEPTH) throw broken('camt', `its elements are nested more than ${MAX_DEPTH} deep.`);
    const obj: X = {};
    for (const [k, v] of Object.entries(tag.attributes)) if (!k.startsWith('xmlns')) obj[`@${local(k)}`] = String(v);
    stack.push({ name: local(tag.name), obj, text: '' });
  });
  const onText = (t: string) => {
    stack[stack.length - 1].text += t;
  };
  parser.on('text', onText);
  parser.on('cdata', onText);
  parser.on('closetag', () => {
    const f = stack.pop()!;
    const parent = stack[stack.length - 1].obj;
    const t = f.text.trim();
    const hasKids = Object.keys(f.obj).length > 0;
    let value: X = f.obj;
    if (!hasKids) value = t;
    else if (t) f.obj['#text'] = t;
    if (ARRAYS.has(f.name)) (parent[f.name] ??= []).push(value);
    else if (!(f.name in parent)) parent[f.name] = value;
  });
  try {
    parser.write(text).close();
  } catch (e) {
    if (e instanceof AppError) throw e;
    throw broken('camt', `it is not well-formed XML (${String((e as Error).message).slice(0, 160)}).`);
  }
  return root;
}

const DTD_REFUSED =
  'The XML file carries a DTD (DOCTYPE or ENTITY declarations). camt files never need one, and entity definitions are how XML bombs and external-entity reads work, so it was not read.';

const str = (x: X): string => {
  if (x === undefined || x === null) return '';
  if (typeof x === 'string') return x.trim();
  if (typeof x === 'object' && '#text' in x) return String(x['#text']).trim();
  return '';
};
const arr = (x: X): X[] => (x === undefined || x === null ? [] : Array.isArray(x) ? x : [x]);

/** Depth-limited search for the message container, wherever an envelope put it. */
function findContainer(node: X, depth = 0): { name: string; value: X } | null {
  if (!node || typeof node !== 'object' || depth > 8) return null;
  for (const c of CONTAINERS) if (node[c]) return { name: c, value: node[c] };
  for (const [k, v] of Object.entries(node)) {
    if (k.startsWith('@') || k === '#text') continue;
    for (const item of arr(v)) {
      const hit = findContainer(item, depth + 1);
      if (hit) return hit;
    }
  }
  return null;
}

const dateOf = (x: X): string | null => {
  const s = str(x?.Dt) || str(x?.DtTm) || str(x);
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(s);
  return m ? dayOf(+m[1], +m[2], +m[3]) : null;
};

function amountOf(x: X, currency: string, where: string): { value: bigint; currency: string } {
  const text = str(x);
  const ccy = (typeof x === 'object' && x?.['@Ccy'] ? String(x['@Ccy']) : currency).toUpperCase();
  const v = decimalToMinor(text, currencyExponent(ccy), '.');
  if (v === null) throw broken('camt', `${where}: the amount "${text.slice(0, 30)}" is not a decimal amount.`);
  return { value: v, currency: ccy };
}

const signed = (v: bigint, ind: X) => (str(ind).toUpperCase() === 'DBIT' ? -v : v);
const nameOf = (p: X): string => str(p?.Nm) || str(p?.Pty?.Nm);

/** The texts of one transaction's details, as a person reads them. */
function txTexts(tx: X, credit: boolean): string[] {
  const parties = tx?.RltdPties;
  const counterparty = credit ? nameOf(parties?.Dbtr) || nameOf(parties?.UltmtDbtr) : nameOf(parties?.Cdtr) || nameOf(parties?.UltmtCdtr);
  const rmt = tx?.RmtInf;
  const ustrd = arr(rmt?.Ustrd).map(str).filter(Boolean).join(' ');
  const strd = arr(rmt?.Strd)
    .flatMap((s: X) => [str(s?.CdtrRefInf?.Ref), ...arr(s?.AddtlRmtInf).map(str), str(s?.RfrdDocInf?.Nb)])
    .filter(Boolean)
    .join(' ');
  const remittance = tidy([ustrd, strd].filter(Boolean).join(' '));
  return [counterparty, remittance || str(tx?.AddtlTxInf)].map(tidy).filter(Boolean);
}

const NO_REF = /^(NOTPROVIDED|NONREF|NOT PROVIDED)$/i;
const MAX_TX_TEXTS = 10;

function readEntry(e: X, currency: string, where: string): DraftRow {
  const amt = amountOf(e.Amt, currency, where);
  const credit = str(e.CdtDbtInd).toUpperCase() !== 'DBIT';
  if (!/^(CRDT|DBIT)$/i.test(str(e.CdtDbtInd))) throw broken('camt', `${where}: CdtDbtInd is "${str(e.CdtDbtInd).slice(0, 10)}", not CRDT or DBIT.`);
  const date = dateOf(e.BookgDt) ?? dateOf(e.ValDt);
  if (!date) throw broken('camt', `${where}: the entry has no booking or value date.`);
  const txs = arr(e.NtryDtls).flatMap((d: X) => arr(d?.TxDtls));
  const texts = txs.slice(0, MAX_TX_TEXTS).flatMap((t: X) => txTexts(t, credit));
  if (txs.length > MAX_TX_TEXTS) texts.push(`(+${txs.length - MAX_TX_TEXTS} more)`);
  const booking = arr(e.AddtlNtryInf).map(str).filter(Boolean).join(' ');
  const description = distinct([booking, ...texts].map(tidy).filter(Boolean));
  const refs = txs.map((t: X) => str(t?.Refs?.EndToEndId)).filter((r: string) => r && !NO_REF.test(r));
  const reference = refs[0] ?? (str(e.AcctSvcrRef) && !NO_REF.test(str(e.AcctSvcrRef)) ? str(e.AcctSvcrRef) : '');
  const code = str(e.BkTxCd?.Prtry?.Cd) || str(e.BkTxCd?.Domn?.Fmly?.SubFmlyCd);
  return {
    date,
    description: description.length ? description : [code].filter(Boolean),
    reference,
    amount: credit ? amt.value : -amt.value,
    currency: amt.currency !== currency ? amt.currency : undefined,
  };
}

export interface CamtRead {
  reads: StatementRead[];
  warnings: Warning[];
}

export function readCamt(text: string): CamtRead {
  if (/<!(DOCTYPE|ENTITY)/i.test(text)) throw new AppError('security_check_failed', DTD_REFUSED);
  const doc = parseXml(text);
  const container = findContainer(doc);
  if (!container) throw broken('camt', 'it has no BkToCstmrStmt, BkToCstmrAcctRpt or BkToCstmrDbtCdtNtfctn message.');
  const statements = STATEMENTS.flatMap((k) => arr(container.value[k]));
  const warnings: Warning[] = [];
  let pending = 0;
  const reads: StatementRead[] = statements.map((s: X, si: number) => {
    const acct = s.Acct ?? {};
    const bals = arr(s.Bal);
    const entries = arr(s.Ntry);
    const currency = (str(acct.Ccy) || String(bals[0]?.Amt?.['@Ccy'] ?? '') || String(entries[0]?.Amt?.['@Ccy'] ?? '')).toUpperCase();
    if (!/^[A-Z]{3}$/.test(currency)) throw broken('camt', `statement ${si + 1} names no currency (Acct/Ccy or Amt Ccy).`);
    const balance = (codes: string[]) => {
      const b = bals.find((x: X) => codes.includes(str(x?.Tp?.CdOrPrtry?.Cd).toUpperCase()));
      if (!b) return { value: null, date: null };
      const a = amountOf(b.Amt, currency, `statement ${si + 1} balance ${codes[0]}`);
      return { value: signed(a.value, b.CdtDbtInd), date: dateOf(b.Dt) };
    };
    const opening = balance(['OPBD', 'PRCD']);
    const closing = balance(['CLBD']);
    const rows: DraftRow[] = [];
    entries.forEach((e: X, i: number) => {
      const sts = (str(e.Sts) || str(e.Sts?.Cd) || 'BOOK').toUpperCase();
      if (sts !== 'BOOK') {
        pending++;
        return;
      }
      rows.push(readEntry(e, currency, `statement ${si + 1}, entry ${i + 1}`));
    });
    const id = str(acct.Id?.IBAN) || str(acct.Id?.Othr?.Id);
    const tp = str(acct.Tp?.Cd).toUpperCase();
    return {
      account: {
        id: id || null,
        iban: str(acct.Id?.IBAN) || null,
        currency,
        name: str(acct.Nm) || str(acct.Ownr?.Nm) || null,
        bankId: str(acct.Svcr?.FinInstnId?.BIC) || str(acct.Svcr?.FinInstnId?.BICFI) || null,
        kind: tp ? (KINDS[tp] ?? 'other') : null,
      },
      segments: [
        {
          rows,
          opening: opening.value,
          closing: closing.value,
          from: dateOf(s.FrToDt?.FrDtTm) ?? opening.date,
          to: dateOf(s.FrToDt?.ToDtTm) ?? closing.date,
        },
      ],
    };
  });
  if (pending)
    warnings.push({
      code: 'rows_skipped',
      // The booked balances do not include them: leaving them out keeps the chain whole.
      blocks: false,
      message: `${pending} entr${pending === 1 ? 'y is' : 'ies are'} not booked yet (status other than BOOK) and ${pending === 1 ? 'was' : 'were'} left out: booked balances do not include ${pending === 1 ? 'it' : 'them'}.`,
    });
  return { reads, warnings };
}
