// Decompression-bomb guard: inflates every Flate stream that pdfjs would decode for text (content
// streams, forms, fonts, object streams; images are never decoded for text) with a hard output cap,
// before pdfjs sees the file. pdfjs itself inflates without a limit, so a small file holding a
// gigantic stream would otherwise only be stopped by the worker's heap cap or time limit.
import zlib from 'node:zlib';
import { AppError } from '../../errors.js';

/** Largest inflated size of one stream; a statement page's content is a few hundred KB. */
export const MAX_STREAM_INFLATED = 64 * 1024 * 1024;
/** Largest inflated size of all checked streams together. */
export const MAX_TOTAL_INFLATED = 256 * 1024 * 1024;

export function guardDecompression(bytes: Uint8Array): void {
  const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
  const re = /stream\r?\n/g;
  let total = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    if (text.startsWith('end', m.index - 3)) continue;
    const dictStart = text.lastIndexOf('obj', m.index);
    const dict = dictStart >= 0 ? text.slice(dictStart, m.index) : '';
    const end = text.indexOf('endstream', m.index);
    const dataEnd = end < 0 ? text.length : end;
    re.lastIndex = dataEnd;
    if (!/\/FlateDecode|\/Fl\b/.test(dict) || /\/Subtype\s*\/Image/.test(dict)) continue;
    const data = bytes.subarray(m.index + m[0].length, dataEnd);
    let size: number;
    try {
      size = zlib.inflateSync(data, { maxOutputLength: MAX_STREAM_INFLATED, finishFlush: zlib.constants.Z_SYNC_FLUSH }).length;
    } catch (e) {
      if ((e as { code?: string }).code !== 'ERR_BUFFER_TOO_LARGE') continue; // damaged data: pdfjs decides
      size = Infinity;
    }
    total += size;
    if (size > MAX_STREAM_INFLATED || total > MAX_TOTAL_INFLATED) {
      throw new AppError('security_check_failed', `A ${data.length}-byte compressed stream in the PDF expands to more than ${MAX_STREAM_INFLATED >> 20} MB (or the streams together past ${MAX_TOTAL_INFLATED >> 20} MB): the file is a decompression bomb.`);
    }
  }
}
