// Uploaded statement images (PNG, JPEG, single- or multi-page TIFF) -> page images for OCR.
// Sizes are read from the headers BEFORE any pixel is decoded, so a decompression bomb (a tiny file
// declaring a gigapixel image, or thousands of TIFF pages) is refused without being expanded.
import { createCanvas, Image } from '@napi-rs/canvas';
import UTIF from 'utif2';
import { AppError } from '../../errors.js';
import type { OcrLimits } from './ocr-backend.js';
import { guessDpi, OCR_DPI, rgbaToGrey, type GreyPage } from './page-cleanup.js';
import { checkTiffStructure } from './tiff-guard.js';

export type ImageFormat = 'png' | 'jpeg' | 'tiff';

export function imageFormat(b: Uint8Array): ImageFormat | null {
  if (b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47) return 'png';
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if ((b[0] === 0x49 && b[1] === 0x49 && b[2] === 0x2a && b[3] === 0x00) || (b[0] === 0x4d && b[1] === 0x4d && b[2] === 0x00 && b[3] === 0x2a)) return 'tiff';
  return null;
}

const be16 = (b: Uint8Array, i: number) => (b[i] << 8) | b[i + 1];
const be32 = (b: Uint8Array, i: number) => ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];

/** Width and height from the PNG IHDR chunk. */
export function pngSize(b: Uint8Array): { width: number; height: number } | null {
  if (b.length < 24) return null;
  return { width: be32(b, 16), height: be32(b, 20) };
}

/** Width and height from the first JPEG start-of-frame marker. */
export function jpegSize(b: Uint8Array): { width: number; height: number } | null {
  let i = 2;
  while (i + 9 < b.length) {
    if (b[i] !== 0xff) {
      i++;
      continue;
    }
    const m = b[i + 1];
    if (m === 0xd8 || m === 0x01 || (m >= 0xd0 && m <= 0xd7) || m === 0xff) {
      i += m === 0xff ? 1 : 2;
      continue;
    }
    const len = be16(b, i + 2);
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC).
    if (m >= 0xc0 && m <= 0xcf && m !== 0xc4 && m !== 0xc8 && m !== 0xcc) return { height: be16(b, i + 5), width: be16(b, i + 7) };
    i += 2 + len;
  }
  return null;
}

function checkPixels(width: number, height: number, page: number, limits: OcrLimits): void {
  if (!(width > 0 && height > 0)) throw new AppError('security_check_failed', `Image page ${page} has no readable size; the file looks damaged.`);
  if (width * height > limits.maxPixels) {
    const mp = ((width * height) / 1e6).toFixed(1);
    throw new AppError(
      'security_check_failed',
      `Image page ${page} is ${width} x ${height} pixels (${mp} megapixels); the limit is ${limits.maxPixels / 1e6} megapixels per page.`,
    );
  }
}

function checkPages(n: number, limits: OcrLimits): void {
  if (n > limits.maxPages)
    throw new AppError('security_check_failed', `The image has ${n} pages; the limit for scanned statements is ${limits.maxPages} pages.`);
}

/**
 * Scans finer than this are decoded at OCR_DPI: recognition reads glyphs best at about 300 dpi, and a
 * 40-megapixel page (A4 at 640 dpi) held at its own resolution through decoding and clean-up needed
 * more than a conversion's memory (1.2 GB of 1.28) and always failed. Coarser scans keep their pixels.
 */
const MAX_NATIVE_DPI = 400;
/** Rows drawn and read back at a time, so no RGBA copy of a page is ever whole. */
const STRIP_ROWS = 256;

/** The share of a page's pixels (per side) recognition is given. */
const recognitionScale = (dpi: number): number => (dpi > MAX_NATIVE_DPI ? OCR_DPI / dpi : 1);

async function decodeToGrey(bytes: Uint8Array): Promise<GreyPage> {
  const img = new Image();
  img.src = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  await img.decode().catch(() => {
    throw new AppError('security_check_failed', 'The image is damaged and cannot be decoded.');
  });
  const dpi = guessDpi(img.width, img.height);
  const f = recognitionScale(dpi);
  const width = Math.max(1, Math.round(img.width * f)),
    height = Math.max(1, Math.round(img.height * f));
  // Drawn a strip of rows at a time onto one small canvas: the page never exists twice at full size.
  const strip = createCanvas(width, STRIP_ROWS);
  const ctx = strip.getContext('2d');
  if (f !== 1) ctx.imageSmoothingQuality = 'high';
  const grey = new Uint8Array(width * height);
  for (let y = 0; y < height; y += STRIP_ROWS) {
    const rows = Math.min(STRIP_ROWS, height - y);
    // Transparent pixels are paper: OCR engines would read them as black.
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, STRIP_ROWS);
    ctx.drawImage(img, 0, y / f, img.width, rows / f, 0, 0, width, rows);
    grey.set(rgbaToGrey(ctx.getImageData(0, 0, width, rows).data, width, rows), y * width);
  }
  // The decoded pixels (160 MB for 40 megapixels) are freed now; left to the collector, they lingered
  // through clean-up and OCR. The canvas holds on to the image it drew until it is reset.
  strip.width = 1;
  img.src = Buffer.alloc(0);
  return { width, height, grey, dpi: dpi * f };
}

/** An RGBA page as grey at `f` of its size per side (each output pixel the mean of the pixels it covers), a row at a time. */
function greyScaled(rgba: Uint8Array, width: number, height: number, f: number): { grey: Uint8Array; width: number; height: number } {
  if (f === 1) return { grey: rgbaToGrey(rgba, width, height), width, height };
  const w = Math.max(1, Math.round(width * f)),
    h = Math.max(1, Math.round(height * f));
  const grey = new Uint8Array(w * h);
  const sum = new Float64Array(w);
  const count = new Float64Array(w);
  const col = Int32Array.from({ length: width }, (_, x) => Math.min(w - 1, Math.floor((x * w) / width)));
  let row = 0;
  const flush = () => {
    for (let x = 0; x < w; x++) grey[row * w + x] = count[x] ? Math.round(sum[x] / count[x]) : 255;
    sum.fill(0);
    count.fill(0);
  };
  for (let y = 0; y < height; y++) {
    const target = Math.min(h - 1, Math.floor((y * h) / height));
    if (target !== row) {
      flush();
      row = target;
    }
    const line = rgbaToGrey(rgba.subarray(y * width * 4, (y + 1) * width * 4), width, 1);
    for (let x = 0; x < width; x++) {
      sum[col[x]] += line[x];
      count[col[x]]++;
    }
  }
  flush();
  return { grey, width: w, height: h };
}

/** The TIFF's own resolution (tags 282/296) when it is plausible for a scan, else a guess from the size. */
function tiffDpi(ifd: UTIF.IFD, width: number, height: number): number {
  const unit = Number((ifd.t296 as number[] | undefined)?.[0] ?? 2);
  const v = rational(ifd.t282);
  const dpi = unit === 3 ? v * 2.54 : v;
  return dpi >= 100 && dpi <= 1200 && unit !== 1 ? dpi : guessDpi(width, height);
}

/** A TIFF RATIONAL tag's value: utif2 gives [[numerator, denominator]] (older builds a plain number). */
function rational(tag: unknown): number {
  const v = (tag as unknown[] | undefined)?.[0];
  if (Array.isArray(v)) return Number(v[1]) ? Number(v[0]) / Number(v[1]) : NaN;
  return Number(v);
}

/**
 * Height of a pixel over its width, from the TIFF's x and y resolution (tags 282/283): 204 / 98 for a
 * fax in standard mode, whose pages read squashed to half height unless stretched. 1 when the tags
 * are absent, implausible, or within 5% of square.
 */
export function pixelAspect(ifd: UTIF.IFD): number {
  const x = rational(ifd.t282),
    y = rational(ifd.t283);
  if (!(x >= 50 && y >= 50 && x <= 1200 && y <= 1200)) return 1;
  const r = x / y;
  return Math.abs(r - 1) < 0.05 || r > 4 || r < 0.25 ? 1 : r;
}

/** A grey page stretched down by `k` (> 1): each new row interpolated between the two it falls between. */
export function stretchRows(p: { grey: Uint8Array; width: number; height: number }, k: number): { grey: Uint8Array; width: number; height: number } {
  const { width: w, height: h, grey } = p;
  const nh = Math.max(1, Math.round(h * k));
  const out = new Uint8Array(w * nh);
  for (let y = 0; y < nh; y++) {
    const sy = Math.min(h - 1, Math.max(0, (y + 0.5) / k - 0.5));
    const y0 = Math.floor(sy),
      y1 = Math.min(h - 1, y0 + 1),
      t = sy - y0;
    for (let x = 0; x < w; x++) out[y * w + x] = Math.round(grey[y0 * w + x] * (1 - t) + grey[y1 * w + x] * t);
  }
  return { grey: out, width: w, height: nh };
}

/** Page count of an upload (checked against the limit) without decoding pixels. */
export function imagePageSizes(bytes: Uint8Array, limits: OcrLimits): { width: number; height: number }[] {
  const fmt = imageFormat(bytes);
  if (fmt === 'png' || fmt === 'jpeg') {
    const s = fmt === 'png' ? pngSize(bytes) : jpegSize(bytes);
    if (!s) throw new AppError('unsupported_file_type', `The file starts like a ${fmt.toUpperCase()} image but is damaged (no size in its header).`);
    checkPixels(s.width, s.height, 1, limits);
    return [s];
  }
  if (fmt === 'tiff') {
    checkTiffStructure(bytes, limits.maxPages);
    let ifds: UTIF.IFD[];
    try {
      ifds = decodeTiff(toArrayBuffer(bytes));
    } catch {
      throw new AppError('unsupported_file_type', 'The file starts like a TIFF image but is damaged and cannot be read.');
    }
    // Reduced-resolution copies (thumbnails, NewSubfileType bit 0) are not pages.
    const pages = ifds.filter((d) => !(Number((d.t254 as number[] | undefined)?.[0] ?? 0) & 1));
    checkPages(pages.length, limits);
    return pages.map((d, i) => {
      const s = { width: Number((d.t256 as number[] | undefined)?.[0] ?? 0), height: Number((d.t257 as number[] | undefined)?.[0] ?? 0) };
      checkPixels(s.width, s.height, i + 1, limits);
      return s;
    });
  }
  throw new AppError('unsupported_file_type', 'The file is not a PNG, JPEG or TIFF image.');
}

/**
 * The TIFF's directories, read after checkTiffStructure passed them. Maker notes are not read: a
 * camera's maker note may hold a whole TIFF of its own, which nothing here needs.
 */
const decodeTiff = (buf: ArrayBuffer): UTIF.IFD[] =>
  (UTIF.decode as unknown as (b: ArrayBuffer, prm: { parseMN: boolean; debug: boolean }) => UTIF.IFD[])(buf, { parseMN: false, debug: false });

const toArrayBuffer = (b: Uint8Array): ArrayBuffer => b.buffer.slice(b.byteOffset, b.byteOffset + b.byteLength) as ArrayBuffer;

/**
 * Decodes one page at a time (pages are OCR'd one after another, so only one is held in memory), a
 * scan finer than MAX_NATIVE_DPI at OCR_DPI. A page may come smaller than its declared size: its words
 * are scaled back by the declared width over the yielded one (src/engine/ocr/index.ts).
 */
export async function* imagePages(bytes: Uint8Array, limits: OcrLimits): AsyncGenerator<GreyPage> {
  imagePageSizes(bytes, limits);
  const fmt = imageFormat(bytes)!;
  if (fmt === 'png' || fmt === 'jpeg') {
    yield await decodeToGrey(bytes);
    return;
  }
  const buf = toArrayBuffer(bytes);
  const ifds = decodeTiff(buf).filter((d) => !(Number((d.t254 as number[] | undefined)?.[0] ?? 0) & 1));
  for (const ifd of ifds) {
    let rgba: Uint8Array;
    try {
      UTIF.decodeImage(buf, ifd);
      rgba = UTIF.toRGBA8(ifd);
    } catch {
      throw new AppError('security_check_failed', 'A TIFF page is damaged or uses a compression that cannot be decoded.');
    }
    const { width, height } = ifd;
    if (rgba.length < width * height * 4) throw new AppError('security_check_failed', 'A TIFF page is damaged (fewer pixels than its size says).');
    const dpi = tiffDpi(ifd, width, height);
    const f = recognitionScale(dpi);
    const page = greyScaled(rgba, width, height, f);
    // Non-square pixels (a fax at 204 x 98 dpi): rows are stretched to the width's resolution.
    const aspect = pixelAspect(ifd);
    yield { ...(aspect > 1 ? stretchRows(page, aspect) : page), dpi: dpi * f };
  }
}
