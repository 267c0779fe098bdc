// Finds the header row of a table by its words and gives every column a role; where the header says
// nothing (or there is no header), roles come from the column contents.
import { dateShare } from '../dates.js';
import { CURRENCY_CODES } from '../currencies.js';
import { parseMoney } from '../money.js';
import type { TextRecord } from './records.js';
import { CREDIT_MARKS, DEBIT_MARKS, directionMark, normHeader, roleOfHeader, type Role } from './header-words.js';

export interface ColumnRoles {
  /** Index of the header record in the record list, or -1 when the table has no header. */
  headerIndex: number;
  roles: (Role | null)[];
  headers: string[];
}

const MONEY_ROLES: Role[] = ['amount', 'debit', 'credit'];

/** Share of non-empty values that parse as money (0..1). */
export function moneyShare(values: string[]): number {
  let n = 0,
    ok = 0;
  for (const v of values) {
    if (!v) continue;
    n++;
    // (A run of 13 or more digits with no separator is an account or card number, never an amount.)
    if (parseMoney(v) !== null && !/^\d{1,4}[-/.]\d{1,2}[-/.]\d{1,4}$/.test(v) && !/^\d{13,}$/.test(v)) ok++;
  }
  return n ? ok / n : 0;
}

const column = (records: TextRecord[], from: number, i: number, limit = 400): string[] => {
  const out: string[] = [];
  for (let r = from; r < records.length && out.length < limit; r++) out.push(records[r].cells[i] ?? '');
  return out;
};

function scoreHeader(cells: string[]): { score: number; roles: (Role | null)[] } {
  const roles = cells.map((c) => (c && !looksLikeValue(c) ? roleOfHeader(c) : null));
  const has = (r: Role) => roles.includes(r);
  let score = roles.filter((r) => r && r !== 'ignore' && r !== 'status').length;
  if (!(has('date') || has('valueDate'))) score -= 3;
  if (!(has('amount') || has('debit') || has('credit'))) score -= 3;
  return { score, roles };
}

const looksLikeValue = (c: string) => /\d{2}/.test(c) && (parseMoney(c) !== null || dateShare([c]) === 1);

/** Every value is a debit/credit mark (or a trade's buy/sell side); unless the header said so, at least one is a word ("CR", "D"), not "+"/"-". */
function isMarkColumn(vals: string[], named: boolean): boolean {
  return (
    vals.length > 0 &&
    vals.every((v) => CREDIT_MARKS.test(directionMark(v)) || DEBIT_MARKS.test(directionMark(v))) &&
    (named || vals.some((v) => /[a-z]/i.test(v)))
  );
}

/** Profile column words (normalised header -> role) take precedence over the shared synonyms. */
export function findColumns(records: TextRecord[], overrides: Record<string, Role> = {}): ColumnRoles | null {
  let best: { idx: number; score: number; roles: (Role | null)[]; cells: string[] } | null = null;
  const scan = Math.min(records.length, 80);
  for (let i = 0; i < scan; i++) {
    let cells = records[i].cells;
    let idx = i;
    // A header printed over two records that fill each other's empty cells (SEB: the dates and
    // verification number on one line, "Text / mottagare,Belopp,Saldo" on the next) is one header.
    const joined = i + 1 < records.length ? complementary(cells, records[i + 1].cells) : null;
    if (joined && scoreHeader(joined).score > scoreHeader(cells).score) {
      cells = joined;
      idx = i + 1;
    }
    if (cells.filter((c) => c).length < 2) continue;
    const s = scoreHeader(cells);
    cells.forEach((c, k) => {
      const o = overrides[normHeader(c)];
      if (o) {
        s.roles[k] = o;
        s.score += 1;
      }
    });
    if (s.score >= 2 && (!best || s.score > best.score)) best = { idx, ...s, cells };
  }
  if (best) {
    const roles = accountAmountFirst(
      postingDateFirst(varyingFirst(refineByContent(records, best.idx + 1, best.roles, best.cells), records, best.idx + 1), best.cells, records, best.idx + 1),
      best.cells,
    );
    return { headerIndex: best.idx, roles, headers: best.cells };
  }
  const balancesOnly = balanceOnlyHeader(records);
  if (balancesOnly) return balancesOnly;
  return rolesFromContent(records);
}

/**
 * Two records of words (no figure, no date) where no column is filled in both and each fills some:
 * their cells merged, else null.
 */
function complementary(a: string[], b: string[]): string[] | null {
  const n = Math.max(a.length, b.length);
  const out: string[] = [];
  let inA = 0,
    inB = 0;
  for (let k = 0; k < n; k++) {
    const x = a[k] ?? '',
      y = b[k] ?? '';
    if (x && y) return null;
    if ((x && looksLikeValue(x)) || (y && looksLikeValue(y)) || /\d/.test(x + y)) return null;
    if (x) inA++;
    if (y) inB++;
    out.push(x || y);
  }
  return inA && inB ? out : null;
}

/**
 * A header naming a date and balances but no amount ("Datum, Boeksaldo, Valutair saldo"): a list of daily
 * balances, not of transactions. Returned as it is, so the caller finds no money column and says so.
 */
function balanceOnlyHeader(records: TextRecord[]): ColumnRoles | null {
  const first = records.findIndex((r) => r.cells.some((c) => c));
  if (first < 0) return null;
  const cells = records[first].cells;
  const { roles } = scoreHeader(cells);
  if (!roles.includes('date') || !roles.includes('balance') || hasMoneyRole(roles)) return null;
  if (cells.some((c) => c && looksLikeValue(c))) return null;
  // Every column holding amounts below must be one the header calls a balance.
  const moneyCols = cells.map((_, i) => i).filter((i) => moneyShare(column(records, first + 1, i, 50).filter((v) => v)) > 0.9);
  if (!moneyCols.length || moneyCols.some((i) => roles[i] !== 'balance')) return null;
  return { headerIndex: first, roles, headers: cells };
}

/**
 * A date or balance column printing one value on every row (a statement's "initial_date" or
 * "final_balance" repeated on each row, as some exports do) dates no row and is no running balance where
 * another column of the role varies: that one is read. (With no other, a constant balance is still a
 * printed figure, and disagrees with the rows.)
 */
function varyingFirst(roles: (Role | null)[], records: TextRecord[], from: number): (Role | null)[] {
  const distinct = (i: number) => {
    const vals = column(records, from, i, 200).filter((v) => v.trim());
    return { n: vals.length, values: new Set(vals).size };
  };
  const out = [...roles];
  for (const role of ['date', 'balance'] as const) {
    const cols = out.flatMap((r, i) => (r === role ? [i] : []));
    if (cols.length < 2) continue;
    const seen = cols.map(distinct);
    // (Rows of one day share a date: only beside a column that does vary is one that does not suspect.)
    if (!seen.some((d) => d.values >= 2)) continue;
    cols.forEach((i, k) => {
      if (seen[k].n >= 2 && seen[k].values === 1) out[i] = null;
    });
  }
  return out;
}

// Words naming the posting (booking) date among several date columns.
const POSTING_WORDS =
  /[记入]账|記帳|(?:^| )(posting|posted|post|bookdate|book|bokning\w*|processeddate|booking|booked|buchung\w*|boek\w*|bokforings\w*|bogforings\w*|bokfort|kirjaus\w*|reskontra\w*|processed|processing|settled|settlement|cleared|completed|обработки|проводки|списания|проведения|zauctovani\w*|ksiegowania|contabile|contable|registrazione|konyvel\w*|comptable|gramatosanas|kande)(?: |$)/;

/**
 * Where a row prints two dates, Date is the posting (booking) date: the date column whose header says so
 * wins, the others become secondary dates. Without such a word the first date column stays the Date.
 */
function postingDateFirst(roles: (Role | null)[], headers: string[], records: TextRecord[], from: number): (Role | null)[] {
  const dates = roles.flatMap((r, i) => (r === 'date' ? [i] : []));
  if (dates.length < 2) return roles;
  // A column empty on most of the rows the other date columns date (a settlement date only some entries
  // print) is no row's Date.
  const fills = dates.map((i) => column(records, from, i, 200).filter((v) => v.trim()).length);
  const most = Math.max(...fills);
  const posting = dates.find((i, k) => POSTING_WORDS.test(normHeader(headers[i] ?? '')) && fills[k] * 2 >= most);
  if (posting === undefined) return roles;
  return roles.map((r, i) => (r === 'date' && i !== posting ? 'valueDate' : r));
}

// An amount in the account's currency against one in the operation's (original) currency.
const ACCOUNT_AMOUNT = /(?:^| )(account|konto|billing|счета|платежа|пересчитанная|buchungswahrung)(?: |$)/;
const OPERATION_AMOUNT = /(?:^| )(operation|operations|original|transaction currency|операции|ursprung\w*|fremdwahrung)(?: |$)/;

/**
 * Two amount columns, one in the account's currency and one in the operation's ("Сумма операции" next to
 * "Сумма пересчитанная в валюту счета"): the account's is the amount, the other an original amount.
 */
function accountAmountFirst(roles: (Role | null)[], headers: string[]): (Role | null)[] {
  const amounts = roles.flatMap((r, i) => (r === 'amount' ? [i] : []));
  if (amounts.length < 2) return roles;
  const h = (i: number) => normHeader(headers[i] ?? '');
  // "Gross", "Fee" and "Net" (PayPal, Stripe): the net amount is what moved the balance.
  const net = amounts.find((i) => /^net( amount)?$/.test(h(i)));
  if (net !== undefined && amounts.some((i) => /^gross( amount)?$/.test(h(i)))) {
    return roles.map((r, i) => (r === 'amount' && /^gross( amount)?$/.test(h(i)) ? 'ignore' : r));
  }
  if (!amounts.some((i) => ACCOUNT_AMOUNT.test(h(i)))) return roles;
  return roles.map((r, i) => (r === 'amount' && !ACCOUNT_AMOUNT.test(h(i)) && OPERATION_AMOUNT.test(h(i)) ? 'ignore' : r));
}

/** Some figures print a minus and some, not zero, print none. */
const bothSigns = (c: string[]): boolean =>
  c.some((x) => parseMoney(x)?.signed === true) && c.some((x) => x !== '' && parseMoney(x)?.signed === false && parseMoney(x)?.value !== 0n);

/** A cell that prints no sign or mark of its own (minus, plus, brackets, CR/DR/OD), as money.ts reads one. */
const unsignedFigure = (x: string): boolean => !x || parseMoney(x)?.signed !== true;

/** Checks header roles against the values below them (a "Type" column holding debit/credit is a direction). */
function refineByContent(records: TextRecord[], from: number, roles: (Role | null)[], headers: string[]): (Role | null)[] {
  const out = [...roles];
  out.forEach((role, i) => {
    // (The header printed again below the rows, as exports joined together or footed repeat it, is no value.)
    const vals = column(records, from, i).filter((v) => v && v !== headers[i]);
    if (!vals.length) return;
    if ((role === 'type' || role === 'direction' || role === 'amount' || role === 'debit' || role === 'credit') && isMarkColumn(vals, true))
      out[i] = 'direction';
    // A column with no header word ("Amount,  " then "CR") that holds only debit/credit marks.
    else if (role === null && isMarkColumn(vals, false)) out[i] = 'direction';
    else if (role === 'direction' && moneyShare(vals) > 0.8) out[i] = 'amount';
    else if (role === 'currency' && !vals.every((v) => /^[A-Z]{3}$/i.test(v))) out[i] = dateShare(vals) > 0.8 ? 'valueDate' : null;
    else if (role === 'valueDate' && vals.every((v) => /^[A-Z]{3}$/i.test(v))) out[i] = 'currency';
    else if ((role === 'date' || role === 'valueDate') && dateShare(vals) < 0.5) out[i] = null;
  });
  // A header with no date word: the first column full of dates is the date.
  if (!out.includes('date')) {
    const v = out.indexOf('valueDate');
    if (v >= 0) out[v] = 'date';
  }
  if (!out.includes('date')) {
    for (let i = 0; i < out.length; i++) {
      if (out[i] === null && dateShare(column(records, from, i).filter((x) => x)) > 0.9) {
        out[i] = 'date';
        break;
      }
    }
  }
  return out;
}

/**
 * A table without a header (HSBC, first direct, Barclaycard exports): the date column is the one full of
 * dates; money columns are the ones full of amounts (the last one is the balance when there are three or
 * the values chain, which the reconciler checks); the longest text column is the description.
 */
function rolesFromContent(records: TextRecord[]): ColumnRoles | null {
  const widths = new Map<number, number>();
  for (const r of records) widths.set(r.cells.length, (widths.get(r.cells.length) ?? 0) + 1);
  const width = [...widths].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  if (width < 2) return null;
  const rows = records.filter((r) => r.cells.length >= width - 1);
  const cols = Array.from({ length: width }, (_, i) => rows.map((r) => r.cells[i] ?? ''));
  const roles = new Array<Role | null>(width).fill(null);
  const dateCol = cols.findIndex((c) => dateShare(c.filter((x) => x)) > 0.8);
  if (dateCol < 0) return null;
  roles[dateCol] = 'date';
  const money = cols
    .map((c, i) => (i !== dateCol && c.some((x) => x) && moneyShare(c) > 0.9 && c.some((x) => /[.,]\d{2}\b|^-?\d+$/.test(x)) ? i : -1))
    .filter((i) => i >= 0);
  // Columns of bare integers that never carry a decimal (ids, counts) are not money when others are.
  const decimalMoney = money.filter((i) => cols[i].some((x) => /[.,]\d{1,2}$/.test(x.replace(/\s*(CR|DR)$/i, ''))));
  const m = decimalMoney.length ? decimalMoney : money;
  if (!m.length) return null;
  if (m.length === 1) {
    // One unsigned money column, then a column empty on every row with more columns after it: a paid
    // out / paid in pair whose money-in side this export never uses (POSB: date, code, 7.80, "", payee).
    // Out comes first, as in almost every such export; with balances the swapped reading is tried too.
    const i = m[0];
    const pair = i + 2 < width && cols[i + 1].every((x) => !x) && cols.slice(i + 2).some((c) => c.some((x) => x)) && cols[i].every(unsignedFigure);
    roles[i] = pair ? 'debit' : 'amount';
    if (pair) roles[i + 1] = 'credit';
  } else if (m.length === 2) {
    // Either amount + balance, or paid out + paid in (one of the two empty on every row).
    const exclusive = rows.every((r) => !(r.cells[m[0]] && r.cells[m[1]]));
    if (exclusive) {
      roles[m[0]] = 'debit';
      roles[m[1]] = 'credit';
    } else {
      const [bal, amt, before] = balancePair(rows, m[0], m[1]);
      roles[amt] = 'amount';
      roles[bal] = before ? 'balanceBefore' : 'balance';
    }
  } else {
    // A balance before, a balance after and the amount between them, on every row (ABN AMRO's text
    // export: start balance, end balance, amount); else paid out, paid in and a balance last.
    const triple = beforeAfterAmount(rows, m);
    // (The last figure column is left out: a balance that goes overdrawn prints both signs too.)
    const signed = m.slice(0, -1).find((i) => bothSigns(cols[i]));
    if (triple) {
      roles[triple[0]] = 'balanceBefore';
      roles[triple[1]] = 'balance';
      roles[triple[2]] = 'amount';
    } else if (signed !== undefined) {
      // A column printing a minus on some rows and none on others is a signed amount, never one side of a
      // paid out / paid in pair (a broker's report: net amount, proceeds, price, commission). A balance
      // is printed on every row the amount is; a figure column only some rows fill is something else.
      roles[signed] = 'amount';
      const full = m.filter((i) => i > signed && cols[signed].every((x, k) => !x || cols[i][k]));
      if (full.length) roles[full[full.length - 1]] = 'balance';
    } else {
      roles[m[0]] = 'debit';
      roles[m[1]] = 'credit';
      roles[m[m.length - 1]] = 'balance';
    }
  }
  // A column of currency codes filled on every row gives each row its currency (a multi-currency export).
  const codes = cols.findIndex((c, i) => !roles[i] && c.every((x) => CURRENCY_CODES.includes(x.trim().toUpperCase())));
  if (codes >= 0) roles[codes] = 'currency';
  // A column of debit/credit marks ("D", "CR") signs the amounts.
  cols.forEach((c, i) => {
    if (
      !roles[i] &&
      isMarkColumn(
        c.filter((x) => x),
        false,
      )
    )
      roles[i] = 'direction';
  });
  // Every free-text column describes the row (a counterparty name and a payment text, in column order):
  // words with spaces, varying from row to row. An IBAN, an account number or a code has no spaces; a
  // value repeated on every row (the card holder) names the account. Without such a column, the one
  // with the most letters.
  const free = cols.map((c, i) => {
    if (roles[i]) return false;
    const filled = c.filter((x) => x);
    if (!filled.some((x) => /\p{L}/u.test(x) && /\S\s+\S/.test(x))) return false;
    return filled.length < 2 || filled.some((x) => x !== filled[0]);
  });
  if (free.some(Boolean))
    free.forEach((f, i) => {
      if (f) roles[i] = 'description';
    });
  else {
    let bestLen = 0,
      desc = -1;
    cols.forEach((c, i) => {
      if (roles[i]) return;
      const len = c.reduce((a, x) => a + (x.match(/\p{L}/gu)?.length ?? 0), 0);
      if (len > bestLen) {
        bestLen = len;
        desc = i;
      }
    });
    if (desc >= 0) roles[desc] = 'description';
  }
  return { headerIndex: -1, roles, headers: [] };
}

/**
 * Two money columns, both filled on every row: which is the balance, and does it print the balance after
 * the row or before it (ASN Bank)? The reading under which most neighbouring rows chain wins, in either
 * printed order; without evidence, amount then balance.
 */
/**
 * Columns [before, after, amount] of `m` where before + amount = after on every row that prints all three
 * (two rows at least), among the first 200: a guess of roles, which the balance chain then checks.
 */
function beforeAfterAmount(all: TextRecord[], m: number[]): [number, number, number] | null {
  const rows = all.slice(0, 200);
  const val = (r: TextRecord, i: number) => parseMoney(r.cells[i] ?? '')?.value ?? null;
  for (const before of m)
    for (const after of m)
      for (const amount of m) {
        if (before === after || before === amount || after === amount) continue;
        let checked = 0;
        const holds = rows.every((r) => {
          const [b, a, x] = [val(r, before), val(r, after), val(r, amount)];
          if (b === null || a === null || x === null) return true;
          checked++;
          return b + x === a && x !== 0n;
        });
        if (holds && checked >= 2) return [before, after, amount];
      }
  return null;
}

function balancePair(rows: TextRecord[], a: number, b: number): [number, number, boolean] {
  const val = (r: TextRecord, i: number) => parseMoney(r.cells[i] ?? '')?.value ?? null;
  const A = rows.map((r) => val(r, a));
  const B = rows.map((r) => val(r, b));
  const score = (X: (bigint | null)[], Y: (bigint | null)[], before: boolean) => {
    let n = 0;
    for (let i = 1; i < X.length; i++) {
      const x0 = X[i - 1],
        x1 = X[i],
        y0 = Y[i - 1],
        y1 = Y[i];
      if (x0 === null || x1 === null || y0 === null || y1 === null) continue;
      const asc = before ? x1 - x0 === y0 : x1 - x0 === y1;
      const desc = before ? x0 - x1 === y1 : x0 - x1 === y0;
      if (asc || desc) n++;
    }
    return n;
  };
  const options: [number, number, boolean][] = [
    [b, a, false],
    [a, b, false],
    [b, a, true],
    [a, b, true],
  ];
  let best = options[0],
    bestScore = 0;
  for (const o of options) {
    const s = score(o[0] === a ? A : B, o[1] === a ? A : B, o[2]);
    if (s > bestScore) {
      bestScore = s;
      best = o;
    }
  }
  return best;
}

export const hasMoneyRole = (roles: (Role | null)[]) => roles.some((r) => r && MONEY_ROLES.includes(r));
