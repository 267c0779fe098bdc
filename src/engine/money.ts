// Money as integer minor units (bigint). Never a float. (Skeleton: the CSV engine issue extends this.)

/** Minor digits per ISO 4217 code; 2 unless listed. */
const EXPONENTS: Record<string, number> = { JPY: 0, KRW: 0, ISK: 0, BHD: 3, KWD: 3, OMR: 3, JOD: 3, TND: 3 };

export const currencyExponent = (code: string): number => EXPONENTS[code] ?? 2;

/** Parses a plain or lightly decorated decimal ("1,234.56", "-12.30", "£5") into minor units, or null. */
export function parseAmount(text: string, exponent = 2): bigint | null {
  let s = text.trim().replace(/[£€$\s]/g, '');
  let neg = false;
  if (/^\(.*\)$/.test(s)) { neg = true; s = s.slice(1, -1); }
  if (s.startsWith('-')) { neg = !neg; s = s.slice(1); } else if (s.startsWith('+')) s = s.slice(1);
  if (s.endsWith('-')) { neg = !neg; s = s.slice(0, -1); }
  s = s.replace(/,/g, '');
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s);
  if (!m) return null;
  const frac = (m[2] ?? '').padEnd(exponent, '0');
  if (frac.length > exponent) return null;
  const v = BigInt(m[1] + frac);
  return neg ? -v : v;
}

/** Formats minor units as a plain decimal with exactly `exponent` digits ("-12.30"). */
export function formatMinor(v: bigint, exponent = 2): string {
  const neg = v < 0n;
  const abs = (neg ? -v : v).toString().padStart(exponent + 1, '0');
  const body = exponent === 0 ? abs : `${abs.slice(0, -exponent)}.${abs.slice(-exponent)}`;
  return neg ? `-${body}` : body;
}

/** The JSON number for reconcile_diff, rounded to the currency's minor digits. */
export const minorToNumber = (v: bigint, exponent = 2): number => Number(formatMinor(v, exponent));
