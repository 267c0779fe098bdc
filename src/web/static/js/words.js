// Plain words for people: the API's codes (PASS, balance_mismatch, security_check_failed ...) become
// sentences that say what happened and what to do next. The codes stay in data attributes for tools.
import { VERDICT_WORDS } from '../../../engine/verdict-words.js';
import { formatMoney } from './money.js';

export const VERDICTS = {
  PASS: { cls: 'pass', title: VERDICT_WORDS.PASS.title },
  RECONCILE_WARN: { cls: 'warn', title: VERDICT_WORDS.RECONCILE_WARN.title },
  NO_BAL: { cls: 'nobal', title: VERDICT_WORDS.NO_BAL.title },
};

/** The verdict sentence; `diff` is a plain decimal string or number, `checked` false when nothing was compared. */
export function verdictSentence(status, diff, currency, digits) {
  if (status === 'PASS') return 'Every row agrees with the balances printed on the statement.';
  if (status === 'NO_BAL')
    return 'The statement prints no balances to compare with, so nothing could be checked. Compare the totals below with the statement yourself.';
  const d = String(diff ?? '0').replace(/^-/, '');
  const off =
    d && !/^0(\.0*)?$/.test(d)
      ? `The balances do not add up: the rows are ${formatMoney(d, digits)} ${currency} away from what the statement prints.`
      : 'Some rows could not be checked against a printed balance.';
  return `${off} Look at the rows named below against the statement, and correct them here if they were read wrongly.`;
}

/** How a place in the input is named: pages of a PDF or scan, lines of everything else (the engine's `locationUnit`). */
export const locationUnit = (inputKind) => (inputKind === 'pdf' || inputKind === 'image' ? 'page' : 'line');

/** "Row 7, page 2" (PDFs and scans) or "Row 7, line 12" (text files); '' when the warning names no row. */
export function whereOf(w, inputKind) {
  const unit = locationUnit(inputKind);
  if (w.row && w.page) return `Row ${w.row}, ${unit} ${w.page}`;
  if (w.row) return `Row ${w.row}`;
  if (w.page) return `${unit[0].toUpperCase()}${unit.slice(1)} ${w.page}`;
  return '';
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "2026-03-01" as "1 Mar 2026". */
export const longDay = (iso) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  return m ? `${Number(m[3])} ${MONTHS[Number(m[2]) - 1]} ${m[1]}` : iso;
};

// Words written for programs (ids, request parameters) in the API's messages, and what a bookkeeper reads instead.
const FOR_PEOPLE = [
  [/,?\s*conversion conv_[A-Za-z0-9]+/g, ''],
  [/\s*\(conversion conv_[A-Za-z0-9]+\)/g, ''],
  [
    /;?\s*their ids \(FITIDs, include=ids\) are the same as before, so importers that dedupe by id skip them/g,
    '; importers that recognise transactions they have seen before skip them',
  ],
  [/\s*\((FITIDs?, )?include=\w+\)/g, ''],
  [/,? or one statement with statement=N/g, ''],
  [/\s*\(see statements\)/g, ''],
  [/One-account formats \(([^)]*)\) give a ZIP of one file per account/g, 'Import files ($1) come as a ZIP with one file per account'],
  [/\bstatement=N\b/g, 'one statement'],
  [/`([^`]*)`/g, '$1'],
  [/\b(\d{4}-\d{2}-\d{2})\b/g, (m) => longDay(m)],
  [/\(\)/g, ''],
];

/** The API's message in a bookkeeper's words: no ids, request parameters or code quotes; dates as people write them. */
export function plainWords(text) {
  let out = String(text);
  for (const [re, to] of FOR_PEOPLE) out = out.replace(re, to);
  return out.replace(/\s{2,}/g, ' ').replace(/\s+([.,;:])/g, '$1');
}

/** A warning as a sentence: its place first, the engine's own location prefix dropped, figures grouped, in a bookkeeper's words. */
export function warningSentence(w) {
  const text = plainWords(w.message)
    .replace(/^Row \d+( \((page|line) \d+\))?:\s*/, '')
    .replace(/^[A-Z]{3} closing balance:\s*/, 'Closing balance: ')
    .replace(/-?\b\d{4,}\.\d+\b/g, (m) => formatMoney(m, m.split('.')[1].length));
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** What went wrong with a conversion, and what to do next, from the API's problem document. */
export function problemText(status, problem, { passwordGiven = false } = {}) {
  const code = problem && problem.code;
  const detail = (problem && problem.detail) || '';
  switch (code) {
    case 'security_check_failed':
      if (/encrypted|password/i.test(detail) && !/scheme/i.test(detail)) {
        return passwordGiven
          ? 'That password did not open this PDF. Check it (capitals count) in the “PDF password” box above and press Convert again.'
          : 'This PDF is locked with a password. Type it in the “PDF password” box above and press Convert again.';
      }
      return `This file could not be read safely. ${detail} Try the statement downloaded again from your bank, or its CSV export.`;
    case 'monthly_limit_reached':
      return `${detail} To convert more now, ask your administrator to move your account to a paid plan (see Account).`;
    case 'no_transactions_found':
      return `${detail} Check that the file is a bank statement; if it is, choose its bank in the Bank list (or “Other bank”) and try again.`;
    case 'unsupported_file_type':
      return `${detail} Choose a PDF, CSV, text or Excel statement, a scan, or a bank export (MT940, camt.053, OFX, QIF).`;
    case 'unsupported_bank':
      return `${detail} Choose “Detect automatically” or “Other bank” in the Bank list and try again.`;
    case 'file_too_large':
      return `${detail} Split the statement into shorter periods, or export it as CSV.`;
    case 'rate_limited':
      return 'Too many conversions in a short time. Wait a minute, then press Convert again.';
    case 'session_required':
      return 'You have been logged out. Reload the page to log in, then convert again.';
    case 'csrf_failed':
      return 'The page is out of date. Reload it and try again.';
    case 'overloaded':
    case 'service_unavailable':
      return 'The service is busy right now. Try again in a minute.';
    case 'invalid_request':
      return `${detail} Reload the page and try again.`;
    default:
      return `Something went wrong on our side${status ? ` (error ${status})` : ''}. Try again; if it keeps happening, tell your administrator${problem && problem.request_id ? ` (reference ${problem.request_id})` : ''}.`;
  }
}
