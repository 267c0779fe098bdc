// How a person writes a printed name: "TESCO STORES" -> "Tesco Stores", "B&Q", "NCP", "McColls", "Pets at
// Home". Only the case of letters changes, never the letters themselves, so a payee always reads
// case-insensitively as text of its description.
import { CASING, CONNECTORS } from './payee-words.data.js';

const VOWEL = /[AEIOUY]/;
const HAS_LOWER = /\p{Ll}/u;
const HAS_UPPER = /\p{Lu}/u;
const LETTERS_ONLY = /^\p{L}+$/u;
const ORDINAL = /^(\d+)(ST|ND|RD|TH)$/;
const MC = /^MC(\p{L}{2,})$/u;
const INITIALS = /^(?:\p{L}\.){2,}$/u;
const RUNS = /\p{L}+|\d+|[^\p{L}\d]+/gu;

const title = (w: string): string => (w ? w[0].toUpperCase() + w.slice(1).toLowerCase() : w);

/** A word written in capitals: by the table, else by rule. */
function fromCapitals(w: string, first: boolean, last = false): string {
  const known = CASING[w];
  if (known) return known;
  if (!first && !last && CONNECTORS.has(w)) return w.toLowerCase();
  if (w.includes('&'))
    return w
      .split('&')
      .map((p) => fromCapitals(p, true))
      .join('&');
  if (w.length > 1 && w.includes('-'))
    return w
      .split('-')
      .map((p, i) => (p ? fromCapitals(p, first || i > 0) : p))
      .join('-');
  if (w.includes('/'))
    return w
      .split('/')
      .map((p) => (p ? fromCapitals(p, true) : p))
      .join('/');
  // Initials with full stops ("B.S.", "U.K."): capitals, as printed.
  if (INITIALS.test(w)) return w;
  // A domain: "AMAZON.CO.UK" -> "Amazon.co.uk"; "LTD." keeps its capital.
  const dot = w.indexOf('.');
  if (dot > 0 && /\p{L}/u.test(w.slice(dot + 1))) return fromCapitals(w.slice(0, dot), first) + w.slice(dot).toLowerCase();
  const apos = w.search(/['\u2019]/);
  if (apos > 0) {
    const head = w.slice(0, apos);
    const tail = w.slice(apos + 1);
    // "O'NEILL" -> "O'Neill", but "SAINSBURY'S" -> "Sainsbury's" and "INT'L" -> "Int'l".
    return (head.length === 1 ? head : fromCapitals(head, first)) + w[apos] + (head.length === 1 ? title(tail) : tail.toLowerCase());
  }
  const ord = ORDINAL.exec(w);
  if (ord) return ord[1] + ord[2].toLowerCase();
  if (LETTERS_ONLY.test(w)) {
    if (w.length === 1 || !VOWEL.test(w)) return w;
    const mc = MC.exec(w);
    if (mc) return `Mc${title(mc[1])}`;
    return title(w);
  }
  // Letters and digits ("JET2", "PARCEL2GO"): runs of letters read as words, unless the whole is a
  // short code ("O2", "3G", "C2C").
  if (w.length <= 3) return w;
  return (w.match(RUNS) ?? [w]).map((r) => (/^\p{L}{2,}$/u.test(r) ? title(r) : r)).join('');
}

/** A word printed in mixed case is kept, unless it is plain Title case of a brand the table knows ("Ebay"). */
function fromMixed(word: string): string {
  const upper = word.toUpperCase();
  if (!HAS_UPPER.test(word.slice(1)) && CASING[upper]) return CASING[upper];
  return word;
}

/**
 * A printed name as a person writes it. A name printed in capitals is written by rule; a name the bank
 * printed in mixed case ("Pret A Manger") is kept as printed.
 */
export function displayName(words: readonly string[]): string {
  const mixed = words.some((w) => HAS_LOWER.test(w));
  return words.map((w, i) => (mixed ? fromMixed(w) : fromCapitals(w, i === 0, i === words.length - 1))).join(' ');
}
