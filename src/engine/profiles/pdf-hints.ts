// PDF / fixed-width text recognition, derived from the bank profiles' `pdf` hints (banks/*.ts). Owned by
// the PDF engine; the CSV engine never reads them. Everything not recognised is read by the generic
// layout as `generic`.
import { BANK_PROFILES } from './banks/index.js';
import type { PdfHints } from './types.js';

/**
 * Profile id -> hints, card issuers first: their statements name the parent bank in the small print
 * ("Barclaycard is a trading name of Barclays Bank UK PLC"), so the bank's own pattern must not win.
 */
export const PDF_HINTS: Readonly<Record<string, PdfHints>> = Object.fromEntries(
  BANK_PROFILES.filter((p) => p.pdf)
    .map((p, i) => ({ p, rank: (p.pdf!.accountType === 'card' ? 0 : 1) * 1000 + i }))
    .sort((a, b) => a.rank - b.rank)
    .map(({ p }) => [p.id, p.pdf!]),
);

const PATTERNS = Object.entries(PDF_HINTS).map(([id, h]) => ({ id, res: h.recognise.map((r) => new RegExp(r, 'i')) }));

/** The profile id whose hints match the page text, or null. */
export function recogniseBank(text: string): string | null {
  const sample = text.slice(0, 20000);
  return PATTERNS.find(({ res }) => res.some((r) => r.test(sample)))?.id ?? null;
}
