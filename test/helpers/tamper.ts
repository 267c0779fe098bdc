// Tampering with a statement's printed figures one at a time (test/engine/tamper.security.test.ts,
// bench/tamper-sweep.ts): each edit is converted, and an edit that still says PASS while an amount or
// balance reads differently is a suspect, a PASS that did not check the figure it changed. The edits, each
// on one figure: its last digit changed (a cent, the smallest tamper), a minus added or removed, its line
// (or, in a PDF, its text) removed, and its DR/CR mark swapped.
//
// Classes per edit: caught (not PASS), refused (no result), unused (PASS, rows as before: the figure is
// no row's), text (PASS, only dates, descriptions or an emptied balance changed: what no balance checks),
// edge (PASS, only the first or last row of a currency changed or went: see edgeOnly), suspect.
import { convert } from '../../src/engine/convert.js';
import { escapeLiteral, parsePdf, rewrite, unescapeLiteral, type PdfObject } from './pdf-edit.js';

// A printed figure: grouped or plain integer part, two decimals, not inside a longer number, and not
// followed by a dot ("19.01." is a day and month).
const MONEY = /(?<![\d.,])(?:\d{1,3}(?:[,. ]\d{3})+|\d+)[.,]\d{2}(?![\d.,]?\d|\.)/g;

export interface Site {
  where: number; // object index (PDF) or -1 (text)
  start: number; // the figure in the site's text (a PDF string's decoded bytes, or the whole text)
  end: number;
  text: string;
  token?: { start: number; end: number; hex: boolean; inner: string }; // the PDF string holding it
}

/** Figures inside a content stream's strings, literal or hex (never an operand: those are positions). */
export function pdfSites(objs: PdfObject[]): Site[] {
  const sites: Site[] = [];
  objs.forEach((o, where) => {
    if (!o.data) return;
    const c = o.data.toString('latin1');
    for (let i = 0; i < c.length; i++) {
      let j = i + 1;
      let inner: string;
      let hex = false;
      if (c[i] === '(') {
        let depth = 1;
        for (; j < c.length && depth; j++) {
          if (c[j] === '\\') j++;
          else if (c[j] === '(') depth++;
          else if (c[j] === ')') depth--;
        }
        inner = unescapeLiteral(c.slice(i + 1, j - 1));
      } else if (c[i] === '<' && c[i + 1] !== '<') {
        j = c.indexOf('>', i);
        if (j < 0) break;
        j++;
        const digits = c.slice(i + 1, j - 1).replace(/\s+/g, '');
        if (!/^[0-9a-fA-F]*$/.test(digits)) continue;
        inner = Buffer.from(digits.length % 2 ? `${digits}0` : digits, 'hex').toString('latin1');
        hex = true;
      } else if (c[i] === '<') {
        i++;
        continue;
      } else continue;
      const token = { start: i, end: j, hex, inner };
      for (const m of inner.matchAll(MONEY)) sites.push({ where, start: m.index, end: m.index + m[0].length, text: m[0], token });
      i = j - 1;
    }
  });
  return sites;
}

export function textSites(text: string): Site[] {
  return [...text.matchAll(MONEY)].map((m) => ({ where: -1, start: m.index, end: m.index + m[0].length, text: m[0] }));
}

export type Edit = 'cent' | 'minus' | 'drop' | 'mark';

/** The edited source text around a site, or null where the edit does not apply. */
export function edit(src: string, site: Site, kind: Edit, isPdf: boolean): string | null {
  const { start, end, text } = site;
  switch (kind) {
    case 'cent': {
      const d = +text[text.length - 1];
      return src.slice(0, end - 1) + String((d + 1) % 10) + src.slice(end);
    }
    case 'minus': {
      if (src[start - 1] === '-') return src.slice(0, start - 1) + src.slice(start);
      if (/[+\d]/.test(src[start - 1] ?? '')) return null;
      return `${src.slice(0, start)}-${src.slice(start)}`;
    }
    case 'mark': {
      const after = /^\s?(CR|DR|Cr|Dr|C|D)\b/.exec(src.slice(end, end + 4));
      if (!after) return null;
      const swap: Record<string, string> = { CR: 'DR', DR: 'CR', Cr: 'Dr', Dr: 'Cr', C: 'D', D: 'C' };
      const at = end + after[0].length - after[1].length;
      return src.slice(0, at) + swap[after[1]] + src.slice(at + after[1].length);
    }
    case 'drop': {
      if (isPdf) return src.slice(0, start) + src.slice(end);
      const a = src.lastIndexOf('\n', start) + 1;
      const b = src.indexOf('\n', end);
      return src.slice(0, a) + (b < 0 ? '' : src.slice(b + 1));
    }
  }
}

type Row = { Date: string; Description: string; Amount: string; Balance: string | null; Currency: string };
// A row as compared: its figures and currency first, then what no balance checks (date, description).
const key = (t: Row) => `${t.Amount}|${t.Balance ?? ''}|${t.Currency}|${t.Date}|${t.Description}`;
const figures = (k: string) => k.split('|').slice(0, 3).join('|');
// Dates and descriptions are no printed figure's to check, and a balance the edit removed may be left
// empty: only an amount or a balance read differently (or a row more or less) makes a PASS suspect.
const sameFigures = (a: string, b: string) => {
  const [x, y] = [a.split('|'), b.split('|')];
  return x[0] === y[0] && x[2] === y[2] && (x[1] === y[1] || y[1] === '');
};

async function rowsOf(bytes: Uint8Array, filename: string): Promise<{ status: string; rows: string[] } | null> {
  try {
    const r = await convert(bytes, { filename });
    return { status: r.reconcile_status, rows: (r.transactions as unknown as Row[]).map(key) };
  } catch {
    return null;
  }
}

/**
 * A chain's first row (the oldest) and last row sit in no equation of their own amount where no
 * opening or closing balance is printed (a lone first balance checks nothing before it), so an edit
 * that changes or removes only the first or last row of a currency's rows is no wrong PASS.
 */
function edgeOnly(was: string[], now: string[]): boolean {
  const currency = (k: string) => k.split('|')[2];
  const atEdge = (i: number) => {
    const same = was.map((r, k) => (currency(r) === currency(was[i]) ? k : -1)).filter((k) => k >= 0);
    return i === same[0] || i === same[same.length - 1];
  };
  if (now.length === was.length) {
    const diff = was.map((r, k) => (sameFigures(r, now[k]) ? -1 : k)).filter((k) => k >= 0);
    return diff.length === 1 && atEdge(diff[0]);
  }
  if (now.length !== was.length - 1) return false;
  let i = 0;
  while (i < now.length && sameFigures(was[i], now[i])) i++;
  return now.slice(i).every((r, k) => sameFigures(was[i + k + 1], r)) && atEdge(i);
}

export interface TamperTally {
  edits: number;
  caught: number;
  refused: number;
  unused: number;
  text: number;
  edge: number;
  suspect: number;
}

export interface TamperFinding {
  kind: Edit;
  figure: string;
  rows: [number, number];
  /** The first row whose figures differ: before and after the edit. */
  was?: string;
  now?: string;
  bytes: Buffer;
}

export interface TamperReport {
  /** False where the file is no PASS to begin with, or a PDF the editor cannot write back as it reads. */
  tested: boolean;
  tally: TamperTally;
  suspects: TamperFinding[];
  edges: TamperFinding[];
  unused: TamperFinding[];
}

/** `n` of the items, drawn by a seeded generator and kept in their order. */
export const pick = <T>(items: T[], n: number, seed: number): T[] => {
  if (items.length <= n) return items;
  let s = seed >>> 0 || 1;
  const rand = () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32;
  return items
    .map((x, i) => ({ x, i, r: rand() }))
    .sort((a, b) => a.r - b.r)
    .slice(0, n)
    .sort((a, b) => a.i - b.i)
    .map((y) => y.x);
};

/** The PDF with one figure edited (its string in the content stream rewritten), or null where the edit does not apply. */
export function editPdf(bytes: Buffer, objs: PdfObject[], site: Site, kind: Edit): Buffer | null {
  const o: PdfObject = objs[site.where];
  const t = site.token!;
  const e = edit(t.inner, site, kind, true);
  if (e === null) return null;
  const c = o.data!.toString('latin1');
  const string = t.hex ? `<${Buffer.from(e, 'latin1').toString('hex')}>` : `(${escapeLiteral(e)})`;
  return rewrite(bytes, objs, o, Buffer.from(c.slice(0, t.start) + string + c.slice(t.end), 'latin1'));
}

/** Every edit of up to `sites` figures of one statement (chosen by a seeded draw), converted and classed. */
export async function tamperFile(bytes: Buffer, filename: string, opts: { sites?: number; match?: string; kinds?: Edit[] } = {}): Promise<TamperReport> {
  const tally: TamperTally = { edits: 0, caught: 0, refused: 0, unused: 0, text: 0, edge: 0, suspect: 0 };
  const report: TamperReport = { tested: false, tally, suspects: [], edges: [], unused: [] };
  const base = await rowsOf(bytes, filename);
  if (!base || base.status !== 'PASS') return report;
  const isPdf = /\.pdf$/i.test(filename);
  const objs = isPdf ? parsePdf(bytes) : null;
  if (isPdf && !objs) return report;
  const src = isPdf ? '' : bytes.toString('latin1');
  let sites = isPdf ? pdfSites(objs!) : textSites(src);
  if (isPdf && sites.length) {
    // The control: the file written back with no edit must read as it did, or the writing is what is tested.
    const o = objs!.find((x) => x.data)!;
    const control = await rowsOf(rewrite(bytes, objs!, o, o.data!), filename);
    if (!control || control.status !== 'PASS' || control.rows.join('\n') !== base.rows.join('\n')) return report;
  }
  report.tested = true;
  sites = pick(
    sites.filter((s) => !opts.match || s.text === opts.match),
    opts.sites ?? Infinity,
    sites.length * 31 + filename.length,
  );
  for (const site of sites) {
    for (const kind of opts.kinds ?? (['cent', 'minus', 'drop', 'mark'] as Edit[])) {
      let out: Buffer;
      if (isPdf) {
        const edited = editPdf(bytes, objs!, site, kind);
        if (edited === null) continue;
        out = edited;
      } else {
        const e = edit(src, site, kind, false);
        if (e === null) continue;
        out = Buffer.from(e, 'latin1');
      }
      tally.edits++;
      const got = await rowsOf(out, filename);
      if (!got) {
        tally.refused++;
        continue;
      }
      if (got.status !== 'PASS') {
        tally.caught++;
        continue;
      }
      const finding = (): TamperFinding => {
        const i = Math.max(
          0,
          got.rows.findIndex((r, k) => !base.rows[k] || figures(r) !== figures(base.rows[k])),
        );
        return { kind, figure: site.text, rows: [base.rows.length, got.rows.length], was: base.rows[i], now: got.rows[i], bytes: out };
      };
      if (got.rows.length === base.rows.length && got.rows.every((r, k) => r === base.rows[k])) {
        tally.unused++;
        report.unused.push(finding());
      } else if (got.rows.length === base.rows.length && got.rows.every((r, k) => sameFigures(base.rows[k], r))) tally.text++;
      else if (edgeOnly(base.rows, got.rows)) {
        tally.edge++;
        report.edges.push(finding());
      } else {
        tally.suspect++;
        report.suspects.push(finding());
      }
    }
  }
  return report;
}

/**
 * The PDF with every string that prints one of `figures` (unsigned, "1,234.56" or "1234.56"; a currency
 * sign before it and a CR/DR/OD mark after it go too) written as an empty string: a statement without
 * its running balances, made from one that prints them.
 */
export function blankFigures(bytes: Buffer, figures: Set<string>): { bytes: Buffer; blanked: number } {
  let out = bytes;
  let blanked = 0;
  for (const o of parsePdf(bytes) ?? []) {
    if (!o.data) continue;
    const c = o.data.toString('latin1').replace(/\(((?:\\.|[^\\)])*)\)|<([0-9a-fA-F\s]*)>/g, (whole, inner?: string, hex?: string) => {
      const text = inner !== undefined ? unescapeLiteral(inner) : Buffer.from(hex!.replace(/\s+/g, ''), 'hex').toString('latin1');
      const t = text.replace(/^[^\d]*/, '').replace(/[\s-]*(CR|DR|OD|D|Cr|Dr)?\s*$/, '');
      if (!figures.has(t)) return whole;
      blanked++;
      return inner !== undefined ? '()' : '<>';
    });
    const objs = parsePdf(out)!;
    out = rewrite(
      out,
      objs,
      objs.find((x) => x.num === o.num)!,
      Buffer.from(c, 'latin1'),
    );
  }
  return { bytes: out, blanked };
}
