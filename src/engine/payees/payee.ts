// payeeOf(): the counterparty of one bank description, as a bookkeeper would type it, cut out of the
// printed text. docs/payees.md gives the order of the steps and the reasons; in short:
//   1. bank type codes are taken off the front (and back), card numbers, dates and figures are skipped;
//   2. lines a bank writes about its own account (fees, interest) are named by their own words;
//   3. a known merchant or payee from the classifier's dictionary near the start of the name wins, as
//      printed (payment intermediaries such as "PAYPAL *" or "SQ *" give way to the merchant after them);
//   4. otherwise the printed words up to the first reference, number, separator, code or legal form,
//      without honorifics and trailing towns or country codes;
//   5. capitals become Title case, brands keep their own casing.
// Only words of the description are ever used: the result, compared case-insensitively, is text of it.
import { MATCHER, type Payload } from '../classify/evidence.js';
import type { MerchantGroup } from '../classify/merchant-dictionary.data.js';
import { tokenize } from '../classify/phrase-matcher.js';
import { displayName } from './casing.js';
import { tokens as tokensOf, units as unitsOf, type Token, type Unit } from './lexer.js';
import {
  BANK_LINE_STOPS,
  BANK_LINE_WORDS,
  COMPANY_SUFFIXES,
  COUNTRY_CODES,
  CURRENCIES,
  DESCRIPTOR_NAMES,
  DOMAIN_BRANDS,
  FIRST_NAMES,
  HONORIFICS,
  BRAND_EXTENSIONS,
  FEE_WORDS,
  INNER_CODES,
  INNER_PHRASES,
  LINE_PREFIXES,
  LEADING_CODES,
  LEADING_NOISE,
  NAME_FILLERS,
  PLACES,
  REFERENCE_PHRASES,
  REFERENCE_WORDS,
  SHORTER_NAMES,
  TRAILING_CODES,
  TRAILING_CONNECTORS,
  type CodeKind,
} from './payee-words.data.js';

/** Descriptions longer than this are cut before reading; no bank prints more. */
export const DESCRIPTION_MAX = 512;
/** A payee is a name, not a sentence. */
export const PAYEE_MAX = 100;

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&').replace(/ /g, '\\s+');
// Codes made of letters end at a word boundary; ")))" may be followed by anything.
const LEADING_RE = new RegExp(`^[\\s\\-:]*(${LEADING_CODES.map(([c]) => escape(c)).join('|')})(?=$|[^A-Z0-9'])`);
const CODE_KIND = new Map(LEADING_CODES.map(([c, k]) => [c, k]));
const TRAILING = new Set(TRAILING_CODES);
const SPACES = /\s+/g;

const MONTH = '(?:JAN|FEB|MAR|APR|MAY|JUN|JUL|AUG|SEP|SEPT|OCT|NOV|DEC)';
const DATE_UNIT = new RegExp(
  `^(?:\\d{1,2}${MONTH}\\d{0,4}|${MONTH}\\d{2,4}|\\d{1,4}[/.-]\\d{1,2}(?:[/.-]\\d{1,4})?|\\d{1,2}${MONTH}\\d{0,4}-\\d{1,2}${MONTH}\\d{0,4}|\\d{1,2}:\\d{2}(?::\\d{2})?)$`,
);
const DIGIT = /\d/g;
const REF_START = /^(REF|REFERENCE|REFERENZ|RECHNUNG|MANDATE|MANDATSREF|VIA)\b|^REF[.:]/;
const DOMAIN = /^(.+?)\.(?:co\.uk|org\.uk|com|net|org|io|eu|us|uk|de|fr|ie|nl|info|app|co)(?:[./].*)?$/i;

interface Code {
  kind: CodeKind;
  words: string[];
  end: number;
}

/** Figures, card numbers, dates, times, sort codes, long references: never part of a name. */
export function isNumbery(u: Unit): boolean {
  const k = withoutDomain(u.key);
  const digits = k.match(DIGIT)?.length ?? 0;
  if (digits === 0) return /^[X*]{4,}$/.test(k);
  if (/^[£€$¥]/.test(k)) return true;
  if (DATE_UNIT.test(k)) return true;
  if (/^\d+(ST|ND|RD|TH)$/.test(k) || /^[X*]+\d+$/.test(k)) return !/^\d+(ST|ND|RD|TH)$/.test(k);
  if (/^[\d.,:/+-]+$/.test(k)) return true;
  // A brand with a digit ("O2", "JET2", "C2C", "PARCEL2GO") stays; more digits, or letters and digits
  // interleaved in a long code ("AB12CDE", "7T6Y"), make a reference.
  if (digits === 1) return false;
  return digits >= 3 || k.length > 6 || /\d\p{L}+\d/u.test(k);
}

function leadingCode(text: string, list: readonly Unit[], offset: number): Code | null {
  const m = LEADING_RE.exec(text.slice(offset).toUpperCase());
  if (!m) return null;
  const code = m[1].replace(SPACES, ' ');
  let end = offset + m.index + m[0].length;
  // "TFR TO BUSINESS RESERVE": a code followed by the word that introduces the name.
  const chained = /^\s+(TO|FROM)(?=\s)/.exec(text.slice(end).toUpperCase());
  if (chained && !/\b(TO|FROM)$/.test(code)) end += chained[0].length;
  const words = list.filter((u) => u.start >= offset && u.end <= end && !u.sep).map((u) => u.raw);
  return { kind: CODE_KIND.get(code) ?? 'generic', words, end };
}

type MerchantHit = { payload: Extract<Payload, { source: 'merchant' }>; start: number; length: number };

function merchantHits(toks: readonly Token[]): MerchantHit[] {
  const out: MerchantHit[] = [];
  for (const h of MATCHER.findAll(toks.map((t) => t.text))) if (h.payload.source === 'merchant') out.push(h as MerchantHit);
  return out;
}

const isPassThrough = (g: MerchantGroup): boolean => !!g.intermediary || g.kind === 'payment processor';

/** Dictionary names as match tokens, worked out once per name. */
const NAME_TOKENS = new Map<string, string[]>();
function nameTokens(name: string): string[] {
  let t = NAME_TOKENS.get(name);
  if (!t) NAME_TOKENS.set(name, (t = tokenize(name)));
  return t;
}

/** A prefix entry ("AMZN*") met a longer printed word ("AMZNMKTPLACE"). */
const isPrefixHit = (toks: readonly Token[], h: MerchantHit): boolean => h.length === 1 && toks[h.start].text !== nameTokens(h.payload.name)[0];

/** A full stop that ends a sentence, not an abbreviation's ("B.S.") or a domain's dot. */
const SENTENCE_STOP = /^[^.]+\.$/;

/** Printed words of a name, without stray separators and stars, as a person writes them. */
function present(raw: string): string {
  const words = raw
    .replace(/\*/g, ' ')
    .split(SPACES)
    .map((w) => w.replace(/^[,;:(]+|[,;:)]+$/g, ''))
    .filter((w) => w && w !== '-');
  // "Leeds Council.", "G PLCE SL.": the name ends without the line's full stop.
  const last = words.length - 1;
  if (last >= 0 && SENTENCE_STOP.test(words[last])) words[last] = words[last].slice(0, -1);
  // Cut by code points, so a character outside the BMP is never split.
  return [...displayName(words)].slice(0, PAYEE_MAX).join('').trim();
}

function withoutDomain(raw: string): string {
  const m = DOMAIN.exec(raw);
  if (!m || DOMAIN_BRANDS.has(m[1].toUpperCase().replace(/^WWW\./, ''))) return raw;
  return m[1];
}

/** Drops printed words from the end while `drop` says so, never the first word. */
function trimEnd(words: string[], drop: (w: string, i: number) => boolean): string[] {
  const out = [...words];
  while (out.length > 1 && drop(out[out.length - 1].toUpperCase().replace(/[.,:;]+$/, ''), out.length - 1)) out.pop();
  return out;
}

/** The dictionary name's payee: the printed words it matched, shortened and trimmed. */
function fromHit(text: string, toks: readonly Token[], hit: MerchantHit): string {
  let from = hit.start;
  let to = hit.start + hit.length;
  const shorter = SHORTER_NAMES[hit.payload.name];
  if (shorter) {
    const want = nameTokens(shorter);
    for (let i = from; i + want.length <= to; i++) {
      if (want.every((w, j) => toks[i + j].text === w)) {
        from = i;
        to = i + want.length;
        break;
      }
    }
  }
  // "TESCO BANK" is the bank, not the supermarket.
  for (const ext of BRAND_EXTENSIONS) {
    const want = ext.split(' ');
    if (to === hit.start + hit.length && want.every((w, j) => toks[to + j]?.text === w)) {
      to += want.length;
      break;
    }
  }
  // "WWW.EASYJET.COM" matched EASYJET: the slice starts at the name. A prefix entry keeps the prefix only.
  const end = isPrefixHit(toks, hit) ? toks[from].start + hit.payload.name.length : toks[to - 1].end;
  let raw = text.slice(toks[from].start, end);
  raw = withoutDomain(raw);
  let words = raw.split(SPACES);
  words = trimEnd(words, (w) => COUNTRY_CODES.has(w) || COMPANY_SUFFIXES.has(w));
  return present(words.join(' '));
}

/** The zone's units from the first one that can start a name. */
function skipNoise(list: readonly Unit[], from: number, to: number): number {
  let i = from;
  let sawFigure = false;
  // A known name may start with figures ("123-REG.CO.UK"): such a unit is not skipped. Looked up only
  // when a figure is met, as most lines start with a word.
  let starts: Set<number> | null = null;
  const startsName = (i: number): boolean => {
    if (!starts) {
      const toks = tokensOf(list, from, to);
      starts = new Set();
      for (const h of merchantHits(toks)) if (h.start === 0 || toks[h.start - 1].unit !== toks[h.start].unit) starts.add(toks[h.start].unit);
    }
    return starts.has(i);
  };
  for (; i < to; i++) {
    const u = list[i];
    if (u.sep) continue;
    if (isNumbery(u) && !startsName(i)) {
      sawFigure = true;
      continue;
    }
    if (u.key === 'C' || u.key === 'CD') {
      if (sawFigure) continue;
      break;
    }
    if (LEADING_NOISE.has(u.key) && i + 1 < to) continue;
    break;
  }
  return i;
}

/** A line made only of bank words (fees, interest, repayments): its own words, up to the first stop. */
const MONTH_WORD = new RegExp(`^${MONTH}[A-Z]*$`);
const isMonth = (u: Unit): boolean => MONTH_WORD.test(u.key) && REFERENCE_WORDS.has(u.key);

function bankLine(list: readonly Unit[], from: number, to: number): string | null {
  const words = list.slice(from, to).filter((u) => !u.sep && !isNumbery(u) && !isMonth(u));
  if (!words.length || !words.every((u) => BANK_LINE_WORDS.has(u.key))) return null;
  const name: string[] = [];
  for (let i = from; i < to; i++) {
    const u = list[i];
    if (u.sep || isNumbery(u) || isMonth(u) || BANK_LINE_STOPS.has(u.key)) {
      if (name.length) break;
      continue;
    }
    if (!name.length && (u.key === 'DR' || u.key === 'CR' || u.key === 'INT' || u.key === 'CHG' || u.key === 'CHGS')) continue;
    name.push(u.raw);
  }
  return name.length ? present(name.join(' ')) : null;
}

const isPlaceEnd = (words: readonly string[]): number => {
  for (const n of [3, 2, 1]) {
    if (words.length <= n) continue;
    const tail = words
      .slice(-n)
      .map((w) => w.toUpperCase().replace(/[.,:;]+$/, ''))
      .join(' ');
    if (PLACES.has(tail) || (n === 1 && COUNTRY_CODES.has(tail))) return n;
  }
  return 0;
};

/** The printed name from the zone's start up to its first stop (rule 4). */
function heuristicName(list: readonly Unit[], from: number, to: number): string {
  const name: Unit[] = [];
  for (let i = from; i < to; i++) {
    const u = list[i];
    const k = u.key;
    if (u.sep || k === '-' || k === '–' || k === '—') {
      if (name.length) break;
      continue;
    }
    if (!name.length && REF_START.test(k)) break;
    if (isNumbery(u)) {
      if (name.length) break;
      continue;
    }
    if (name.length) {
      if (REFERENCE_WORDS.has(k) || REF_START.test(k) || INNER_CODES.has(k)) break;
      if (i + 1 < to && (REFERENCE_PHRASES.has(`${k} ${list[i + 1].key}`) || INNER_PHRASES.has(`${k} ${list[i + 1].key}`))) break;
      if (CURRENCIES.has(k) && (i + 1 >= to || isNumbery(list[i + 1]))) break;
      if (k === 'ON' && i + 1 < to && isNumbery(list[i + 1])) break;
    } else if (LEADING_NOISE.has(k) && i + 1 < to) continue;
    name.push(u);
    if (COMPANY_SUFFIXES.has(k)) break;
  }
  let words = name.map((u) => withoutDomain(u.raw.replace(/^www\./i, '')));
  if (words.length > 1 && HONORIFICS.has(words[0].toUpperCase().replace(/\.$/, ''))) words = words.slice(1);
  // Trailing towns and country codes, unless only a connector would be left ("THE LONDON").
  for (;;) {
    const n = isPlaceEnd(words);
    if (!n) break;
    const rest = words.slice(0, -n);
    // Never down to a connector ("THE LONDON") or a two-letter abbreviation ("LB CAMDEN").
    if (rest.length === 1 && (/^(THE|A|LE|LA)$/i.test(rest[0]) || rest[0].length <= 2)) break;
    words = rest;
  }
  words = trimEnd(words, (w) => TRAILING_CONNECTORS.has(w));
  // Money words or reference words alone ("PAYMENT" after "PAYPAL", "PAYOUT") are not a name.
  if (words.every((w) => BANK_LINE_WORDS.has(w.toUpperCase()) || REFERENCE_WORDS.has(w.toUpperCase()))) return '';
  return present(words.join(' '));
}

/** Rules 3 and 4 on the units from..to of the zone. */
function nameIn(text: string, list: readonly Unit[], from: number, to: number, code: Code | null): string {
  from = skipNoise(list, from, to);
  if (from >= to) return '';
  // The dictionary looks at the name part only: never past a reference ("REF SHELL REPAIRS").
  let stop = from;
  while (stop < to && !(stop > from && REF_START.test(list[stop].key))) stop++;
  const toks = tokensOf(list, from, stop);
  let lead = 0;
  while (lead < toks.length - 1 && NAME_FILLERS.has(toks[lead].text)) lead++;
  const personal = code !== null && code.kind !== 'card' && code.kind !== 'cash';
  const hits = merchantHits(toks).filter((h) => !DESCRIPTOR_NAMES.has(h.payload.name) && !(personal && FIRST_NAMES.has(h.payload.name)));
  let best: MerchantHit | null = null;
  for (const h of hits) {
    if (h.start !== lead) continue;
    if (!best || h.length > best.length || (h.length === best.length && h.payload.order < best.payload.order)) best = h;
  }
  if (best && isPrefixHit(toks, best)) {
    // An abbreviation ("AMZNMKTPLACE") explained later in the line ("AMAZON.CO.UK"): the full name wins.
    const full = hits.find((h) => h.payload.group === best!.payload.group && !isPrefixHit(toks, h));
    if (full) best = full;
  }
  if (best) {
    const g = best.payload.group;
    const lastUnit = toks[best.start + best.length - 1].unit;
    const next = list[lastUnit + 1];
    // "PAYPAL *EBAY", "SQ *THE COFFEE HOUSE", "SUMUP *JOES CAFE": the merchant follows the intermediary.
    if (isPassThrough(g) && best.start === lead && (g.intermediary || next?.raw === '*')) {
      const after = nameIn(text, list, next?.raw === '*' ? lastUnit + 2 : lastUnit + 1, to, code);
      if (after) return after;
    }
    return fromHit(text, toks, best);
  }
  return heuristicName(list, from, to);
}

function withoutTrailingCodes(list: Unit[]): Unit[] {
  const out = [...list];
  while (out.filter((u) => !u.sep).length > 1 && TRAILING.has(out[out.length - 1].key)) out.pop();
  return out;
}

/** The payee of one description from the built-in reading (no user rules). */
export function readPayee(description: string): string {
  const text = description
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .slice(0, DESCRIPTION_MAX)
    .trim();
  if (!text) return '';
  const list = withoutTrailingCodes(unitsOf(text));
  // "RETURNED DIRECT DEBIT VODAFONE", "Refund from Trainline": the type code follows the prefix.
  let lead = 0;
  while (lead < list.length - 1 && LINE_PREFIXES.has(list[lead].key)) lead++;
  let code = leadingCode(text, list, lead < list.length ? list[lead].start : 0);
  let start = code ? list.findIndex((u) => u.start >= code!.end) : lead;
  if (start < 0) start = list.length;
  if (code && code.words.length === 1) {
    // A dictionary name that begins with the code's letters ("BP CONNECT", "SO ENERGY", "CASH AND CARRY")
    // is a name, not a code.
    const toks = tokensOf(list, lead, Math.min(list.length, lead + 6));
    const hit = merchantHits(toks).find((h) => h.start === 0 && h.length > 1);
    if (hit && toks[hit.start + hit.length - 1].end > code.end) {
      code = null;
      start = lead;
    }
  }
  const to = list.length;
  const named = (): string => {
    // Charges and interest, even on cash ("CASH HANDLING CHARGE", "NON-STERLING CASH FEE").
    if (list.some((u) => FEE_WORDS.has(u.key))) {
      const fee = bankLine(list, 0, to);
      if (fee) return fee;
    }
    if (code?.kind === 'cash') {
      const cash = list.find((u) => u.key === 'CASH');
      if (cash) return present(cash.raw);
      // "ATM WITHDRAWAL ...": the bank's words for it; a bare code ("CPT LNK CO-OP") names the machine's owner.
      if (code.words.length > 1) return present(trimEnd(code.words, (w) => w === 'AT').join(' '));
    }
    if (code?.kind === 'deposit') return present(trimEnd(code.words, (w) => w === 'AT').join(' '));
    const bank = bankLine(list, start, to);
    if (bank) return bank;
    // A reference first: the name follows FROM (Santander: "FASTER PAYMENTS RECEIPT REF.INV-1045 FROM
    // HARBOUR VIEW DENTAL"), else the reference's figures ("Gutschr. SEPA Referenz T1505 MIETE 03 HAUSVERWALTUNG X").
    const first = list.slice(start).find((u) => !u.sep);
    if (first && REF_START.test(first.key)) {
      const fromAt = list.map((u) => u.key).lastIndexOf('FROM');
      if (fromAt > start) return nameIn(text, list, fromAt + 1, to, code);
      let lastFigure = -1;
      for (let i = start; i < to; i++) if (isNumbery(list[i])) lastFigure = i;
      if (lastFigure > start) {
        const after = nameIn(text, list, lastFigure + 1, to, code);
        if (after) return after;
      }
    }
    return nameIn(text, list, start, to, code);
  };
  const name = named();
  if (name) return name;
  // Nothing but the code and figures ("TFR 40-12-34 12345678", "CHQ 100234"): the code's own words.
  if (code && code.words.length) return present(trimEnd(code.words, (w) => w === 'TO' || w === 'FROM' || w === 'AT').join(' '));
  // Else the first printed words, up to the first figure, separator or reference word.
  const words: string[] = [];
  for (const u of list) {
    if (u.sep || isNumbery(u) || (words.length && REFERENCE_WORDS.has(u.key))) {
      if (words.length) break;
      continue;
    }
    words.push(u.raw);
    if (words.length === 4) break;
  }
  return words.length ? present(trimEnd(words, (w) => TRAILING_CONNECTORS.has(w)).join(' ')) : present(text.slice(0, 32));
}
