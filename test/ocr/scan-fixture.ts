// Turns generated statement PDFs into "scans": each page rendered at a given dpi, rotated slightly,
// blurred, sprinkled with noise, optionally with one digit painted over (a smudge), then returned
// as PNG pages or wrapped again as an image-only PDF (pdfkit). Seeded, so tests are repeatable.
import { createCanvas, ImageData } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { openPdf } from '../../src/engine/pdf/pdfium-document.js';
import { renderPage } from '../../src/engine/pdf/pdfium-render.js';
import { extractTokens } from '../../src/engine/pdf/pdfium-text.js';

export interface ScanSpec {
  dpi?: number;
  /** Rotation in degrees (positive: clockwise). */
  angleDeg?: number;
  /** Gaussian blur radius in pixels. */
  blur?: number;
  /** Noise amplitude, 0-255 grey levels. */
  noise?: number;
  /** Dust: this many dark specks of 1-3 pixels scattered over each page. */
  specks?: number;
  /** Paint over one digit of the first printed text equal to `text` (page 1): digit index `digit`. */
  smudge?: { text: string; digit: number };
  /** Crop to the top share of the page (keeps test images small: OCR time grows with area). */
  cropTop?: number;
  seed?: number;
}

function rng(seed: number) {
  let s = seed >>> 0 || 1;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

export async function scanPages(pdf: Uint8Array, spec: ScanSpec = {}): Promise<Buffer[]> {
  const dpi = spec.dpi ?? 300;
  const rand = rng(spec.seed ?? 7);
  const doc = await openPdf(pdf, undefined);
  const out: Buffer[] = [];
  try {
    const words = extractTokens(doc).tokens;
    for (let p = 1; p <= doc.numPages; p++) {
      const bmp = renderPage(doc, p, dpi);
      const w = bmp.width,
        h = Math.ceil(bmp.height * (spec.cropTop ?? 1));
      const clean = createCanvas(w, h);
      const cctx = clean.getContext('2d');
      cctx.putImageData(new ImageData(new Uint8ClampedArray(bmp.data.buffer, 0, w * h * 4), w, h), 0, 0);
      if (spec.smudge && p === 1) {
        const word = words.find((t) => t.page === 1 && t.text === spec.smudge!.text);
        if (!word) throw new Error(`smudge target "${spec.smudge.text}" not on page 1`);
        const k = dpi / 72;
        const px = word.x0 * k,
          py = word.y * k;
        const digits = [...word.text].map((c, i) => [c, i] as const).filter(([c]) => /\d/.test(c));
        const at = digits[spec.smudge.digit][1];
        const cw = ((word.x1 - word.x0) * k) / word.text.length;
        cctx.fillStyle = '#222';
        cctx.beginPath();
        cctx.ellipse(px + cw * (at + 0.5), py - cw * 0.7, cw * 0.55, cw * 0.8, 0.3, 0, Math.PI * 2);
        cctx.fill();
      }
      const scan = createCanvas(w, h);
      const ctx = scan.getContext('2d');
      ctx.fillStyle = '#fff';
      ctx.fillRect(0, 0, w, h);
      ctx.translate(w / 2, h / 2);
      ctx.rotate(((spec.angleDeg ?? 0) * Math.PI) / 180);
      ctx.translate(-w / 2, -h / 2);
      if (spec.blur) ctx.filter = `blur(${spec.blur}px)`;
      ctx.drawImage(clean, 0, 0);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.filter = 'none';
      if (spec.noise) {
        const img = ctx.getImageData(0, 0, w, h);
        const d = img.data;
        for (let i = 0; i < d.length; i += 4) {
          const n = (rand() - 0.5) * 2 * spec.noise;
          for (let k = 0; k < 3; k++) d[i + k] = Math.max(0, Math.min(255, d[i + k] + n));
        }
        ctx.putImageData(img, 0, 0);
      }
      if (spec.specks) {
        ctx.fillStyle = '#333';
        for (let i = 0; i < spec.specks; i++) {
          const r = 0.5 + rand() * 1.2;
          ctx.beginPath();
          ctx.ellipse(rand() * w, rand() * h, r, r * (0.6 + rand() * 0.6), 0, 0, Math.PI * 2);
          ctx.fill();
        }
      }
      out.push(scan.encodeSync('png'));
    }
  } finally {
    await doc.destroy();
  }
  return out;
}

/** Wraps PNG pages as an image-only PDF (no text layer), each page sized to its image at `dpi`. */
export function imagePdf(pngs: Buffer[], dims: { width: number; height: number }[], dpi = 300): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ autoFirstPage: false });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    doc.on('error', reject);
    pngs.forEach((png, i) => {
      const size: [number, number] = [(dims[i].width * 72) / dpi, (dims[i].height * 72) / dpi];
      doc.addPage({ size, margin: 0 });
      doc.image(png, 0, 0, { width: size[0], height: size[1] });
    });
    doc.end();
  });
}

export const pngDims = (png: Buffer) => ({ width: png.readUInt32BE(16), height: png.readUInt32BE(20) });

/** A TIFF page's strip as stored: 8-bit grey (BlackIsZero) or 1-bit packed rows (WhiteIsZero, 1 = ink). */
export interface TiffPage {
  width: number;
  height: number;
  strip: Uint8Array;
}

/**
 * A minimal multi-page TIFF (little-endian, uncompressed, one strip per page), 8-bit grey by default;
 * `bits: 1` for bilevel pages, `dpi` [x, y] for pages with their own resolution (a fax's 204 x 98).
 */
export function tiffOf(pages: TiffPage[], opts: { bits?: 1 | 8; dpi?: [number, number] } = {}): Uint8Array {
  const bits = opts.bits ?? 8;
  const TAGS = opts.dpi ? 12 : 9;
  const ifdSize = 2 + TAGS * 12 + 4 + (opts.dpi ? 16 : 0);
  let size = 8;
  const layout = pages.map((p) => {
    const ifd = size;
    const data = ifd + ifdSize;
    size = data + p.strip.length + (p.strip.length & 1);
    return { ifd, data };
  });
  const b = Buffer.alloc(size);
  b.write('II', 0, 'latin1');
  b.writeUInt16LE(42, 2);
  b.writeUInt32LE(layout[0]?.ifd ?? 0, 4);
  pages.forEach((p, i) => {
    const { ifd, data } = layout[i];
    const rat = ifd + 2 + TAGS * 12 + 4; // the two resolutions (RATIONAL) after the directory
    b.writeUInt16LE(TAGS, ifd);
    const tags: [number, number, number][] = [
      [256, 4, p.width],
      [257, 4, p.height],
      [258, 3, bits],
      [259, 3, 1],
      [262, 3, bits === 1 ? 0 : 1],
      [273, 4, data],
      [277, 3, 1],
      [278, 4, p.height],
      [279, 4, p.strip.length],
    ];
    if (opts.dpi) {
      b.writeUInt32LE(opts.dpi[0], rat);
      b.writeUInt32LE(1, rat + 4);
      b.writeUInt32LE(opts.dpi[1], rat + 8);
      b.writeUInt32LE(1, rat + 12);
      tags.push([282, 5, rat], [283, 5, rat + 8], [296, 3, 2]);
    }
    tags.forEach(([tag, type, value], k) => {
      const at = ifd + 2 + k * 12;
      b.writeUInt16LE(tag, at);
      b.writeUInt16LE(type, at + 2);
      b.writeUInt32LE(1, at + 4);
      if (type === 3) b.writeUInt16LE(value, at + 8);
      else b.writeUInt32LE(value, at + 8);
    });
    b.writeUInt32LE(i + 1 < pages.length ? layout[i + 1].ifd : 0, ifd + 2 + TAGS * 12);
    Buffer.from(p.strip).copy(b, data);
  });
  return new Uint8Array(b);
}

/** 8-bit grey pages as a TIFF. */
export const greyTiff = (pages: { width: number; height: number; grey: Uint8Array }[]): Uint8Array =>
  tiffOf(pages.map((p) => ({ width: p.width, height: p.height, strip: p.grey })));
