// Tamper sweep: the wrong-PASS guard. Every statement under the given folders that converts to PASS is
// edited one printed figure at a time, converted again, and any edit that still says PASS while the rows
// read differently is reported: a PASS that did not check the figure it changed. The edits, each on one
// figure: its last digit changed (a cent, the smallest tamper), a minus added or removed, its line (or,
// in a PDF, its text) removed, and its DR/CR mark swapped. A statement with a planted break is what the
// verdict exists for, so this is the sweep the synth-uk generator's tampered statements call for.
//
//   npm run fixtures && node --import tsx bench/tamper-sweep.ts test/.generated/fixtures ../shared/corpus [--sites N] [--show]
//
// Files are read in place and never written. PDFs are edited in their decoded content streams (Flate,
// ASCII85): the edited file is written uncompressed with a rebuilt cross-reference table; a PDF with an
// xref stream or object streams is left out. Classes per edit: caught (not PASS), unused (PASS, rows as
// before: the figure is not a row's), text (PASS, only descriptions or an emptied balance changed: a
// figure quoted in a description), edge (PASS, only the first or last row changed or went: see
// edgeOnly), suspect (PASS, a date, amount or balance changed, or a row more or
// less: a wrong PASS unless the edit is one the engine may read either way; --show prints the row).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { convert } from '../src/engine/convert.js';

const args = process.argv.slice(2);
const flag = (k: string) => {
  const i = args.indexOf(k);
  return i >= 0 ? args.splice(i, 2)[1] : undefined;
};
const show = args.includes('--show');
const showEdge = args.includes('--edges');
const showUnused = args.includes('--unused');
const writeTo = flag('--write');
const only = flag('--match');
const sitesPerFile = Number(flag('--sites') ?? 40);
const dirs = args.filter((a) => !a.startsWith('--'));

const EXT = /\.(pdf|csv|txt|tsv)$/i;
// A printed figure: grouped or plain integer part, two decimals, not inside a longer number.
const MONEY = /(?<![\d.,])(?:\d{1,3}(?:[,. ]\d{3})+|\d+)[.,]\d{2}(?![\d.,]?\d)/g;

function walk(dir: string, out: string[] = []): string[] {
  if (!fs.statSync(dir).isDirectory()) return [dir];
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (EXT.test(e.name)) out.push(p);
  }
  return out;
}

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

// ---- PDF content streams -------------------------------------------------------------------------

interface PdfObject {
  head: string; // "12 0 obj" .. up to "stream" or "endobj" (latin1)
  num: number;
  gen: number;
  dict: string;
  data?: Buffer; // decoded stream
  filtered: boolean; // stream decodes to text content
  raw: string; // the whole object, latin1
}

function ascii85(s: string): Buffer {
  const t = s.replace(/\s+/g, '').replace(/^<~/, '').replace(/~>$/, '');
  const out: number[] = [];
  let group: number[] = [];
  for (const ch of t) {
    if (ch === 'z' && group.length === 0) {
      out.push(0, 0, 0, 0);
      continue;
    }
    group.push(ch.charCodeAt(0) - 33);
    if (group.length === 5) {
      let v = 0;
      for (const g of group) v = v * 85 + g;
      out.push((v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255);
      group = [];
    }
  }
  if (group.length) {
    const n = group.length;
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const g of group) v = v * 85 + g;
    const bytes = [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255];
    out.push(...bytes.slice(0, n - 1));
  }
  return Buffer.from(out);
}

function parsePdf(bytes: Buffer): PdfObject[] | null {
  const s = bytes.toString('latin1');
  const objs: PdfObject[] = [];
  const re = /(\d+)\s+(\d+)\s+obj\b/g;
  let m: RegExpExecArray | null;
  while ((m = re.exec(s))) {
    const end = s.indexOf('endobj', m.index);
    if (end < 0) return null;
    const raw = s.slice(m.index, end + 6);
    const sm = /\bstream\r?\n/.exec(raw);
    const dict = sm ? raw.slice(0, sm.index) : raw;
    const obj: PdfObject = { head: m[0], num: +m[1], gen: +m[2], dict, filtered: false, raw };
    if (sm) {
      const start = sm.index + sm[0].length;
      const stop = raw.lastIndexOf('endstream');
      let body: Buffer = Buffer.from(raw.slice(start, stop).replace(/\r?\n$/, ''), 'latin1');
      const filters = (/\/Filter\s*(\[[^\]]*\]|\/\w+)/.exec(dict)?.[1] ?? '').match(/\/\w+/g) ?? [];
      try {
        for (const f of filters) {
          if (f === '/ASCII85Decode') body = ascii85(body.toString('latin1'));
          else if (f === '/FlateDecode') body = zlib.inflateSync(body);
          else throw new Error(f);
        }
        if (/\bBT\b/.test(body.toString('latin1')) && !/\/(Subtype\s*\/Image|Length1|DecodeParms)/.test(dict)) {
          obj.data = body;
          obj.filtered = true;
        }
      } catch {
        // A stream we cannot decode is kept as it is.
      }
    }
    objs.push(obj);
    re.lastIndex = end;
  }
  return objs;
}

function writePdf(original: Buffer, objs: PdfObject[]): Buffer {
  const s = original.toString('latin1');
  const trailer = /trailer\s*(<<[\s\S]*?>>)\s*startxref/.exec(s)?.[1] ?? '';
  const root = /\/Root\s+\d+\s+\d+\s+R/.exec(trailer)?.[0] ?? '';
  const info = /\/Info\s+\d+\s+\d+\s+R/.exec(trailer)?.[0] ?? '';
  const parts: string[] = ['%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'];
  let offset = parts[0].length;
  const offsets = new Map<number, number>();
  for (const o of objs) {
    let text: string;
    if (o.filtered && o.data) {
      const dict = o.dict.replace(/\/Filter\s*(\[[^\]]*\]|\/\w+)/, '').replace(/\/Length\s+\d+(\s+\d+\s+R)?/, `/Length ${o.data.length}`);
      text = `${dict}stream\n${o.data.toString('latin1')}\nendstream\nendobj`;
    } else text = o.raw;
    offsets.set(o.num, offset);
    const chunk = `${text}\n`;
    parts.push(chunk);
    offset += chunk.length;
  }
  const size = Math.max(...objs.map((o) => o.num)) + 1;
  let xref = `xref\n0 ${size}\n0000000000 65535 f \n`;
  for (let i = 1; i < size; i++) {
    const at = offsets.get(i);
    xref += at === undefined ? '0000000000 65535 f \n' : `${String(at).padStart(10, '0')} 00000 n \n`;
  }
  parts.push(xref, `trailer\n<< /Size ${size} ${root} ${info} >>\nstartxref\n${offset}\n%%EOF\n`);
  return Buffer.from(parts.join(''), 'latin1');
}

/**
 * The file with one content stream replaced, as an incremental update (an xref stream pointing at the
 * new object): for files whose objects sit in object streams, which a rewritten classic table cannot
 * address.
 */
function updatePdf(original: Buffer, obj: PdfObject, data: Buffer): Buffer {
  const s = original.toString('latin1');
  const last = (re: RegExp) => [...s.matchAll(re)].pop();
  const prev = last(/startxref\s+(\d+)/g)?.[1] ?? '0';
  const root = last(/\/Root\s+\d+\s+\d+\s+R/g)?.[0] ?? '';
  const info = last(/\/Info\s+\d+\s+\d+\s+R/g)?.[0] ?? '';
  const size = Math.max(...[...s.matchAll(/\/Size\s+(\d+)/g)].map((m) => +m[1]));
  const dict = obj.dict.replace(/\/Filter\s*(\[[^\]]*\]|\/\w+)/, '').replace(/\/Length\s+\d+(\s+\d+\s+R)?/, `/Length ${data.length}`);
  let out = `${s}\n`;
  const at = out.length;
  out += `${dict}stream\n${data.toString('latin1')}\nendstream\nendobj\n`;
  const xrefAt = out.length;
  const entry = (off: number, gen: number) => String.fromCharCode(1, (off >>> 24) & 255, (off >>> 16) & 255, (off >>> 8) & 255, off & 255, gen >> 8, gen & 255);
  const table = entry(at, obj.gen) + entry(xrefAt, 0);
  out +=
    `${size} 0 obj\n<< /Type /XRef /Size ${size + 1} ${root} ${info} /Prev ${prev} /Index [${obj.num} 1 ${size} 1] /W [1 4 2] /Length ${table.length} >>\nstream\n` +
    `${table}\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

// ---- edit sites ----------------------------------------------------------------------------------

interface Site {
  where: number; // object index (PDF) or -1 (text)
  start: number; // the figure in the site's text (a PDF string's decoded bytes, or the whole text)
  end: number;
  text: string;
  token?: { start: number; end: number; hex: boolean; inner: string }; // the PDF string holding it
}

/** A literal string's bytes: its escapes read (an octal escape's digits are no figure's). */
function unescapeLiteral(raw: string): string {
  return raw.replace(/\\(?:([0-7]{1,3})|(\r?\n)|(.))/gs, (_, oct: string, nl: string, ch: string) => {
    if (oct) return String.fromCharCode(parseInt(oct, 8) & 255);
    if (nl) return '';
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[ch] ?? ch;
  });
}

/** A literal string's source for some bytes: parentheses and backslashes escaped, controls in octal. */
function escapeLiteral(bytes: string): string {
  return bytes.replace(/[()\\]|[^\x20-\x7e]/g, (ch) => (/[()\\]/.test(ch) ? `\\${ch}` : `\\${ch.charCodeAt(0).toString(8).padStart(3, '0')}`));
}

/** Figures inside a content stream's strings, literal or hex (never an operand: those are positions). */
function pdfSites(objs: PdfObject[]): Site[] {
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

function textSites(text: string): Site[] {
  return [...text.matchAll(MONEY)].map((m) => ({ where: -1, start: m.index, end: m.index + m[0].length, text: m[0] }));
}

type Edit = 'cent' | 'minus' | 'drop' | 'mark';

/** The edited source text around a site, or null where the edit does not apply. */
function edit(src: string, site: Site, kind: Edit, isPdf: boolean): string | null {
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

/** A PDF with one content stream replaced: a rewritten classic file where it can be, else an update. */
function rewrite(bytes: Buffer, objs: PdfObject[], o: PdfObject, data: Buffer): Buffer {
  if (/\/Type\s*\/(XRef|ObjStm)\b/.test(bytes.toString('latin1'))) return updatePdf(bytes, o, data);
  return writePdf(
    bytes,
    objs.map((x) => (x === o ? { ...x, data } : x)),
  );
}

// ---- the sweep -----------------------------------------------------------------------------------

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

const tally = { files: 0, edits: 0, caught: 0, unused: 0, text: 0, edge: 0, suspect: 0, refused: 0, unrewritable: 0 };
const suspects: string[] = [];
const edges: string[] = [];
const unused: string[] = [];

for (const file of dirs.flatMap((d) => walk(d))) {
  const bytes = fs.readFileSync(file);
  const base = await rowsOf(bytes, path.basename(file));
  if (!base || base.status !== 'PASS') continue;
  const isPdf = /\.pdf$/i.test(file);
  const objs = isPdf ? parsePdf(bytes) : null;
  if (isPdf && !objs) continue;
  const src = isPdf ? '' : bytes.toString('latin1');
  let sites = isPdf ? pdfSites(objs!) : textSites(src);
  if (!sites.length) continue;
  if (isPdf) {
    // The control: the file rewritten with no edit must read as it did, or the rewriting is what is tested.
    const o = objs!.find((x) => x.data)!;
    const control = await rowsOf(rewrite(bytes, objs!, o, o.data!), path.basename(file));
    if (!control || control.status !== 'PASS' || control.rows.join('\n') !== base.rows.join('\n')) {
      tally.unrewritable++;
      continue;
    }
  }
  tally.files++;
  const rand = rng(sites.length * 31 + file.length);
  if (sites.length > sitesPerFile)
    sites = sites
      .map((s) => ({ s, r: rand() }))
      .sort((a, b) => a.r - b.r)
      .slice(0, sitesPerFile)
      .map((x) => x.s)
      .sort((a, b) => a.where - b.where || a.start - b.start);
  for (const site of sites) {
    if (only && site.text !== only) continue;
    for (const kind of ['cent', 'minus', 'drop', 'mark'] as Edit[]) {
      let out: Buffer;
      if (isPdf) {
        const o = objs![site.where];
        const t = site.token!;
        const e = edit(t.inner, site, kind, true);
        if (e === null) continue;
        const c = o.data!.toString('latin1');
        const data = Buffer.from(
          c.slice(0, t.start) + (t.hex ? `<${Buffer.from(e, 'latin1').toString('hex')}>` : `(${escapeLiteral(e)})`) + c.slice(t.end),
          'latin1',
        );
        out = rewrite(bytes, objs!, o, data);
      } else {
        const e = edit(src, site, kind, false);
        if (e === null) continue;
        out = Buffer.from(e, 'latin1');
      }
      tally.edits++;
      const got = await rowsOf(out, path.basename(file));
      if (!got) {
        tally.refused++;
        continue;
      }
      if (got.status !== 'PASS') {
        tally.caught++;
        continue;
      }
      const same = got.rows.length === base.rows.length && got.rows.every((r, k) => r === base.rows[k]);
      if (same) {
        tally.unused++;
        if (showUnused) unused.push(`${file} ${kind} "${site.text}"`);
        continue;
      }
      if (got.rows.length === base.rows.length && got.rows.every((r, k) => sameFigures(base.rows[k], r))) {
        tally.text++;
        continue;
      }
      if (edgeOnly(base.rows, got.rows)) {
        tally.edge++;
        if (showEdge) edges.push(`${file} ${kind} "${site.text}" (rows ${base.rows.length} -> ${got.rows.length})`);
        continue;
      }
      tally.suspect++;
      if (writeTo) fs.writeFileSync(path.join(writeTo, `suspect-${tally.suspect}${path.extname(file)}`), out);
      const i = Math.max(
        0,
        got.rows.findIndex((r, k) => !base.rows[k] || figures(r) !== figures(base.rows[k])),
      );
      suspects.push(
        `${file} ${kind} "${site.text}" (rows ${base.rows.length} -> ${got.rows.length})` +
          (show ? `\n    #${i} was ${base.rows[i]}\n        now ${got.rows[i]}` : ''),
      );
    }
  }
}

console.log(
  `tamper: files=${tally.files} edits=${tally.edits} caught=${tally.caught} unused=${tally.unused} text=${tally.text} edge=${tally.edge} suspect=${tally.suspect} refused=${tally.refused} unrewritable=${tally.unrewritable}`,
);
for (const s of suspects) console.log(`suspect ${s}`);
for (const s of edges) console.log(`edge ${s}`);
for (const s of unused) console.log(`unused ${s}`);
