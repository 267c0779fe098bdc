// The free-form parts of an MT940 row, made readable: `:86:` information to the account owner in its
// three common shapes (German `?NN` subfields, `/CODE/value` of the Dutch and SEPA variants, plain
// text), and the `:NS:` numbered lines some German generators write instead.
import { distinct, tidy } from './text-parts.js';

export interface RowText {
  /** Parts in a stable order: posting text, counterparty, purpose. */
  parts: string[];
  /** End-to-end or mandate reference when the details carry one. */
  reference: string;
}

const NO_REF = /^(NONREF|NOTPROVIDED|NOT PROVIDED)$/i;

// SEPA keywords inside the purpose lines (DFÜ-Abkommen annex C.7); they may be split across subfields,
// so they are looked for after the subfields are joined.
const SEPA_KEYS = ['EREF', 'KREF', 'MREF', 'CRED', 'DEBT', 'SVWZ', 'ABWA', 'ABWE', 'IBAN', 'BIC', 'COAM', 'OAMT'];
const SEPA_RE = new RegExp(`(${SEPA_KEYS.join('|')})\\+`, 'g');

/** Joins fixed-width pieces: a piece filling its field (`width`) continues into the next without a space. */
function joinPieces(pieces: string[], width: number): string {
  let out = '';
  let prev = -1;
  for (const p of pieces) {
    out += prev < 0 ? p : (prev >= width ? '' : ' ') + p;
    prev = p.length;
  }
  return out;
}

function sepaSplit(purpose: string): { text: string; eref: string } {
  const hits = [...purpose.matchAll(SEPA_RE)];
  if (!hits.length) return { text: tidy(purpose), eref: '' };
  const fields: Record<string, string> = {};
  let text = tidy(purpose.slice(0, hits[0].index));
  hits.forEach((h, i) => {
    const end = i + 1 < hits.length ? hits[i + 1].index : purpose.length;
    fields[h[1]] = tidy(purpose.slice(h.index + h[0].length, end));
  });
  // SVWZ is the purpose a person wrote; without it the keyword fields stay out of the description.
  if (fields.SVWZ) text = tidy(`${text} ${fields.SVWZ}`);
  else if (!text) text = fields.ABWA ?? fields.ABWE ?? '';
  const eref = fields.EREF && !NO_REF.test(fields.EREF) ? fields.EREF : '';
  return { text, eref };
}

/** `?NN` subfields: 00 posting text, 10 prima nota, 20-29 and 60-63 purpose, 30/31 bank and account, 32/33 name. */
function questionSubfields(body: string): RowText {
  const flat = body.replace(/\r?\n/g, '');
  const fields: { key: number; value: string }[] = [];
  const re = /\?(\d{2})/g;
  const marks = [...flat.matchAll(re)];
  marks.forEach((m, i) => {
    const end = i + 1 < marks.length ? marks[i + 1].index : flat.length;
    fields.push({ key: +m[1], value: flat.slice(m.index + 3, end) });
  });
  const get = (keys: (k: number) => boolean) => fields.filter((f) => keys(f.key)).map((f) => f.value);
  const posting = tidy(get((k) => k === 0).join(' '));
  const name = tidy(
    joinPieces(
      get((k) => k === 32 || k === 33),
      27,
    ),
  );
  const purpose = joinPieces(
    get((k) => (k >= 20 && k <= 29) || (k >= 60 && k <= 63)),
    27,
  );
  const { text, eref } = sepaSplit(purpose);
  return { parts: distinct([posting, name, text]), reference: eref };
}

const SLASH_CODES = [
  'TRTP',
  'CSID',
  'NAME',
  'MARF',
  'REMI',
  'EREF',
  'IBAN',
  'BIC',
  'ORDP',
  'BENM',
  'CNTP',
  'ID',
  'ADDR',
  'PURP',
  'RTRN',
  'ISDT',
  'CREF',
  'IREF',
  'SVCL',
  'ULTC',
  'ULTD',
  'ULTB',
  'EXCH',
  'CHGS',
  'OCMT',
  'USTD',
  'STRD',
  'CUR',
  'ISSR',
];
const SLASH_RE = new RegExp(`/(${SLASH_CODES.join('|')})/`, 'g');

/** `/CODE/value` pairs (ABN AMRO and Rabobank SEPA, ING's newer format). */
function slashCodes(body: string): RowText | null {
  const flat = body.replace(/\r?\n/g, '');
  const marks = [...flat.matchAll(SLASH_RE)];
  if (marks.length < 2 || marks[0].index > 0) return null;
  const fields: Record<string, string> = {};
  marks.forEach((m, i) => {
    const end = i + 1 < marks.length ? marks[i + 1].index : flat.length;
    // A code's value may itself be followed by a slash when the next code starts ("/BENM//NAME/").
    const v = flat.slice(m.index + m[0].length, end).replace(/\/$/, '');
    if (!(m[1] in fields) || !fields[m[1]]) fields[m[1]] = v;
  });
  // ING's counterparty: /CNTP/IBAN/BIC/NAME/CITY/.
  const cntpName = fields.CNTP ? tidy(fields.CNTP.split('/')[2] ?? '') : '';
  const remi = tidy(
    (fields.REMI ?? '')
      .replace(/^\/?(USTD|STRD)\/+/, '')
      .replace(/^CUR\/+/, '')
      .replace(/\/+/g, ' '),
  );
  const parts = distinct([fields.TRTP ?? '', tidy(fields.NAME ?? '') || cntpName, remi]);
  const eref = tidy(fields.EREF ?? '');
  return { parts, reference: eref && !NO_REF.test(eref) ? eref : '' };
}

/** Plain text: lines of at most 65 characters; a full line continues into the next without a space. */
function plainText(body: string): RowText {
  return { parts: [tidy(joinPieces(body.split(/\r?\n/), 65))].filter(Boolean), reference: '' };
}

export function readDetails86(body: string): RowText {
  const b = body.replace(/\s+$/, '');
  if (!b.trim()) return { parts: [], reference: '' };
  if (/^\s*\d{3}\s*\?/.test(b) || /\?(00|20|32)/.test(b)) return questionSubfields(b);
  if (b.trimStart().startsWith('/')) {
    const s = slashCodes(b.trimStart());
    if (s) return s;
  }
  return plainText(b);
}

/** `:NS:` lines "NNtext": 17 booking text, 15/16 counterparty, 01-14 purpose. */
export function readNonSwift(body: string): RowText {
  const fields = body
    .split(/\r?\n/)
    .map((l) => /^(\d{2})(.*)$/.exec(l))
    .filter((m): m is RegExpExecArray => !!m)
    .map((m) => ({ key: +m[1], value: tidy(m[2]) }));
  const get = (f: (k: number) => boolean) =>
    fields
      .filter((x) => f(x.key) && x.value)
      .map((x) => x.value)
      .join(' ');
  return { parts: distinct([get((k) => k === 17), get((k) => k === 15 || k === 16), get((k) => k >= 1 && k <= 14)]), reference: '' };
}
