// Import checks before download (issue 18): each accounting format's file checked against that
// package's documented import rules (docs/accounting-formats.md), with what the writer split or adjusted
// to meet them. The notes go in the `X-Import-Notes` response header (and the web page), so a bookkeeper
// knows before importing that 3 zero-amount rows were left out or that the file is a ZIP of 4 parts.
// Computed from the result alone, before any byte is written.
import type { EngineResult } from '../engine/types.js';
import { isZero } from './decimal.js';
import { FREEAGENT_FORBIDDEN } from './freeagent.writer.js';
import { severalAccounts } from './per-account.js';
import { currenciesOf, severalCurrencies } from './per-currency.js';
import { QBO_PLACEHOLDER_BID } from './qbo.writer.js';
import { QUICKBOOKS_MAX_BYTES, quickbooksParts } from './quickbooks.writer.js';
import type { FormatWriter, WriterOptions } from './types.js';
import type { FileFormat } from './index.js';
import { XERO_MAX_LINES } from './xero.writer.js';

/** Sage 50 field sizes (sage.writer.ts): Details 60, Reference 30 characters. */
const SAGE_DETAILS = 60;
const SAGE_REFERENCE = 30;
/** OFX NAME is A-32. */
const OFX_NAME = 32;

const count = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
const multiLine = (s: string) => /[\r\n\u2028\u2029]/.test(s);
const chars = (s: string) => Array.from(s).length;

type Check = (result: EngineResult, options: WriterOptions) => string[];

const CHECKS: Partial<Record<FileFormat, Check>> = {
  quickbooks: (r) => {
    const out: string[] = [];
    const zeros = r.transactions.filter((t) => isZero(t.Amount)).length;
    if (zeros) out.push(`${count(zeros, 'row')} with a zero amount left out (QuickBooks Online: zero amounts must be blank, and Amount is required).`);
    const parts = quickbooksParts(r).starts.length;
    if (parts > 1)
      out.push(`QuickBooks Online takes files of at most ${QUICKBOOKS_MAX_BYTES / 1024} KB: split into ${parts} files (a ZIP), to be uploaded in turn.`);
    const lines = r.transactions.filter((t) => multiLine(t.Description)).length;
    if (lines) out.push(`${count(lines, 'description')} of several lines written on one line.`);
    return out;
  },
  xero: (r) => {
    const out: string[] = [];
    if (r.transactions.length > XERO_MAX_LINES)
      out.push(
        `Xero takes at most ${XERO_MAX_LINES.toLocaleString('en-GB')} lines per file: split into ${Math.ceil(r.transactions.length / XERO_MAX_LINES)} files (a ZIP), to be imported in turn.`,
      );
    const lines = r.transactions.filter((t) => multiLine(t.Description)).length;
    if (lines) out.push(`${count(lines, 'description')} of several lines written on one line.`);
    return out;
  },
  sage: (r) => {
    const out: string[] = [];
    const lines = r.transactions.filter((t) => multiLine(t.Description)).length;
    if (lines) out.push(`${count(lines, 'description')} of several lines written on one line (Sage takes one-line Details).`);
    const long = r.transactions.filter((t) => chars(t.Description.replace(/\s+/g, ' ').trim()) > SAGE_DETAILS).length;
    if (long) out.push(`${count(long, 'description')} cut to Sage's ${SAGE_DETAILS}-character Details field.`);
    const refs = r.transactions.filter((t) => chars(t.Reference.trim()) > SAGE_REFERENCE).length;
    if (refs) out.push(`${count(refs, 'reference')} cut to Sage's ${SAGE_REFERENCE}-character Reference field.`);
    return out;
  },
  freeagent: (r) => {
    const cleaned = r.transactions.filter((t) => new RegExp(FREEAGENT_FORBIDDEN.source).test(`${t.Description} ${t.Reference}`)).length;
    return cleaned ? [`${count(cleaned, 'description')} had commas, quote marks or line breaks, written as spaces (FreeAgent's CSV takes none).`] : [];
  },
  ofx: (r) => nameNotes(r),
  qbo: (r, o) => [
    ...nameNotes(r),
    ...(o.qbo_bid
      ? []
      : [
          `No qbo_bid given: INTU.BID is the placeholder ${QBO_PLACEHOLDER_BID}, which QuickBooks Online accepts and QuickBooks Desktop refuses; give your bank's Intuit id for Desktop.`,
        ]),
  ],
  qif: (_r, o) => [
    `QIF states no date order: dates are written ${o.date_format === 'mdy' ? 'MM/DD/YYYY' : 'DD/MM/YYYY'}; choose the same order when importing.`,
  ],
};

function nameNotes(r: EngineResult): string[] {
  const payees = r.payees ?? [];
  const long = payees.filter((p) => chars(p) > OFX_NAME).length;
  return long ? [`${count(long, 'payee')} longer than OFX's ${OFX_NAME}-character NAME cut at a word; the full text is in MEMO.`] : [];
}

/** What `writer` did to meet the package's import rules, in plain sentences; [] when nothing. */
export function importNotes(writer: Pick<FormatWriter, 'format' | 'oneAccount'>, result: EngineResult, options: WriterOptions = {}): string[] {
  const out: string[] = [];
  const format = writer.format as FileFormat;
  if (writer.oneAccount && severalAccounts(result)) {
    out.push(
      `The file holds ${result.statements!.length} statements of several accounts and the format holds one account: a ZIP of one file per statement (statement=N gives one).`,
    );
    return out;
  }
  if (writer.oneAccount && severalCurrencies(result)) {
    const list = currenciesOf(result);
    out.push(
      `The statement has rows in ${list.length} currencies (${list.join(', ')}) and the format holds one currency: a ZIP of one file per currency, each imported into its own account.`,
    );
    return out;
  }
  out.push(...(CHECKS[format]?.(result, options) ?? []));
  return out;
}

/** The notes as one header value: visible ASCII, sentences joined by " | ", at most 2,000 characters. */
export function importNotesHeader(
  writer: Pick<FormatWriter, 'format' | 'oneAccount'>,
  result: EngineResult,
  options: WriterOptions = {},
): Record<string, string> {
  const notes = importNotes(writer, result, options);
  if (!notes.length) return {};
  return {
    'X-Import-Notes': notes
      .join(' | ')
      .replace(/[^\x20-\x7e]/g, '_')
      .slice(0, 2000),
  };
}
