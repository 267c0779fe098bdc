// A description as units (printed words and separators, with their place in the text) and as the
// classifier's match tokens, each token knowing the characters it was read from, so a dictionary hit can
// be cut out of the printed text exactly as printed.
import { TOKEN_RE } from '../classify/phrase-matcher.js';

export interface Unit {
  /** As printed. */
  raw: string;
  /** Upper case, without trailing punctuation (":" "," "." ")"), for list look-ups. */
  key: string;
  start: number;
  end: number;
  /** A separator (`,` `*` `|` `;` `@`) rather than a word. */
  sep: boolean;
}

export interface Token {
  /** Normalised as the phrase matcher normalises (upper case, no accents, "&" read as AND). */
  text: string;
  /** Characters of the printed text it came from. */
  start: number;
  end: number;
  /** Index of its unit. */
  unit: number;
}

const UNIT_RE = /[,*|;@]|[^\s,*|;@]+/g;
const TRAILING_PUNCT = /[:.,;)(]+$/;
const APOSTROPHE = /['\u2019`]/;
const COMBINING = /[\u0300-\u036f]/g;
// A word glued to a reference ("DVLA-AB12CDE", "BOLT.EU/O/2503121234"): the word is read apart from it.
const GLUED = /^(\p{L}{3,}(?:\.\p{L}{2,})*)([-/].*\d.*)$/u;

export function units(text: string): Unit[] {
  const out: Unit[] = [];
  const push = (raw: string, start: number) => {
    const sep = raw.length === 1 && ',*|;@'.includes(raw);
    const key = sep ? raw : raw.toUpperCase().replace(TRAILING_PUNCT, '') || raw;
    out.push({ raw, key, start, end: start + raw.length, sep });
  };
  for (const m of text.matchAll(UNIT_RE)) {
    const glued = GLUED.exec(m[0]);
    if (glued) {
      push(glued[1], m.index);
      push(glued[2], m.index + glued[1].length);
    } else push(m[0], m.index);
  }
  return out;
}

/**
 * The phrase matcher's tokens of one unit, with offsets. The unit is normalised character by character
 * (as `tokenize` normalises a whole description) while remembering which printed character each
 * normalised one came from.
 */
const PLAIN = /^[\x20-\x25\x28-\x5f\x61-\x7e]*$/;

function unitTokens(u: Unit, index: number, into: Token[]): void {
  // Most units are plain ASCII without "&" or apostrophes: upper case keeps every offset.
  if (PLAIN.test(u.raw)) {
    for (const m of u.raw.toUpperCase().matchAll(TOKEN_RE)) {
      into.push({ text: m[0], start: u.start + m.index, end: u.start + m.index + m[0].length, unit: index });
    }
    return;
  }
  let norm = '';
  const from: number[] = [];
  for (let i = 0; i < u.raw.length; i++) {
    const ch = u.raw[i];
    if (APOSTROPHE.test(ch)) continue;
    const out = ch === '&' ? ' AND ' : ch.toUpperCase().normalize('NFD').replace(COMBINING, '');
    for (const c of out) {
      norm += c;
      from.push(u.start + i);
    }
  }
  for (const m of norm.matchAll(TOKEN_RE)) {
    into.push({ text: m[0], start: from[m.index], end: from[m.index + m[0].length - 1] + 1, unit: index });
  }
}

export function tokens(list: readonly Unit[], fromUnit = 0, toUnit = list.length): Token[] {
  const out: Token[] = [];
  for (let i = fromUnit; i < toUnit; i++) if (!list[i].sep) unitTokens(list[i], i, out);
  return out;
}
