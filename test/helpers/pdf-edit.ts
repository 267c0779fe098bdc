// Editing a PDF's text for tests and benches: its content streams decoded (Flate, ASCII85), one replaced,
// and the file written again, uncompressed with a rebuilt cross-reference table, or as an incremental
// update where its objects sit in object streams. Only for files this project generates or reads in
// place (bench/tamper-sweep.ts); the result is never stored.
import zlib from 'node:zlib';

export interface PdfObject {
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

export function parsePdf(bytes: Buffer): PdfObject[] | null {
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

/** A PDF with one content stream replaced: a rewritten classic file where it can be, else an update. */
export function rewrite(bytes: Buffer, objs: PdfObject[], o: PdfObject, data: Buffer): Buffer {
  if (/\/Type\s*\/(XRef|ObjStm)\b/.test(bytes.toString('latin1'))) return updatePdf(bytes, o, data);
  return writePdf(
    bytes,
    objs.map((x) => (x === o ? { ...x, data } : x)),
  );
}

/** A literal string's bytes: its escapes read (an octal escape's digits are no figure's). */
export function unescapeLiteral(raw: string): string {
  return raw.replace(/\\(?:([0-7]{1,3})|(\r?\n)|(.))/gs, (_, oct: string, nl: string, ch: string) => {
    if (oct) return String.fromCharCode(parseInt(oct, 8) & 255);
    if (nl) return '';
    return ({ n: '\n', r: '\r', t: '\t', b: '\b', f: '\f' } as Record<string, string>)[ch] ?? ch;
  });
}

/** A literal string's source for some bytes: parentheses and backslashes escaped, controls in octal. */
export function escapeLiteral(bytes: string): string {
  return bytes.replace(/[()\\]|[^\x20-\x7e]/g, (ch) => (/[()\\]/.test(ch) ? `\\${ch}` : `\\${ch.charCodeAt(0).toString(8).padStart(3, '0')}`));
}
