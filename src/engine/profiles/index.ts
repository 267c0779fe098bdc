// Bank profiles: data files under banks/, one per bank. GET /api/v1/banks is generated from listBanks().
import { normHeader } from '../csv/header-words.js';
import { BANK_PROFILES } from './banks/index.js';
import type { BankProfile } from './types.js';

export type { BankProfile } from './types.js';

export interface BankInfo {
  id: string;
  name: string;
  inputs: ('csv' | 'pdf')[];
}

export function listBanks(): BankInfo[] {
  return BANK_PROFILES.map((p) => ({ id: p.id, name: p.name, inputs: [...p.inputs] }));
}

export function isAcceptedBank(id: string): boolean {
  return id === 'auto' || id === 'generic' || BANK_PROFILES.some((p) => p.id === id);
}

export const getProfile = (id: string): BankProfile | null => BANK_PROFILES.find((p) => p.id === id) ?? null;

export interface DetectInput {
  /** Header cells of the table, when it has a header. */
  headers: string[];
  /** The first few KB of the decoded text (preamble included). */
  sample: string;
  /** The first data line, for headerless exports. */
  firstLine: string;
  /** Cell count of the data rows. */
  width: number;
}

/**
 * Column names any bank (or a spreadsheet) may print. A header signature made only of these is no
 * evidence of a bank: `Date,Description,Money Out,Money In,Balance` is the generic layout, not Co-op's.
 */
const COMMON_HEADERS = new Set(['date', 'description', 'details', 'type', 'reference', 'amount', 'money in', 'money out', 'balance']);

/** True when a header signature names at least one column that is not a common one. */
const distinctive = (headers: string[]): boolean => headers.some((h) => !COMMON_HEADERS.has(h));

/**
 * The profile whose detection rules the file meets best: all header words present scores by how many
 * (a longer signature is more specific; only signatures with a distinctive column count), a text
 * mention scores 1, a headerless line pattern 2. No evidence: null (the generic reading).
 */
export function detectProfile(input: DetectInput): BankProfile | null {
  const headers = new Set(input.headers.map(normHeader).filter(Boolean));
  const sample = input.sample.slice(0, 4096);
  let best: BankProfile | null = null;
  let bestScore = 0;
  for (const p of BANK_PROFILES) {
    for (const d of p.detect ?? []) {
      let score = 0;
      if (d.headers?.length && distinctive(d.headers) && d.headers.every((h) => headers.has(h))) score = Math.max(score, 2 + d.headers.length);
      if (d.text?.some((t) => new RegExp(t, 'i').test(sample))) score = Math.max(score, 1);
      if (
        d.headerlessLine &&
        !input.headers.length &&
        new RegExp(d.headerlessLine).test(input.firstLine) &&
        (!p.headerless || p.headerless.length === input.width)
      )
        score = Math.max(score, 2);
      if (score > bestScore) {
        bestScore = score;
        best = p;
      }
    }
  }
  return best;
}
