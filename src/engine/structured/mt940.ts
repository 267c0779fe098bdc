// SWIFT MT940 customer statements and MT942 interim reports, in the variants banks hand out: with or
// without the {1:}{2:}{4: block envelope, junk lines before the first message (ING), comma decimals,
// funds codes, reversals, `:86:` details in any of the shapes mt940-details.ts reads, `:NS:` fields.
// Each message (`:20:` ... `-`) is one segment bracketed by its own :60F:/:60M: and :62F:/:62M:;
// consecutive messages of one account make one statement. Pure: text in, statements out.
import { currencyExponent } from '../money.js';
import type { DraftRow } from '../reconcile.js';
import type { Warning } from '../types.js';
import type { AccountFacts } from './account.js';
import { isIban } from './account.js';
import type { Segment, StatementRead } from './assemble.js';
import { broken, dayOf, decimalToMinor } from './figures.js';
import { readDetails86, readNonSwift } from './mt940-details.js';

const TAGS = new Set(['13', '13D', '20', '21', '25', '25P', '28', '28C', '34F', '60F', '60M', '61', '62F', '62M', '64', '65', '86', '90D', '90C', 'NS']);
const TAG_LINE = /^:([0-9]{2}[A-Z]?|NS):(.*)$/;
// {1:F01...}{2:O940...}{3:{108:...}}{4: before the first field, and -} or -}{5:...} after the last.
const ENVELOPE = /^(?:\{[1-3]:(?:[^{}]|\{[^{}]*\})*\})*\{4:\s*/;
const END = /^-(?:\}.*|XXX)?\s*$/;

interface Field {
  tag: string;
  body: string;
  line: number;
}

/** Lines -> messages of fields. A line that is not a known tag continues the field before it. */
function messagesOf(text: string): Field[][] {
  const lines = text.split(/\r\n|\r|\n/);
  const messages: Field[][] = [];
  let cur: Field[] | null = null;
  let field: Field | null = null;
  for (let i = 0; i < lines.length; i++) {
    let line = lines[i].replace(ENVELOPE, '');
    // A tag broken after its first colon (":" alone, then "86:..."), as one generator writes.
    if (line.trim() === ':' && i + 1 < lines.length && /^[0-9]{2}[A-Z]?:/.test(lines[i + 1])) {
      line = `:${lines[++i]}`;
    }
    const m = TAG_LINE.exec(line);
    if (m && TAGS.has(m[1])) {
      if (m[1] === '20' || !cur) {
        cur = [];
        messages.push(cur);
      }
      field = { tag: m[1], body: m[2], line: i + 1 };
      cur.push(field);
      continue;
    }
    if (END.test(line)) {
      cur = null;
      field = null;
      continue;
    }
    if (field && line.trim() !== '') field.body += `\n${line}`;
  }
  return messages.filter((m) => m.some((f) => f.tag === '61' || f.tag.startsWith('60') || f.tag.startsWith('62')));
}

const yearOf = (yy: number) => (yy < 80 ? 2000 + yy : 1900 + yy);

interface Balance {
  sign: 1n | -1n;
  date: string | null;
  currency: string | null;
  digits: string;
}

function readBalance(f: Field): Balance {
  const m = /^\s*([CD])(\d{6})([A-Z]{3})?\s*(\d[\d.,]*)\s*$/.exec(f.body.split('\n')[0]);
  if (!m) throw broken('MT940', `line ${f.line}: :${f.tag}: is not a balance (C/D, YYMMDD, currency, amount).`);
  const date = dayOf(yearOf(+m[2].slice(0, 2)), +m[2].slice(2, 4), +m[2].slice(4, 6), true);
  return { sign: m[1] === 'D' ? -1n : 1n, date, currency: m[3] ?? null, digits: m[4] };
}

const minorOf = (digits: string, currency: string, line: number, tag: string): bigint => {
  const v = decimalToMinor(digits.replace(/\.(?=\d*,)/g, ''), currencyExponent(currency), digits.includes(',') ? ',' : 'either');
  if (v === null) throw broken('MT940', `line ${line}: the amount "${digits.slice(0, 30)}" of :${tag}: does not read.`);
  return v;
};

// :61: value date, [entry date], [R]C|[R]D, [funds code], amount, [type code], reference, [//bank reference].
const ROW = /^(\d{6})(\d{4})?\s*(R?[CD])([A-Z])?(\d[\d]*(?:[,.]\d*)?)([A-Z][A-Z0-9 ]{3})?(.*)$/;

interface RowRead {
  row: DraftRow;
  line: number;
}

function readRow(f: Field, currency: string, details: Field | undefined): RowRead {
  const lines = f.body.split('\n');
  let m = ROW.exec(lines[0].trim());
  let rest = lines.slice(1);
  // A :61: wrapped inside its first subfields ("…CR" / "30,00N062NONREF").
  if ((!m || !m[5]) && lines.length > 1) {
    const joined = ROW.exec(`${lines[0].trim()}${lines[1].trim()}`);
    if (joined) {
      m = joined;
      rest = lines.slice(2);
    }
  }
  if (!m) throw broken('MT940', `line ${f.line}: the :61: statement line does not read (expected date, C/D mark and amount).`);
  const vy = yearOf(+m[1].slice(0, 2)),
    vm = +m[1].slice(2, 4),
    vd = +m[1].slice(4, 6);
  const valueDate = dayOf(vy, vm, vd, true);
  if (!valueDate) throw broken('MT940', `line ${f.line}: the :61: value date "${m[1]}" is not a date.`);
  // The entry (booking) date has no year: the value date's, or the next/previous one across a year end.
  let date = valueDate;
  if (m[2] && m[2] !== '0000') {
    const em = +m[2].slice(0, 2),
      ed = +m[2].slice(2, 4);
    const ey = em === 1 && vm === 12 ? vy + 1 : em === 12 && vm === 1 ? vy - 1 : vy;
    date = dayOf(ey, em, ed, true) ?? valueDate;
  }
  const magnitude = minorOf(m[5], currency, f.line, '61');
  const mark = m[3];
  // RC is the reversal of a credit (money out), RD of a debit (money in); some banks write the sign
  // the other way round, so the printed balances may choose the other reading.
  const amount = mark === 'C' || mark === 'RD' ? magnitude : -magnitude;
  const [custRef, bankRef] = m[7].split('//');
  const supplementary = rest
    .map((l) => l.trim())
    .filter(Boolean)
    .join(' ');
  const text = details ? (details.tag === 'NS' ? readNonSwift(details.body) : readDetails86(details.body)) : { parts: [], reference: '' };
  const cust = (custRef ?? '').trim();
  const reference = cust && !/^NONREF$/i.test(cust) ? cust : text.reference;
  const description = text.parts.length ? text.parts : [supplementary || (m[6] ?? '').trim() || (bankRef ?? '').trim()].filter(Boolean);
  return {
    line: f.line,
    row: {
      date,
      description,
      reference,
      amount,
      alternatives: mark.startsWith('R') ? [-amount] : undefined,
      provenance: { page: 1, lines: [f.line] },
    },
  };
}

function accountFacts(body: string, currency: string): AccountFacts {
  const s = body.split('\n')[0].trim();
  // IBAN with the currency appended (NL08ABNA0123456789EUR), "BLZ/account", or a bare number.
  const withCcy = /^([A-Z]{2}\d{2}[A-Z0-9]+?)([A-Z]{3})$/.exec(s.replace(/\s+/g, ''));
  if (withCcy && isIban(withCcy[1])) return { id: withCcy[1], iban: withCcy[1], currency };
  const slash = /^([^/]+)\/(.+)$/.exec(s);
  if (slash) {
    const acct = slash[2].replace(/[A-Z]{3}$/, '');
    return { id: acct, bankId: slash[1], currency };
  }
  // A bare number may carry the currency too (1291.99.348EUR).
  const bare = s.replace(/(?<=\d)[A-Z]{3}$/, '');
  return { id: bare, iban: isIban(bare) ? bare : null, currency };
}

function currencyOf(fields: Field[]): string | null {
  for (const f of fields) {
    if (/^6[02][FM]$|^64$/.test(f.tag)) {
      const b = /^\s*[CD]\d{6}([A-Z]{3})/.exec(f.body);
      if (b) return b[1];
    }
    if (f.tag === '34F' || f.tag === '90D' || f.tag === '90C') {
      const b = /^\d*([A-Z]{3})/.exec(f.body.trim());
      if (b) return b[1];
    }
  }
  const acct = fields.find((f) => f.tag === '25')?.body.trim() ?? '';
  const tail = /[^A-Z]([A-Z]{3})$/.exec(acct);
  return tail ? tail[1] : null;
}

export interface Mt940Read {
  reads: StatementRead[];
  warnings: Warning[];
}

export function readMt940(text: string, fallbackCurrency = 'EUR'): Mt940Read {
  const warnings: Warning[] = [];
  const messages = messagesOf(text);
  if (!messages.length) throw broken('MT940', 'no statement message (:20: … :61: … :62F:) was found.');
  const reads: StatementRead[] = [];
  let assumed = false;
  let lastKey = '';
  for (const fields of messages) {
    let currency = currencyOf(fields);
    if (!currency) {
      currency = fallbackCurrency;
      assumed = true;
    }
    const acctField = fields.find((f) => f.tag === '25');
    const account = accountFacts(acctField?.body ?? '', currency);
    const rows: DraftRow[] = [];
    let opening: bigint | null = null,
      closing: bigint | null = null,
      totalIn: bigint | null = null,
      totalOut: bigint | null = null;
    let from: string | null = null,
      to: string | null = null;
    for (let i = 0; i < fields.length; i++) {
      const f = fields[i];
      if (f.tag === '60F' || f.tag === '60M') {
        const b = readBalance(f);
        opening = b.sign * minorOf(b.digits, currency, f.line, f.tag);
        from = b.date;
      } else if (f.tag === '62F' || f.tag === '62M') {
        const b = readBalance(f);
        closing = b.sign * minorOf(b.digits, currency, f.line, f.tag);
        to = b.date;
      } else if (f.tag === '61') {
        const next = fields[i + 1];
        let details = next && (next.tag === '86' || next.tag === 'NS') ? next : undefined;
        // Old Rabobank files give each line of the details a :86: of its own: one text, in order.
        if (details?.tag === '86' && fields[i + 2]?.tag === '86') {
          const lines = [details.body];
          for (let k = i + 2; fields[k]?.tag === '86'; k++) lines.push(fields[k].body);
          details = { ...details, body: lines.join('\n') };
        }
        rows.push(readRow(f, currency, details).row);
      } else if (f.tag === '90D' || f.tag === '90C') {
        const t = /^\s*\d*([A-Z]{3})?(\d[\d,]*)\s*$/.exec(f.body.split('\n')[0]);
        if (!t) throw broken('MT940', `line ${f.line}: :${f.tag}: is not a count and sum.`);
        const v = minorOf(t[2], currency, f.line, f.tag);
        if (f.tag === '90C') totalIn = v;
        else totalOut = v;
      }
    }
    const seq = fields.find((f) => f.tag === '28C' || f.tag === '28')?.body.trim();
    const segment: Segment = { rows, opening, closing, totalIn, totalOut, from, to, label: seq ? `statement ${seq.split('\n')[0]}` : undefined };
    // Consecutive messages of one account and currency are one statement (intermediate :62M:/:60M:).
    const key = `${account.id ?? ''}\0${currency}`;
    if (reads.length && key === lastKey) reads[reads.length - 1].segments.push(segment);
    else reads.push({ account, segments: [segment] });
    lastKey = key;
  }
  if (assumed) warnings.push({ code: 'currency_assumed', message: `The MT940 file names no currency; ${fallbackCurrency} was assumed.` });
  return { reads, warnings };
}
