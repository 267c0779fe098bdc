// A table of records (from CSV text or an XLSX sheet) -> EngineResult: columns, bank profile, date
// order, decimal separator, then every plausible reading handed to the reconciler to choose from.
import { AppError } from '../../errors.js';
import { inferDateOrder, looksLikeDate } from '../dates.js';
import { CURRENCY_CODES, currentCurrencyCode, DEFAULT_CURRENCY, SYMBOL_CURRENCY } from '../currencies.js';
import { absMinor, decimalOfVotes, decimalVote, parseMoney, type DecimalSeparator } from '../money.js';
import { detectProfile, getProfile, type BankProfile } from '../profiles/index.js';
import { reconcileBest, type DraftRow, type DraftStatement } from '../reconcile.js';
import { labelledIdText, readStatementIds } from '../statement-ids.js';
import type { ConvertOptions, EngineResult, InputKind, Warning } from '../types.js';
import { findColumns, hasMoneyRole, type ColumnRoles } from './header-roles.js';
import { normHeader, type Role } from './header-words.js';
import { splitTable } from './statement-split.js';
import { readFacts } from '../layout/statement-facts.js';
import { mergeStatements } from '../statements/merge.js';
import type { TextRecord } from './records.js';
import { readRows, textParts, type ReadResult, type ReadRow } from './row-reader.js';
import { withTextFallback } from './text-fallback.js';

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

const ISO_CODES = new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b`);

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

/** Guesses the statement currency: profile, currency column, symbols on amounts, header words, preamble. */
function currencyOf(records: TextRecord[], cols: ColumnRoles, profile: BankProfile | null, sample: string): { code: string; assumed: boolean } {
  const cur = cols.roles.indexOf('currency');
  const from = cols.headerIndex + 1;
  if (cur >= 0) {
    // The first code in the column, found in place (no copy of the table and of the column).
    for (let k = from; k < records.length; k++) {
      const v = records[k].cells[cur] ?? '';
      if (/^[A-Za-z]{3}$/.test(v)) return { code: currentCurrencyCode(v), assumed: false };
    }
  }
  if (profile?.currency) return { code: profile.currency, assumed: false };
  const moneyCols = cols.roles.flatMap((r, i) => (r === 'amount' || r === 'debit' || r === 'credit' || r === 'balance' ? [i] : []));
  for (const r of records.slice(from, from + 50)) {
    for (const i of moneyCols) {
      const m = r.cells[i] ? parseMoney(r.cells[i]) : null;
      if (m?.currency) return { code: m.currency, assumed: false };
    }
  }
  const head = cols.headers.join(' ');
  const hm = ISO_CODES.exec(head.toUpperCase()) ?? (/\b(in )?rs\.?\b/i.test(head) ? ['INR', 'INR'] : null);
  if (hm) return { code: currentCurrencyCode(hm[1]), assumed: false };
  // Only text above the table names the account's currency: a description ("POS CHG USD 5") does not.
  const pre = records
    .slice(0, Math.max(0, cols.headerIndex))
    .map((r) => r.cells.join(' '))
    .join(' ');
  // A headerless export has no such text; codes in its rows are most likely a currency column's.
  const pm = ISO_CODES.exec(pre) ?? (cols.headerIndex < 0 ? ISO_CODES.exec(sample.slice(0, 2048)) : null);
  if (pm) return { code: currentCurrencyCode(pm[1]), assumed: false };
  const sym = /[£€]/.exec(`${pre} ${head}`) ?? (cols.headerIndex < 0 ? null : /[£€]/.exec(sample.slice(0, 8192)));
  if (sym) return { code: SYMBOL_CURRENCY[sym[0]], assumed: false };
  // Headers in a euro-area language (Datum/Bedrag, Buchungstag/Betrag, Fecha/Importe ...) suggest EUR.
  const h = cols.headers.map(normHeader).join(' ');
  if (EURO_HEADER_WORDS.test(h)) return { code: 'EUR', assumed: true };
  // Russian header words suggest roubles, Ukrainian ones hryvnias (assumed, and said so).
  if (RUSSIAN_HEADER_WORDS.test(h)) return { code: 'RUB', assumed: true };
  if (UKRAINIAN_HEADER_WORDS.test(h)) return { code: 'UAH', assumed: true };
  return { code: DEFAULT_CURRENCY, assumed: true };
}

const RUSSIAN_HEADER_WORDS = /(?:^| )(сумма|описание|остаток|приход|расход)(?: |$)/;
const UKRAINIAN_HEADER_WORDS = /(?:^| )(сума|опис|залишок|надходження|видаток)(?: |$)/;
const EURO_HEADER_WORDS =
  /\b(addebiti|accrediti|descrizione|bedrag|betrag|buchungstag|buchungsdatum|umsatz|omschrijving|tegenrekening|montant|libelle|importe|concepto|importo|causale|saldo na|mededelingen|verwendungszweck)\b/;

/**
 * A type column that repeats the description ("Direct debit ABC" + "ABC") is printed once: the rows'
 * text is settled in place, once, and every reading shares it.
 */
function settleTexts(rows: ReadRow[]): void {
  for (const r of rows) {
    const low = r.typeCode.toLowerCase();
    if (!low) continue;
    const parts = textParts(r.description).filter((p) => !low.includes(p.toLowerCase()));
    if (parts.some((p) => p.toLowerCase().includes(low))) r.typeCode = '';
    r.description = parts;
  }
}

function toDraft(rows: ReadRow[], map: (r: ReadRow) => bigint): DraftRow[] {
  return rows.map((r) => {
    const amount = map(r);
    return {
      date: r.date,
      description: r.description,
      typeCode: r.typeCode,
      reference: r.reference,
      amount,
      balance: r.balance,
      currency: r.currency,
      provenance: r.provenance,
    };
  });
}

/**
 * A balance printed before each row is the balance after the row printed next to it in time: so each row
 * gets its successor's figure, the earliest figure is the opening, and the latest row, which nothing
 * printed checks, keeps none (the reconciler reports it unverified).
 */
function balancesFromBefore(rows: ReadRow[], figures: ReadResult['figures']): void {
  if (!rows.some((r) => r.balanceBefore !== null) || rows.some((r) => r.balance !== null)) return;
  if (new Set(rows.map((r) => r.currency)).size > 1) return;
  let asc = 0,
    desc = 0;
  for (let i = 1; i < rows.length; i++) {
    const p = rows[i - 1],
      q = rows[i];
    if (p.balanceBefore === null || q.balanceBefore === null) continue;
    if (p.balanceBefore + p.amount === q.balanceBefore) asc++;
    if (q.balanceBefore + q.amount === p.balanceBefore) desc++;
  }
  const chrono = desc > asc || (desc === asc && rows[0].date > rows[rows.length - 1].date) ? [...rows].reverse() : rows;
  const first = chrono[0].balanceBefore;
  if (first !== null) (figures[chrono[0].currency] ??= {}).opening ??= first;
  for (let i = 0; i < chrono.length; i++) chrono[i].balance = i + 1 < chrono.length ? chrono[i + 1].balanceBefore : null;
}

/**
 * A zero-amount row is no transaction, but the balance it prints is still a printed figure: it must equal
 * the balance after the row printed before it or after it (either printed order), or that balance less
 * the neighbour's own amount. Without a neighbouring balance there is nothing to compare.
 */
function zeroRowAgrees(z: ReadResult['zeroBalances'][number]): boolean {
  const near = [z.prev, z.next].filter((r): r is ReadRow => r !== null && r.balance !== null);
  if (!near.length) return true;
  return near.some((r) => z.balance === r.balance || z.balance === r.balance! - r.amount || z.balance === r.balance! + r.amount);
}

/** Index of the last header cell that names something (a trailing delimiter leaves an empty one). */
function lastNamed(headers: string[]): number {
  for (let i = headers.length - 1; i >= 0; i--) if (headers[i].trim()) return i;
  return -1;
}

/** The same statement with every printed balance (rows and figures) read with the opposite sign. */
function negateBalances(d: DraftStatement): DraftStatement {
  const figures: DraftStatement['figures'] = {};
  for (const [c, f] of Object.entries(d.figures ?? {})) {
    figures[c] = { ...f, opening: f.opening == null ? f.opening : -f.opening, closing: f.closing == null ? f.closing : -f.closing };
  }
  return { ...d, figures, rows: d.rows.map((r) => (r.balance == null ? r : { ...r, balance: -r.balance })) };
}

/** The decimal separator the money columns' cells vote for (tallied in place: no copy of 300,000 cells). */
function decimalOfCells(body: TextRecord[], cols: number[]): DecimalSeparator | null {
  let dot = 0,
    comma = 0;
  for (const r of body) {
    for (const i of cols) {
      const v = decimalVote(r.cells[i] ?? '');
      if (v === '.') dot++;
      else if (v === ',') comma++;
    }
  }
  return decimalOfVotes(dot, comma);
}

/**
 * The date order of the date column. A profile's day/month order holds unless the column itself
 * contradicts it (a 13th or later in the second place); where the column alone decides (no profile, or a
 * year-first profile), it is `ambiguous` when every date reads both ways.
 */
function dateOrderOf(dateTexts: string[], profileOrder: 'DMY' | 'MDY' | 'YMD' | undefined, prefer: 'DMY' | 'MDY') {
  const fromColumn = inferDateOrder(dateTexts, prefer);
  if (!profileOrder || profileOrder === 'YMD') return fromColumn;
  return { order: fromColumn.ambiguous ? profileOrder : fromColumn.order, ambiguous: false };
}

export function convertTable(input: TableInput): EngineResult {
  const { records, opts } = input;
  const explicit = opts.bank !== 'auto' && opts.bank !== 'generic' ? getProfile(opts.bank) : null;
  let profile = explicit;
  let cols = columnsFor(records, profile);
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
      if (again && again.roles.includes('date') && hasMoneyRole(again.roles)) {
        profile = detected;
        cols = again;
      }
    }
  }
  if (!cols || !cols.roles.includes('date') || !hasMoneyRole(cols.roles)) {
    throw new AppError('no_transactions_found', 'No table with a date column and an amount column was found.');
  }
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
  const warnings: Warning[] = [];
  const currency = currencyOf(records, cols, profile, input.sample);
  if (currency.assumed) warnings.push({ code: 'currency_assumed', message: `The file names no currency; ${currency.code} was assumed.` });

  const dateCol = cols.roles.indexOf('date');
  // dateShare([x]) === 1 for one text: it is not blank and reads as a date.
  const dateTexts: string[] = [];
  for (const r of body) {
    const x = r.cells[dateCol] ?? '';
    if (x && String(x).trim() && looksLikeDate(x)) dateTexts.push(x);
  }
  const prefer = profile?.dateOrder === 'MDY' || (!profile?.dateOrder && ['USD', 'CAD'].includes(currency.code)) ? 'MDY' : 'DMY';
  const { order, ambiguous } = dateOrderOf(dateTexts, profile?.dateOrder, prefer);
  if (ambiguous) {
    warnings.push({
      code: 'date_order_ambiguous',
      message: `Every date reads both as day/month and month/day; they were read as ${order === 'MDY' ? 'month/day (US)' : 'day/month (UK)'}.`,
    });
  }
  const moneyCols = cols.roles.flatMap((r, i) =>
    r === 'amount' || r === 'debit' || r === 'credit' || r === 'balance' || r === 'balanceBefore' || r === 'fee' ? [i] : [],
  );
  const decimal = profile?.decimal ?? decimalOfCells(body, moneyCols) ?? (input.delimiter === ';' ? ',' : undefined);

  const width = cols.headerIndex >= 0 ? lastNamed(cols.headers) + 1 : undefined;
  const read = readRows(body, { roles: cols.roles, order, decimal, currency: currency.code, width });
  // Opening/closing figures printed in the preamble, above the header.
  const pre = readRows(records.slice(0, Math.max(0, cols.headerIndex)), { roles: cols.roles.map(() => null), order, decimal, currency: currency.code });
  for (const [c, f] of Object.entries(pre.figures)) read.figures[c] = { ...f, ...read.figures[c] };
  if (!read.rows.length) throw new AppError('no_transactions_found', 'The table has no transaction rows.');
  warnings.push(...read.warnings);
  if (read.skipped.length) {
    warnings.push({
      code: 'rows_skipped',
      message: `${read.skipped.length} line(s) with an amount but no readable date were left out (first: line ${read.skipped[0]}).`,
      page: read.skipped[0],
    });
  }
  balancesFromBefore(read.rows, read.figures);
  const zeroBreaks = read.zeroBalances.filter((z) => !zeroRowAgrees(z));
  for (const z of zeroBreaks) {
    warnings.push({
      code: 'balance_mismatch',
      message: `Line ${z.line}: a row with a zero amount prints a balance that neither neighbouring row agrees with.`,
      page: z.line,
    });
  }
  const hasBalance = read.rows.some((r) => r.balance !== null) || Object.keys(read.figures).length > 0;
  const bankView = profile?.amountSign === 'bank';
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
  const result = reconcileBest(readings);
  if ((read.skipped.length || zeroBreaks.length) && result.reconcile_status === 'PASS') {
    // Rows were left out, or a printed balance could not be placed: the chain does not vouch for the whole statement.
    result.reconcile_status = 'RECONCILE_WARN';
  }
  return result;
}
