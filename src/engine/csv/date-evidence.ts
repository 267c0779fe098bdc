// Day/month against month/day when every date of the column reads both ways: what else the table
// prints may settle it. Read only then (rare), so it may look at every row.
import { parseDate, type DateParts } from '../dates.js';
import { absMinor, parseMoney, type DecimalSeparator } from '../money.js';
import type { Role } from './header-words.js';
import type { TextRecord } from './records.js';

type Order = 'DMY' | 'MDY';
const ORDERS: Order[] = ['DMY', 'MDY'];

// A posting date follows its transaction (or value) date within days: at most 10 under the right
// reading, while the other reading of the same pair lies 20 days or more apart (a month's shift).
const NEAR_DAYS = 10;
const FAR_DAYS = 20;

// Days since an epoch; a date printed without a year takes one year for both dates of a pair.
const dayNumber = (p: DateParts): number => Date.UTC(p.y ?? 2000, p.m - 1, p.d) / 86_400_000;

/** Two date columns (transaction and posting date): the reading under which every pair lies days apart. */
function fromDatePairs(body: TextRecord[], a: number, b: number): Order | null {
  const widest = { DMY: 0, MDY: 0 };
  let pairs = 0;
  for (const r of body) {
    const x = r.cells[a],
      y = r.cells[b];
    if (!x || !y) continue;
    for (const o of ORDERS) {
      const p = parseDate(x, o),
        q = parseDate(y, o);
      if (!p || !q) return null;
      widest[o] = Math.max(widest[o], Math.abs(dayNumber(p) - dayNumber(q)));
    }
    pairs++;
  }
  if (!pairs) return null;
  if (widest.MDY <= NEAR_DAYS && widest.DMY >= FAR_DAYS) return 'MDY';
  if (widest.DMY <= NEAR_DAYS && widest.MDY >= FAR_DAYS) return 'DMY';
  return null;
}

/**
 * The printed balances fix the rows' order (each balance is the one above plus its row's amount, or the
 * one below plus the row above's amount, and never the other way): the dates must run the same way,
 * which one reading may not.
 */
function fromBalanceOrder(body: TextRecord[], roles: (Role | null)[], dateCol: number, decimal: DecimalSeparator | undefined): Order | null {
  const col = (role: Role) => roles.indexOf(role);
  const [amountCol, debitCol, creditCol, balanceCol] = [col('amount'), col('debit'), col('credit'), col('balance')];
  if (balanceCol < 0) return null;
  const money = (r: TextRecord, i: number) => (i >= 0 && r.cells[i] ? (parseMoney(r.cells[i], { decimal })?.value ?? null) : null);
  const rows: { amount: bigint; balance: bigint; date: string }[] = [];
  for (const r of body) {
    const balance = money(r, balanceCol);
    const credit = money(r, creditCol);
    const debit = credit === null ? money(r, debitCol) : null;
    const amount = money(r, amountCol) ?? (credit !== null ? absMinor(credit) : debit !== null ? -absMinor(debit) : null);
    const date = r.cells[dateCol];
    if (balance !== null && amount !== null && date) rows.push({ amount, balance, date });
  }
  let up = 0,
    down = 0;
  for (let i = 1; i < rows.length; i++) {
    if (rows[i].balance === rows[i - 1].balance + rows[i].amount) up++;
    if (rows[i - 1].balance === rows[i].balance + rows[i - 1].amount) down++;
  }
  if (up > 0 === down > 0) return null;
  const fits = ORDERS.filter((o) => {
    const days = rows.map((r) => parseDate(r.date, o));
    if (days.some((d) => !d)) return false;
    for (let i = 1; i < days.length; i++) {
      const step = dayNumber(days[i]!) - dayNumber(days[i - 1]!);
      if (up ? step < 0 : step > 0) return false;
    }
    return true;
  });
  return fits.length === 1 ? fits[0] : null;
}

/** The order the rest of the table settles, or null when it settles nothing. */
export function dateOrderEvidence(body: TextRecord[], roles: (Role | null)[], decimal: DecimalSeparator | undefined): Order | null {
  const dateCol = roles.indexOf('date');
  const valueCol = roles.indexOf('valueDate');
  return (valueCol >= 0 ? fromDatePairs(body, dateCol, valueCol) : null) ?? fromBalanceOrder(body, roles, dateCol, decimal);
}
