// Image uploads that must be refused before any pixel is decoded or any OCR starts: huge declared
// sizes, too many TIFF pages, damaged headers. Plus the sniffer and the TSV reader of the binary backend.
import UTIF from 'utif2';
import { describe, expect, it } from 'vitest';
import { parseTsv } from '../../src/adapters/ocr/tesseract-cli.backend.js';
import { localPaths } from '../../src/adapters/ocr/tesseract-js.backend.js';
import { convert } from '../../src/engine/convert.js';
import type { OcrBackend } from '../../src/engine/ocr/ocr-backend.js';
import { jpegSize } from '../../src/engine/ocr/image-input.js';
import { sniff } from '../../src/engine/sniff.js';
import { isAppError } from '../../src/errors.js';
import fs from 'node:fs';

/** A backend that fails the test if anything reaches OCR. */
const noOcr: OcrBackend = {
  name: 'none',
  recognize: () => {
    throw new Error('OCR must not start');
  },
};

function pngHeader(width: number, height: number): Uint8Array {
  const b = Buffer.alloc(64);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]).copy(b, 0);
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  b[24] = 8;
  b[25] = 2;
  return b;
}

async function refusal(bytes: Uint8Array) {
  const e = await convert(bytes, { ocr: noOcr }).then(
    () => null,
    (x: unknown) => x,
  );
  expect(isAppError(e), String(e)).toBe(true);
  return e as { code: string; detail: string };
}

describe('image uploads: limits and sniffing', () => {
  it('PNG, JPEG and TIFF are images; GIF is still unsupported', () => {
    expect(sniff(pngHeader(10, 10)).kind).toBe('image');
    expect(sniff(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0, 16])).kind).toBe('image');
    expect(sniff(Uint8Array.from([0x49, 0x49, 0x2a, 0, 8, 0, 0, 0])).kind).toBe('image');
    expect(sniff(Uint8Array.from([0x4d, 0x4d, 0, 0x2a, 0, 0, 0, 8])).kind).toBe('image');
    expect(sniff(Buffer.from('GIF89a....')).kind).toBe('unsupported');
  });

  it('a PNG declaring 100,000 x 100,000 pixels is 400 security_check_failed, without decoding', async () => {
    const e = await refusal(pngHeader(100_000, 100_000));
    expect(e.code).toBe('security_check_failed');
    expect(e.detail).toMatch(/10000\.0 megapixels\); the limit is 40 megapixels per page/);
  });

  it('a JPEG declaring a huge frame is refused by its SOF header', async () => {
    const sof = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 4, 0, 0, 0xff, 0xc0, 0, 11, 8, 0xea, 0x60, 0xea, 0x60, 1, 1, 0x11, 0]);
    expect(jpegSize(sof)).toEqual({ width: 60000, height: 60000 });
    expect((await refusal(sof)).code).toBe('security_check_failed');
  });

  it('a TIFF with 51 pages is refused (limit 50), before any page is decoded', async () => {
    const page = new Uint8Array(200 * 200 * 4).fill(255);
    const one = UTIF.decode(UTIF.encodeImage(page, 200, 200))[0];
    const many = new Uint8Array(UTIF.encode(Array.from({ length: 51 }, () => ({ ...one }))));
    const e = await refusal(many);
    expect(e.code).toBe('security_check_failed');
    expect(e.detail).toMatch(/51 pages; the limit .* 50 pages/);
  });

  it('a truncated PNG is unsupported_file_type; a tiny one holds no statement', async () => {
    expect((await refusal(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))).code).toBe('unsupported_file_type');
    expect((await refusal(pngHeader(1, 1))).code).toBe('no_transactions_found');
  });

  it('the binary backend TSV gives words with boxes, confidences and line ids', () => {
    const tsv = [
      'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext',
      '4\t1\t1\t1\t1\t0\t10\t20\t300\t30\t-1\t',
      '5\t1\t1\t1\t1\t1\t10\t20\t80\t30\t96.5\t02',
      '5\t1\t1\t1\t1\t2\t100\t20\t80\t30\t91\tDec',
      '5\t1\t1\t1\t2\t1\t10\t60\t80\t30\t88\t1,532.22',
      '5\t1\t1\t1\t2\t2\t100\t60\t80\t30\t-1\t ',
    ].join('\n');
    expect(parseTsv(tsv)).toEqual([
      { text: '02', conf: 96.5, x0: 10, y0: 20, x1: 90, y1: 50, line: 0 },
      { text: 'Dec', conf: 91, x0: 100, y0: 20, x1: 180, y1: 50, line: 0 },
      { text: '1,532.22', conf: 88, x0: 10, y0: 60, x1: 90, y1: 90, line: 1 },
    ]);
  });

  it('tesseract.js is pointed at local files only (model, core, worker): never a URL', () => {
    for (const p of Object.values(localPaths())) {
      expect(p).not.toMatch(/^[a-z]+:\/\//i);
      expect(fs.existsSync(p), p).toBe(true);
    }
    expect(fs.existsSync(`${localPaths().langPath}/eng.traineddata.gz`)).toBe(true);
  });
});

describe('multi-page TIFF', () => {
  it('every page is decoded in turn and handed to OCR at its own size', async () => {
    const { greyTiff } = await import('./scan-fixture.js');
    const page = (width: number, height: number) => ({ width, height, grey: new Uint8Array(width * height).fill(255) });
    const seen: { page: number; width: number; height: number; png: boolean }[] = [];
    const spy: OcrBackend = {
      name: 'spy',
      recognize: async (img, o) => {
        seen.push({ page: o.page, width: img.width, height: img.height, png: img.png[1] === 0x50 });
        return [];
      },
    };
    const e = await convert(greyTiff([page(400, 300), page(320, 500)]), { ocr: spy }).catch((x: unknown) => x);
    expect(seen).toEqual([
      { page: 1, width: 400, height: 300, png: true },
      { page: 2, width: 320, height: 500, png: true },
    ]);
    expect((e as { code: string }).code).toBe('no_transactions_found');
  });
});
