// Exact decimal sums for the totals line: amounts are strings, added as scaled BigInts, never floats.
const SCALE = 6;
const FACTOR = 10n ** BigInt(SCALE);

export function toUnits(s) {
  if (!s) return 0n;
  const neg = s.startsWith('-');
  const [int, frac = ''] = s.replace(/^[-+]/, '').split('.');
  const v = BigInt(int || '0') * FACTOR + BigInt((frac + '0'.repeat(SCALE)).slice(0, SCALE));
  return neg ? -v : v;
}

export function formatUnits(v, decimals = 2) {
  const neg = v < 0n;
  const a = neg ? -v : v;
  const int = (a / FACTOR).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const frac = (a % FACTOR).toString().padStart(SCALE, '0');
  let shown = frac.slice(0, decimals);
  const rest = frac.slice(decimals).replace(/0+$/, '');
  if (rest) shown += rest;
  return `${neg ? '-' : ''}${int}${shown ? `.${shown}` : ''}`;
}

/** Money in, money out and net per currency, in first-seen order. */
export function totals(transactions) {
  const by = new Map();
  for (const t of transactions) {
    const c = by.get(t.Currency) ?? { currency: t.Currency, inflow: 0n, outflow: 0n, count: 0 };
    c.inflow += toUnits(t.Credit);
    c.outflow += toUnits(t.Debit);
    c.count += 1;
    by.set(t.Currency, c);
  }
  return [...by.values()].map((c) => ({ ...c, net: c.inflow - c.outflow }));
}

/** A plain decimal string for people: thousands separators, at least `decimals` digits; '' stays ''. */
export function formatMoney(s, decimals = 2) {
  return s ? formatUnits(toUnits(s), decimals) : '';
}
