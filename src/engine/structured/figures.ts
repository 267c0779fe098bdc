// Exact amounts and dates as structured formats write them: no thousands separators, one decimal mark,
// no float anywhere. A figure that does not read is the file's fault: a clear 400 naming the place.
import { AppError } from '../../errors.js';
import { daysInMonth, isoDate } from '../dates.js';

/** Unsigned decimal "1234,5" / "1234.50" / "12," -> minor units; null when it is not one, or has too many decimals. */
export function decimalToMinor(text: string, exponent: number, mark: ',' | '.' | 'either'): bigint | null {
  const s = text.trim();
  const re = mark === ',' ? /^(\d+)(?:,(\d*))?$/ : mark === '.' ? /^(\d+)?(?:\.(\d*))?$/ : /^(\d+)?(?:[.,](\d*))?$/;
  const m = re.exec(s);
  if (!m || (!m[1] && !m[2])) return null;
  const frac = (m[2] ?? '').replace(/0+$/, '');
  if (frac.length > exponent) return null;
  return BigInt((m[1] ?? '0') + frac.padEnd(exponent, '0'));
}

/** Signed decimal "-12.30" / "+12.30" / "12.30" (OFX TRNAMT, QIF T, camt with a sign of its own). */
export function signedToMinor(text: string, exponent: number, mark: ',' | '.' | 'either' = '.'): bigint | null {
  const m = /^\s*([+-]?)\s*(.*?)\s*$/.exec(text);
  if (!m) return null;
  const v = decimalToMinor(m[2], exponent, mark);
  return v === null ? null : m[1] === '-' ? -v : v;
}

/** A real calendar day, or null; `clamp` moves an overflowing day (30 February) to the month's last. */
export function dayOf(y: number, m: number, d: number, clamp = false): string | null {
  if (!(y >= 1900 && y <= 2200 && m >= 1 && m <= 12 && d >= 1)) return null;
  const last = daysInMonth(y, m);
  if (d > last) {
    if (!clamp || d > 31) return null;
    d = last;
  }
  return isoDate({ y, m, d });
}

export function broken(what: string, detail: string): AppError {
  return new AppError('security_check_failed', `The ${what} file is broken and was not read: ${detail}`);
}
