// PDF / fixed-width text recognition, derived from the bank profiles' `pdf` hints (banks/*.ts). Owned by
// the PDF engine; the CSV engine never reads them. Everything not recognised is read by the generic
// layout as `generic`.
import { BANK_PROFILES } from './banks/index.js';
import type { PdfHints } from './types.js';

/** Profile id -> hints. */
export const PDF_HINTS: Readonly<Record<string, PdfHints>> = Object.fromEntries(BANK_PROFILES.filter((p) => p.pdf).map((p) => [p.id, p.pdf!]));

const PATTERNS = Object.entries(PDF_HINTS).map(([id, h]) => ({ id, res: h.recognise.map((r) => new RegExp(r, 'gi')) }));

/** Only the first pages are read: the letterhead and small print repeat on every page. */
const TEXT_MAX = 20_000;

/**
 * Small print naming the bank a brand belongs to ("first direct is a division of HSBC UK Bank plc",
 * "Barclaycard is a trading name of Barclays Bank UK PLC", "part of NatWest Group"): the name after it
 * is the parent's, not the statement's bank.
 */
const PARENT_BEFORE = /\b(?:division|trading (?:name|style)s?|brand|part|subsidiary|member) of (?:the )?$/i;

interface Mentions {
  id: string;
  count: number;
  first: number;
}

/** Mentions of one profile: overlapping matches of its patterns ("first direct", "firstdirect.com") count once. */
function mentionsOf(id: string, res: RegExp[], text: string): Mentions {
  const spans: [number, number][] = [];
  for (const re of res) {
    for (const m of text.matchAll(re)) {
      if (PARENT_BEFORE.test(text.slice(Math.max(0, m.index - 40), m.index))) continue;
      spans.push([m.index, m.index + m[0].length]);
    }
  }
  spans.sort((a, b) => a[0] - b[0]);
  let count = 0;
  let end = -1;
  for (const [s, e] of spans) {
    if (s >= end) count++;
    end = Math.max(end, e);
  }
  return { id, count, first: spans[0]?.[0] ?? Infinity };
}

/**
 * The profile the page text names as the statement's bank, or null. Every profile's mentions are
 * counted, those introduced as a parent company left out; the most mentioned wins (the letterhead and
 * small print repeat on every page), and between equals the one named first (the letterhead comes
 * before any notice that names another bank).
 */
export function recogniseBank(text: string): string | null {
  const sample = text.slice(0, TEXT_MAX);
  let best: Mentions | null = null;
  for (const { id, res } of PATTERNS) {
    const m = mentionsOf(id, res, sample);
    if (m.count && (!best || m.count > best.count || (m.count === best.count && m.first < best.first))) best = m;
  }
  return best?.id ?? null;
}
