// Issue 47, bounded but worth closing: a genuine 39.6-megapixel scan (under the 40-megapixel cap)
// always ran out of memory; a 364-byte TIFF whose page chain loops did the same; an XLSX had no row
// check before parsing (a million rows failed on memory after 33 s). Through the real conversion pool.
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_TEXT_LINES } from '../../src/engine/input-limits.js';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';
import { fileUpload } from '../helpers/multipart.js';
import { scanPages } from '../ocr/scan-fixture.js';
import { createHostileApp, expectRefused, type HostileApp } from './hostile-app.js';

/** A small TIFF: one 100 x 100 grey page whose next-page offset (and, with `sub`, a sub-directory) is set. */
function tiff(o: { next?: number; sub?: number } = {}): Buffer {
  const tags: [number, number, number][] = [
    [256, 4, 100],
    [257, 4, 100],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 0],
    [277, 3, 1],
    [278, 4, 100],
    [279, 4, 100 * 100],
  ];
  if (o.sub !== undefined) tags.push([330, 4, o.sub]);
  const ifd = 8;
  const data = ifd + 2 + tags.length * 12 + 4;
  const b = Buffer.alloc(data + 242).fill(255, data);
  b.write('II', 0, 'latin1');
  b.writeUInt16LE(42, 2);
  b.writeUInt32LE(ifd, 4);
  b.writeUInt16LE(tags.length, ifd);
  tags.forEach(([tag, type, value], k) => {
    const at = ifd + 2 + k * 12;
    b.writeUInt16LE(tag, at);
    b.writeUInt16LE(type, at + 2);
    b.writeUInt32LE(1, at + 4);
    if (type === 3) b.writeUInt16LE(value, at + 8);
    else b.writeUInt32LE(tag === 273 ? data : value, at + 8);
  });
  b.writeUInt32LE(o.next ?? 0, data - 4);
  return b;
}

function workbook(rows: number, prefix = ''): Uint8Array {
  const p = prefix ? `${prefix}:` : '';
  const body: string[] = [];
  for (let i = 1; i <= rows; i++) body.push(`<${p}row r="${i}"><${p}c r="A${i}" t="inlineStr"><${p}is><${p}t>x</${p}t></${p}is></${p}c></${p}row>`);
  const sheet = `<?xml version="1.0"?><${p}worksheet xmlns${prefix ? `:${prefix}` : ''}="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><${p}sheetData>${body.join('')}</${p}sheetData></${p}worksheet>`;
  return zipSync({
    '[Content_Types].xml': Buffer.from('<?xml version="1.0"?><Types/>'),
    'xl/workbook.xml': Buffer.from('<?xml version="1.0"?><workbook/>'),
    'xl/worksheets/sheet1.xml': Buffer.from(sheet),
  });
}

describe('images and workbooks: bounded before decoding', () => {
  let t: HostileApp;
  beforeAll(async () => {
    t = await createHostileApp();
  });
  afterAll(() => t.close());

  it('a 39.6-megapixel scan (A4 at 640 dpi) is read within the conversion memory bound', async () => {
    const { bytes } = await generateStatementPdf({ layout: 'split', rows: 5 });
    const [png] = await scanPages(bytes, { dpi: 640 });
    expect(png.readUInt32BE(16) * png.readUInt32BE(20)).toBeGreaterThan(39_500_000);
    const res = await t.post(fileUpload(png, 'scan.png'));
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.json().transaction_count).toBe(5);
  });

  for (const [name, file, why] of [
    ['a 364-byte TIFF whose page chain loops', tiff({ next: 8 }), /page chain loops/],
    ['a TIFF whose sub-directory is itself', tiff({ sub: 8 }), /points back at itself/],
    ['a TIFF whose next page lies outside the file', tiff({ next: 1_000_000 }), /outside the file/],
  ] as const) {
    it(`${name}: 400 security_check_failed, at once`, async () => {
      if (name.startsWith('a 364')) expect(file.length).toBe(364);
      const p = await expectRefused(t, await t.post(fileUpload(file, 'scan.tif')), 400, 'security_check_failed');
      expect(p.detail).toMatch(why);
    });
  }

  it(`an XLSX of ${(MAX_TEXT_LINES + 50_000).toLocaleString('en-GB')} rows is refused before any reader parses it, prefixed or not`, async () => {
    for (const prefix of ['', 'x']) {
      const p = await expectRefused(t, await t.post(fileUpload(workbook(MAX_TEXT_LINES + 50_000, prefix), 'big.xlsx')), 400, 'security_check_failed');
      expect(p.detail).toMatch(/workbook has more than 250,000 rows/);
    }
  });
});
