// A table of records (from CSV text or an XLSX sheet) -> EngineResult: columns, bank profile, date
// order, decimal separator, then every plausible reading handed to the reconciler to choose from.
import { AppError } from '../../errors.js';
import { inferDateOrder, looksLikeDate, type DateOrder } from '../dates.js';
import { dateOrderEvidence } from './date-evidence.js';
import type { YearContext } from '../dates.js';
import { absMinor, currencyExponent, decimalOfVotes, decimalVote, type DecimalSeparator } from '../money.js';
import { detectProfile, getProfile, type BankProfile } from '../profiles/index.js';
import { reconcileBest, type DraftRow, type DraftStatement } from '../reconcile.js';
import { labelledIdText, readStatementIds } from '../statement-ids.js';
import type { ConvertOptions, EngineResult, InputKind, Warning } from '../types.js';
import { findColumns, hasMoneyRole, type ColumnRoles } from './header-roles.js';
import { normHeader, type Role } from './header-words.js';
import { splitTable } from './statement-split.js';
import { currencyOfTable } from './table-currency.js';
import { settleTextEvidence } from './text-evidence.js';
import { settleTotals } from './total-rows.js';
import { readFacts } from '../layout/statement-facts.js';
import { mergeStatements } from '../statements/merge.js';
import type { TextRecord } from './records.js';
import type { ReadRow } from './read-row.js';
import { readRows, type ReadResult } from './row-reader.js';
import { withTextFallback } from './text-fallback.js';
import { balancesFromBefore, lastNamed, negateBalances, settleTexts, toDraft, zeroRowAgrees } from './table-drafts.js';
import { maskedCardColumn, namedCardIssuerSide, printsIssuerSide } from './card-view.js';

export interface TableInput {
  records: TextRecord[];
  /** Decoded text (or a text rendering of the sheet) for bank detection and currency hints. */
  sample: string;
  opts: ConvertOptions;
  inputKind: InputKind;
  delimiter?: string;
  /** One statement for sure (a part of a file already split): never split again. */
  whole?: boolean;
}

function overridesOf(p: BankProfile | null): Record<string, Role> {
  const o: Record<string, Role> = {};
  for (const [k, v] of Object.entries(p?.columns ?? {})) o[normHeader(k)] = v;
  return o;
}

function columnsFor(records: TextRecord[], profile: BankProfile | null): ColumnRoles | null {
  const cols = findColumns(records, overridesOf(profile));
  if (profile?.headerless && (!cols || cols.headerIndex < 0)) {
    const width = profile.headerless.length;
    if (records.some((r) => r.cells.length === width)) return { headerIndex: -1, roles: [...profile.headerless], headers: [] };
  }
  return cols && withTextFallback(records, cols);
}

export interface DecimalVotes {
  dot: number;
  comma: number;
  /** Values such as "12.500": one separator, three digits after it, the last a 0 (thousands, or three decimals). */
  undecided?: number;
  /** Values that no vote counts and that still say the separators are thousands ("12", "1,234", "1.234.567"). */
  settled?: number;
}

// "-12.500", "(487.500)", "£1,230": the figure reads the same as a thousands group or as three decimals of
// a two-decimal currency.
const THOUSANDS_OR_THREE_DECIMALS = /^[-+(]?[£$€]?\d{1,3}[.,]\d\d0\)?$/;

/** Adds one record's money cells' votes for the decimal separator (tallied in place: no copy of 300,000 cells). */
export function tallyDecimal(cells: string[], cols: number[], votes: DecimalVotes): void {
  for (const i of cols) {
    const x = cells[i] ?? '';
    const v = decimalVote(x);
    if (v === '.') votes.dot++;
    else if (v === ',') votes.comma++;
    else if (x && THOUSANDS_OR_THREE_DECIMALS.test(x)) votes.undecided = (votes.undecided ?? 0) + 1;
    else if (/\d/.test(x)) votes.settled = (votes.settled ?? 0) + 1;
  }
}

/**
 * The date order of the date column. A profile's day/month order holds unless the column itself
 * contradicts it (a 13th or later in the second place); where the column alone decides (no profile, or a
 * year-first profile), it is `ambiguous` when every date reads both ways.
 */
function dateOrderOf(dateTexts: string[], profileOrder: 'DMY' | 'MDY' | 'YMD' | undefined, prefer: 'DMY' | 'MDY', settle: () => 'DMY' | 'MDY' | null) {
  const fromColumn = inferDateOrder(dateTexts, prefer);
  if (!profileOrder || profileOrder === 'YMD') {
    const settled = fromColumn.ambiguous ? settle() : null;
    return settled ? { order: settled, ambiguous: false } : fromColumn;
  }
  return { order: fromColumn.ambiguous ? profileOrder : fromColumn.order, ambiguous: false };
}

/** The table's columns and bank profile, as the records give them. */
export interface TableHead {
  explicit: BankProfile | null;
  profile: BankProfile | null;
  cols: ColumnRoles;
  /**
   * Every column reading came from a header within the first 100 records: it read at most 500 records
   * (a headerless reading reads them all).
   */
  nearTop: boolean;
}

export function tableHead(records: TextRecord[], input: Omit<TableInput, 'records'>): TableHead {
  const { opts } = input;
  const explicit = opts.bank !== 'auto' && opts.bank !== 'generic' ? getProfile(opts.bank) : null;
  let profile = explicit;
  let cols = columnsFor(records, profile);
  const near = (c: ColumnRoles | null) => !!c && c.headerIndex >= 0 && c.headerIndex < 100;
  let nearTop = near(cols);
  if (!explicit && opts.bank === 'auto') {
    const data = records[(cols?.headerIndex ?? -1) + 1];
    const detected = detectProfile({
      headers: cols?.headerIndex !== undefined && cols.headerIndex >= 0 ? cols.headers : [],
      sample: input.sample,
      firstLine: data?.cells.join(',') ?? '',
      width: data?.cells.length ?? 0,
    });
    if (detected) {
      const again = columnsFor(records, detected);
      nearTop &&= near(again);
      if (again && again.roles.includes('date') && hasMoneyRole(again.roles)) {
        profile = detected;
        cols = again;
      }
    }
  }
  if (!cols || !cols.roles.includes('date') || !hasMoneyRole(cols.roles)) {
    throw new AppError('no_transactions_found', 'No table with a date column and an amount column was found.');
  }
  return { explicit, profile, cols, nearTop };
}

/**
 * The year for dates that print none, from the lines above the table: the period they print, else the one
 * year they name ("招商银行信用卡对账单 2024年01月").
 */
export function yearContextOf(preamble: TextRecord[]): YearContext | undefined {
  if (!preamble.length) return undefined;
  const text = preamble.map((r) => r.cells.filter(Boolean).join(' ')).join('\n');
  const f = readFacts(text);
  if (f.periodStart || f.periodEnd) return { periodStart: f.periodStart, periodEnd: f.periodEnd };
  const years = new Set([...text.matchAll(/(?<!\d)(19[7-9]\d|20\d\d)(?!\d)/g)].map((m) => Number(m[1])));
  return years.size === 1 ? { anchorYear: [...years][0] } : undefined;
}

export const moneyColumns = (roles: (Role | null)[]): number[] =>
  roles.flatMap((r, i) => (r === 'amount' || r === 'debit' || r === 'credit' || r === 'balance' || r === 'balanceBefore' || r === 'fee' ? [i] : []));

/** A date cell that counts for the column's date order (dateShare([x]) === 1: not blank, reads as a date). */
export const countsAsDate = (x: string): boolean => !!x && !!String(x).trim() && looksLikeDate(x);

/** What the whole table decides before its rows are read, and the warnings it gives. */
export interface TableSettings {
  currency: { code: string; assumed: boolean; inferred?: string };
  order: DateOrder;
  decimal: DecimalSeparator | undefined;
  width: number | undefined;
  warnings: Warning[];
  /** The separators could be thousands or decimals (see tableSettings): the verdict is not PASS. */
  decimalUnsure: boolean;
}

export function tableSettings(
  head: TableHead,
  input: Omit<TableInput, 'records'>,
  currency: TableSettings['currency'],
  dateTexts: string[],
  votes: DecimalVotes,
  body?: TextRecord[],
): TableSettings {
  const { profile, cols } = head;
  const warnings: Warning[] = [];
  if (currency.assumed) warnings.push({ code: 'currency_assumed', message: `The file names no currency; ${currency.code} was assumed.` });
  else if (currency.inferred)
    warnings.push({ code: 'currency_inferred', message: `The file prints no currency; ${currency.code} was taken from its ${currency.inferred}.` });
  const decimal = profile?.decimal ?? decimalOfVotes(votes.dot, votes.comma) ?? (input.delimiter === ';' ? ',' : undefined);
  const prefer = profile?.dateOrder === 'MDY' || (!profile?.dateOrder && ['USD', 'CAD'].includes(currency.code)) ? 'MDY' : 'DMY';
  // (Without the body, as when streaming, an ambiguous order stays ambiguous: the caller reads the table whole.)
  const { order, ambiguous } = dateOrderOf(dateTexts, profile?.dateOrder, prefer, () => (body ? dateOrderEvidence(body, cols.roles, decimal) : null));
  if (ambiguous) {
    warnings.push({
      code: 'date_order_ambiguous',
      // The order of a currency the file prints (USD month first, others day first) is its evidence; an assumed currency's is none.
      blocks: currency.assumed,
      message: `Every date reads both as day/month and month/day; they were read as ${order === 'MDY' ? 'month/day (US)' : 'day/month (UK)'}.`,
    });
  }
  // Every figure "12.500": thousands (as read) or three decimals, a thousand times less; the balances
  // agree either way, so nothing printed settles it.
  // (A currency without minor units, the yen, prints no decimals: "40,000" is forty thousand.)
  const decimalUnsure = decimal === undefined && (votes.undecided ?? 0) > 0 && !votes.settled && currencyExponent(currency.code) > 0;
  if (decimalUnsure) {
    warnings.push({
      code: 'decimal_ambiguous',
      message: 'Every amount prints one separator with three digits after it (as 12.500): they were read as thousands, and may be three decimals.',
    });
  }
  const width = cols.headerIndex >= 0 ? lastNamed(cols.headers) + 1 : undefined;
  return { currency, order, decimal, width, warnings, decimalUnsure };
}

export function convertTable(input: TableInput): EngineResult {
  const { records } = input;
  const head = tableHead(records, input);
  const { cols } = head;
  const body = records.slice(cols.headerIndex + 1);
  // Several statements in one export (an account column with several accounts, or exports joined with
  // their header repeated): each is read and reconciled on its own, then joined (issue 18).
  const split = input.whole ? null : splitTable(records, cols.headerIndex, cols.headers);
  if (split) {
    // An account column of names ("Checking", "Cash") names the statement's account when no number does.
    return mergeStatements(
      split.parts.map((part) => convertTable({ ...input, records: part, whole: true })),
      split.names,
    );
  }
  const currency = currencyOfTable(records, cols, head.profile, input.sample);
  const dateCol = cols.roles.indexOf('date');
  const dateTexts: string[] = [];
  for (const r of body) {
    const x = r.cells[dateCol] ?? '';
    if (countsAsDate(x)) dateTexts.push(x);
  }
  const votes = { dot: 0, comma: 0 };
  const moneyCols = moneyColumns(cols.roles);
  for (const r of body) tallyDecimal(r.cells, moneyCols, votes);
  const s = tableSettings(head, input, currency, dateTexts, votes, body);
  const read = readRows(body, {
    roles: cols.roles,
    order: s.order,
    decimal: s.decimal,
    currency: currency.code,
    width: s.width,
    years: () => yearContextOf(records.slice(0, Math.max(0, cols.headerIndex))),
  });
  return finishTable(input, head, s, read, records, body);
}

/**
 * The rows read -> the result: preamble figures, warnings, the account's ids and period, and the readings
 * handed to the reconciler. `records` needs only the records down to the header, `body` its first 500.
 */
export function finishTable(
  input: Omit<TableInput, 'records'>,
  head: TableHead,
  s: TableSettings,
  read: ReadResult,
  records: TextRecord[],
  body: TextRecord[],
): EngineResult {
  const { explicit, profile, cols } = head;
  const { order, decimal, currency } = s;
  const warnings: Warning[] = [...s.warnings];
  // Opening/closing figures printed in the preamble, above the header.
  const pre = readRows(records.slice(0, Math.max(0, cols.headerIndex)), { roles: cols.roles.map(() => null), order, decimal, currency: currency.code });
  // The table's own figures are used; a preamble's figure they replace must still be one the rows reach.
  for (const [c, f] of Object.entries(pre.figures)) {
    const t = read.figures[c];
    const between = [...(f.between ?? []), ...(t?.between ?? [])];
    if (f.opening !== undefined && t?.opening !== undefined) between.push(f.opening);
    if (f.closing !== undefined && t?.closing !== undefined) between.push(f.closing);
    read.figures[c] = { opening: t?.opening ?? f.opening, closing: t?.closing ?? f.closing, ...(between.length ? { between } : {}) };
  }
  if (!read.rows.length) throw new AppError('no_transactions_found', 'The table has no transaction rows.');
  settleTotals(read);
  settleTextEvidence(read);
  warnings.push(...read.warnings);
  if (read.skipped.length) {
    warnings.push({
      code: 'rows_skipped',
      blocks: true,
      message: `${read.skipped.length} line(s) whose date or amount could not be read were left out (first: line ${read.skipped[0]}).`,
      page: read.skipped[0],
    });
  }
  if (read.notBooked) {
    // As camt's pending entries: the booked balances do not include them, so leaving them out keeps
    // the chain whole and the verdict may still be PASS.
    warnings.push({
      code: 'rows_skipped',
      blocks: false,
      message: `${read.notBooked} row(s) the file marks as not booked (pending, declined, reverted) were left out: booked balances do not include them.`,
    });
  }
  balancesFromBefore(read.rows, read.figures);
  const zeroBreaks = read.zeroBalances.filter((z) => !zeroRowAgrees(z));
  for (const z of zeroBreaks) {
    warnings.push({
      code: 'balance_mismatch',
      message: `Line ${z.line}: a row with a zero amount, or none, prints a balance that neither neighbouring row agrees with.`,
      page: z.line,
    });
  }
  const hasBalance = read.rows.some((r) => r.balance !== null) || Object.keys(read.figures).length > 0;
  // A bank profile says whose side the amounts are printed from; without one and without balances to
  // decide, a card export's own payment rows may say it (card-view.ts).
  // (A lone closing figure, a card export's "Balance as at" line, decides nothing: no opening to start from.)
  const balancesDecide =
    read.rows.some((r) => r.balance !== null) || Object.values(read.figures).some((f) => f.opening !== undefined && f.closing !== undefined);
  // (The lines above the table and the header, read only when neither a profile nor the balances decide.)
  const named = () =>
    `${records
      .slice(0, Math.max(0, cols.headerIndex))
      .map((r) => r.cells.join(' '))
      .join('\n')}\n${cols.headers.join(' ')}`;
  const bankView =
    profile?.amountSign === 'bank' ||
    (profile?.amountSign !== 'holder' &&
      !balancesDecide &&
      (printsIssuerSide(read.rows) || namedCardIssuerSide(read.rows, named(), maskedCardColumn(cols.headers, body))));
  const base = (r: ReadRow) => (r.signFrom === 'amount' && bankView ? -r.amount : r.amount);
  const feeModes: ('separate' | 'included')[] = profile?.fee ? [profile.fee] : read.rows.some((r) => r.fee) ? ['included', 'separate'] : ['included'];
  // (An included fee leaves the amount as it is: no new bigint per row.)
  const withFee = (f: (r: ReadRow) => bigint, mode: 'separate' | 'included') => (mode === 'separate' ? (r: ReadRow) => (r.fee ? f(r) - r.fee : f(r)) : f);
  const anyNegative = read.rows.some((r) => r.signFrom === 'amount' && r.amount < 0n);
  // The account's ids: printed above the table, or in id columns that hold one value ("Sort Code");
  // labelledIdText reads the first 500 rows only.
  const preamble = records
    .slice(0, Math.max(0, cols.headerIndex))
    .map((r) => r.cells.filter(Boolean).join(' '))
    .join('\n');
  // The period printed above the table ("Statement period: 01/01/2024 to 31/01/2024"), when labelled or a from-to pair.
  const printed = preamble ? readFacts(preamble) : null;
  const period = printed?.periodSure && printed.periodStart ? { periodStart: printed.periodStart, periodEnd: printed.periodEnd } : {};
  const ids = readStatementIds(`${preamble}
${labelledIdText(
  cols.headers,
  body.slice(0, 500).map((r) => r.cells),
  normHeader,
)}`);
  // An alternative reading must agree with the printed dates about which way the rows run: negated
  // balances walked against the dates are the same equations as balances printed before each row.
  const first = read.rows[0].date,
    last = read.rows[read.rows.length - 1].date;
  const datesSay: DraftStatement['order'] = first < last ? 'asc' : first > last ? 'desc' : 'auto';
  const stmt = (rows: DraftRow[], alternative: boolean, mirrored: boolean): DraftStatement => ({
    bank: explicit?.id ?? profile?.id ?? 'generic',
    currency: currency.code,
    rows,
    order: alternative ? datesSay : 'auto',
    mirrored,
    warnings,
    figures: read.figures,
    meta: { inputKind: input.inputKind, accountType: profile?.accountType ?? 'bank', accountId: ids.accountId, bankId: ids.bankId, ...period },
  });
  settleTexts(read.rows);
  // Printed labels beat the chain: the chain may decide only what the page leaves open. An amount column
  // without any sign or mark gets a per-row sign; debit/credit columns that no header or profile names
  // (placed by their contents) may be the other way round; a balance column that prints no sign at all
  // may be the holder's or the bank's view as a whole. A header word, a mark or a minus sign is never
  // flipped to make the balances agree.
  const perRowSign = hasBalance && !anyNegative && read.rows.every((r) => r.signFrom === 'amount');
  const columnsUnnamed = cols.headerIndex < 0 && !profile?.headerless && read.rows.some((r) => r.signFrom === 'columns');
  const balanceOpen = hasBalance && !read.balanceSigned;
  const amountReadings: ((r: ReadRow) => bigint)[] = [base];
  // An amount column with no sign anywhere may also be one direction as a whole (a month of card
  // purchases): checked by the printed figures like any other reading, after the per-row one.
  const wholeColumnOut = perRowSign && !bankView;
  if (hasBalance && columnsUnnamed) amountReadings.push((r) => (r.signFrom === 'columns' ? -r.amount : base(r)));
  // Readings are built only when the reconciler gets to them: the default one usually chains exactly.
  const readings: (() => DraftStatement)[] = [];
  // Balances as printed first: a positive balance is most often money the holder has, so where unnamed
  // columns and the balance sign are both open (mirror readings), the columns are swapped first.
  for (const negated of balanceOpen ? [false, true] : [false]) {
    feeModes.forEach((mode, m) => {
      amountReadings.forEach((f, k) => {
        const alternative = negated || m + k > 0;
        readings.push(() => {
          // The default reading changes no amount: the read rows are its draft rows, not copies of them.
          // A per-row sign is the statement's `mirrored` (each row's other option derived as -amount).
          const same = f === base && !bankView && mode === 'included';
          const d = stmt(same ? read.rows : toDraft(read.rows, withFee(f, mode)), alternative, perRowSign);
          return negated ? negateBalances(d) : d;
        });
        if (wholeColumnOut) {
          readings.push(() => {
            const d = stmt(
              toDraft(
                read.rows,
                withFee((r) => -absMinor(f(r)), mode),
              ),
              true,
              false,
            );
            return negated ? negateBalances(d) : d;
          });
        }
      });
    });
  }
  // (Rows left out, a printed balance that could not be placed, every amount's size a guess: each is a
  // warning above that the one table says blocks PASS; the verdict is decided from them in verdict.ts.)
  return reconcileBest(readings);
}
