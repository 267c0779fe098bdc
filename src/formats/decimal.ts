// The result's amounts are plain decimal strings (`-?\d+(\.\d+)?`, the currency's minor digits).
// Sums go through bigint minor units; strings are passed through untouched wherever possible.
import { formatMinor, parseAmount } from '../engine/money.js';

const PLAIN = /^-?\d+(\.\d+)?$/;

/** Minor units of a plain decimal; a malformed amount is an engine bug, so it throws. */
export function toMinor(text: string, exponent: number): bigint {
  const v = PLAIN.test(text) ? parseAmount(text, exponent) : null;
  if (v === null) throw new Error(`Amount is not a plain decimal with ${exponent} digits: ${JSON.stringify(text)}`);
  return v;
}

export const fromMinor = (v: bigint, exponent: number): string => formatMinor(v, exponent);

/** The unsigned form of a plain decimal ("-12.30" -> "12.30"). */
export const unsigned = (text: string): string => (text.startsWith('-') ? text.slice(1) : text);

/** True for "0", "0.00", "-0.00". */
export const isZero = (text: string): boolean => /^-?0*(\.0*)?$/.test(text);

/** The xlsx number format showing exactly `exponent` decimals, with thousands separators. */
export const excelNumberFormat = (exponent: number): string => (exponent > 0 ? `#,##0.${'0'.repeat(exponent)}` : '#,##0');

/**
 * The amount unchanged, after checking it is a plain decimal ("" allowed where the contract allows it).
 * Numeric columns skip the formula guard, so this check is what keeps them safe; a failure is an engine bug.
 */
export function plain(text: string, allowEmpty = false): string {
  if ((allowEmpty && text === '') || PLAIN.test(text)) return text;
  throw new Error(`Amount is not a plain decimal: ${JSON.stringify(text)}`);
}
