// A raw view of a PDF's streams, read from the bytes alone (no PDF library), for the safety checks
// that must hold whichever library later extracts the text: the decompression-bomb guard
// (pdf-bomb.ts) and the active-content scan (pdf-guard.ts).
//
// Names are compared after decoding `#xx` escapes (`/F#6cateDecode` is `/FlateDecode`, and every
// reader treats it so), and filter abbreviations (`/Fl`, `/AHx`, ...) are expanded.
import zlib from 'node:zlib';

export interface RawStream {
  /** The stream's dictionary (text from its `obj` to `stream`), names decoded. */
  dict: string;
  /** Byte range of the stream data. */
  start: number;
  end: number;
}

/** Ends a name: white space (as `\s` has it) and the PDF delimiters `/ [ ] ( ) < > { } %`. */
function endsName(c: number): boolean {
  switch (c) {
    case 9:
    case 10:
    case 11:
    case 12:
    case 13:
    case 32:
    case 0xa0:
    case 0x1680:
    case 0x2028:
    case 0x2029:
    case 0x202f:
    case 0x205f:
    case 0x3000:
    case 0xfeff:
    case 47:
    case 91:
    case 93:
    case 40:
    case 41:
    case 60:
    case 62:
    case 123:
    case 125:
    case 37:
      return true;
    default:
      return c >= 0x2000 && c <= 0x200a;
  }
}

const hexValue = (c: number): number => (c >= 48 && c <= 57 ? c - 48 : c >= 65 && c <= 70 ? c - 55 : c >= 97 && c <= 102 ? c - 87 : -1);

/**
 * Decodes `#xx` escapes inside names (a `/` and the run of characters up to the next white space or
 * delimiter); everything else is left as it is. Only the `#` signs are visited: a pattern over every
 * name of the file took 2 ms on a 360 KB statement, whose compressed data holds 1,467 `#` bytes and
 * one escaped name. Each `#` looks back to the delimiter that starts its run, or to the `#` before it
 * in the same run, so no character is looked at twice.
 */
export function decodeNames(text: string): string {
  let p = text.indexOf('#');
  if (p < 0) return text;
  let out = '';
  let from = 0;
  let prev = -1;
  let prevInName = false;
  for (; p >= 0; p = text.indexOf('#', p + 1)) {
    let k = p - 1;
    while (k > prev && !endsName(text.charCodeAt(k))) k--;
    const inName: boolean = k > prev ? text.charCodeAt(k) === 47 : k >= 0 && prevInName;
    prev = p;
    prevInName = inName;
    if (!inName) continue;
    const hi = hexValue(text.charCodeAt(p + 1));
    const lo = hi < 0 ? -1 : hexValue(text.charCodeAt(p + 2));
    if (lo < 0) continue;
    out += text.slice(from, p) + String.fromCharCode(hi * 16 + lo);
    from = p + 3;
  }
  return from === 0 ? text : out + text.slice(from);
}

const ABBREVIATIONS: Record<string, string> = {
  AHx: 'ASCIIHexDecode',
  A85: 'ASCII85Decode',
  LZW: 'LZWDecode',
  Fl: 'FlateDecode',
  RL: 'RunLengthDecode',
  CCF: 'CCITTFaxDecode',
  DCT: 'DCTDecode',
};

/** The filter chain a stream dictionary declares, in decoding order (names decoded and expanded). */
export function filtersOf(dict: string): string[] {
  const m = /\/Filter\s*(\[[^\]]*\]|\/[^\s/[\]()<>{}%]+)/.exec(dict);
  if (!m) return [];
  return (m[1].match(/\/[^\s/[\]()<>{}%]+/g) ?? []).map((n) => ABBREVIATIONS[n.slice(1)] ?? n.slice(1));
}

/**
 * An integer value of `key` in `dict`, following one indirect reference (`/Length 12 0 R`) through
 * `objects` (made on first need).
 */
function intValue(dict: string, key: string, objects: () => Map<string, number>): number | null {
  const m = new RegExp(`/${key}\\s+(\\d+)(?:\\s+(\\d+)\\s+R)?`).exec(dict);
  if (!m) return null;
  if (m[2] === undefined) return Number(m[1]);
  const v = objects().get(`${m[1]} ${m[2]}`);
  return v === undefined ? null : v;
}

// The file's integer objects (`12 0 obj 345 endobj`) by "number generation", the first of each in
// file order, read in one pass. Looking each reference up with its own pattern over the whole text
// cost a pass over the file per stream: 22 ms of a real statement's 45 (Certo One's sample).
const INT_OBJECT = /(?:^|[^\d])(\d+)\s+(\d+)\s+obj\s*(\d+)\s*endobj/g;

function intObjects(text: string): Map<string, number> {
  const objects = new Map<string, number>();
  INT_OBJECT.lastIndex = 0;
  for (let m: RegExpExecArray | null; (m = INT_OBJECT.exec(text));) {
    const k = `${m[1]} ${m[2]}`;
    if (!objects.has(k)) objects.set(k, Number(m[3]));
  }
  return objects;
}

/**
 * Every stream in the file, in file order (incremental updates included). The data ends where the
 * declared /Length says when the `endstream` keyword follows there (as readers take it, so data that
 * happens to hold the word "endstream" is not cut short), else at the next `endstream`.
 */
export function* rawStreams(bytes: Uint8Array, text = latin1(bytes)): Iterable<RawStream> {
  const re = /stream(?:\r\n|\n|\r)/g;
  let m: RegExpExecArray | null;
  let index: Map<string, number> | null = null;
  const objects = () => (index ??= intObjects(text));
  while ((m = re.exec(text))) {
    if (text.startsWith('end', m.index - 3)) continue;
    const objAt = text.lastIndexOf('obj', m.index);
    const dict = decodeNames(objAt >= 0 ? text.slice(objAt, m.index) : '');
    const start = m.index + m[0].length;
    const length = intValue(dict, 'Length', objects);
    let end = -1;
    if (length !== null && start + length <= text.length && /^\s*endstream/.test(text.slice(start + length, start + length + 20))) end = start + length;
    if (end < 0) {
      const close = text.indexOf('endstream', start);
      end = close < 0 ? text.length : close;
    }
    re.lastIndex = Math.max(end, start);
    yield { dict, start, end };
  }
}

/** The bytes as Latin-1 text (PDF syntax is ASCII). */
export function latin1(bytes: Uint8Array): string {
  let text = TEXT.get(bytes);
  if (text === undefined) {
    text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1');
    if (bytes.length <= KEEP_TEXT_BYTES) TEXT.set(bytes, text);
  }
  return text;
}

// The characters a piece of the names-decoded text ends on: each ends a name, so a piece decodes
// alone, and none can be part of a match of the patterns the guards look for in it (those are made of
// letters, digits, white space and `/ ( [ < :`), so testing the pieces one by one is testing the whole.
const PIECE_ENDS = new Set([0x29, 0x5d, 0x3e, 0x7b, 0x7d, 0x25]); // ) ] > { } %
// Under 128 KB: a longer string is made in V8's large-object space, a fresh mapping each time, which on
// the VM the bench runs in costs 1.1 ms for a 360 KB copy against 0.015 ms for a 100 KB one.
const PIECE = 96 * 1024;

/**
 * The bytes as Latin-1 text with names decoded, in pieces that each end on one of PIECE_ENDS (the last
 * one may end anywhere). For patterns whose matches use only letters, digits, white space and
 * `/ ( [ < :`, some piece matches exactly when the whole decoded text does.
 */
export function namesPieces(bytes: Uint8Array): string[] {
  let pieces = NAMES_PIECES.get(bytes);
  if (pieces === undefined) {
    const text = latin1(bytes);
    pieces = [];
    for (let from = 0; from < text.length;) {
      let to = Math.min(text.length, from + PIECE);
      while (to < text.length && !PIECE_ENDS.has(text.charCodeAt(to - 1))) to++;
      pieces.push(decodeNames(text.slice(from, to)));
      from = to;
    }
    if (bytes.length <= KEEP_TEXT_BYTES) NAMES_PIECES.set(bytes, pieces);
  }
  return pieces;
}

// The bomb guard, the active-content scan, the annotation test and the integrity signals each read the
// whole file as text, and decoding it takes about a millisecond per 200 KB: a file's text is kept per
// bytes array (an upload is never changed). Only for files up to KEEP_TEXT_BYTES: a larger file's text
// (a string its size, and its names-decoded pieces) is made again rather than held through the whole
// conversion.
const KEEP_TEXT_BYTES = 8 * 1024 * 1024;
const TEXT = new WeakMap<Uint8Array, string>();
const NAMES_PIECES = new WeakMap<Uint8Array, string[]>();

/** The decoded size went past the cap: decoding stopped there. */
export class OverCap extends Error {
  constructor(readonly decoded: number) {
    super('over cap');
  }
}

/**
 * Runs one decompressing filter over `data` and returns its output, or only its size when `keep` is
 * false. Throws OverCap as soon as the output passes `cap`. Damaged data ends the output where the
 * damage is (readers keep what they decoded up to there), so the count is what a reader would get.
 * Filters that cannot grow data much (ASCII hex and base-85 shrink it) or that only images use
 * (DCT, JPX, JBIG2, CCITT) are not decompressors here and return null.
 */
export async function decodeFilter(filter: string, data: Uint8Array, cap: number, keep: boolean): Promise<{ size: number; out: Uint8Array | null } | null> {
  switch (filter) {
    case 'FlateDecode':
      return inflate(data, cap, keep);
    case 'LZWDecode':
      return lzw(data, cap, keep);
    case 'RunLengthDecode':
      return runLength(data, cap, keep);
    case 'ASCIIHexDecode':
      return { size: 0, out: asciiHex(data) };
    case 'ASCII85Decode':
      return { size: 0, out: ascii85(data) };
    default:
      return null;
  }
}

/**
 * The most `FlateDecode` can make of `compressed` bytes. DEFLATE's densest code is a 258-byte match
 * written in 2 bits (a 1-bit length code for 258 and a 1-bit distance code, neither with extra bits):
 * 1032 bytes out per byte in, whatever the data; the 258 covers the last partial byte. Bytes.
 */
export const flateBound = (compressed: number): number => compressed * 1032 + 258;

// A stream is first inflated in one synchronous call whose output may reach SYNC_OUTPUT; only one
// that goes past it (a scan's image, a bomb) or is damaged is decoded again as a stream, in CHUNK
// pieces, and stopped at the cap. Every streamed piece is a trip to libuv's thread pool and a 'data'
// event: on a real 6-page statement whose masks inflate to 47 MB, streaming everything in zlib's
// default 16 KB pieces took 113 ms of CPU for the guard alone, pieces of 256 KB or more 22 ms (the
// inflating itself), and a text statement's fonts and pages (under SYNC_OUTPUT) wait for no thread.
// Memory: at most SYNC_OUTPUT twice (pieces and their join), or one CHUNK when streamed.
const SYNC_OUTPUT = 4 * 1024 * 1024;
const CHUNK = 1024 * 1024;

async function inflate(data: Uint8Array, cap: number, keep: boolean): Promise<{ size: number; out: Uint8Array | null }> {
  const raw = !(data.length >= 2 && (data[0] & 0x0f) === 8 && ((data[0] << 8) | data[1]) % 31 === 0);
  const limit = Math.min(cap, SYNC_OUTPUT);
  try {
    const out = (raw ? zlib.inflateRawSync : zlib.inflateSync)(data, { finishFlush: zlib.constants.Z_SYNC_FLUSH, maxOutputLength: limit + 1 });
    if (out.length > cap) throw new OverCap(out.length);
    if (out.length <= limit) return { size: out.length, out: keep ? out : null };
  } catch (e) {
    if (e instanceof OverCap) throw e;
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' && limit >= cap) throw new OverCap(cap + 1);
    // Larger than the one-call limit, or damaged (or encrypted): the streaming path below counts what
    // decodes, up to the cap or to the damage.
  }
  return new Promise((resolve, reject) => {
    const opts = { finishFlush: zlib.constants.Z_SYNC_FLUSH, chunkSize: CHUNK };
    const z = raw ? zlib.createInflateRaw(opts) : zlib.createInflate(opts);
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (err?: unknown) => {
      if (done) return;
      done = true;
      z.removeAllListeners('data');
      z.destroy();
      // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the stream's own error, as it came
      if (err) reject(err);
      else resolve({ size, out: keep ? Buffer.concat(chunks) : null });
    };
    z.on('data', (c: Buffer) => {
      size += c.length;
      if (size > cap) return finish(new OverCap(size));
      if (keep) chunks.push(c);
    });
    z.on('end', () => finish());
    // Damaged data: what was decoded so far stands.
    z.on('error', () => finish());
    z.end(data);
  });
}

function collector(cap: number, keep: boolean) {
  let size = 0;
  let buf = keep ? new Uint8Array(Math.min(cap, 1 << 16)) : null;
  return {
    push(b: number) {
      if (buf) {
        if (size === buf.length) {
          const next = new Uint8Array(Math.min(cap + 1, buf.length * 2));
          next.set(buf);
          buf = next;
        }
        buf[size] = b;
      }
      if (++size > cap) throw new OverCap(size);
    },
    result: () => ({ size, out: buf ? buf.subarray(0, size) : null }),
  };
}

/** LZW as PDF uses it (early change 1, the default), stopped at the cap. */
function lzw(data: Uint8Array, cap: number, keep: boolean): { size: number; out: Uint8Array | null } {
  const out = collector(cap, keep);
  const prefix = new Int32Array(4096);
  const suffix = new Uint8Array(4096);
  const lengths = new Int32Array(4096);
  const stack = new Uint8Array(4096);
  for (let i = 0; i < 256; i++) {
    suffix[i] = i;
    lengths[i] = 1;
    prefix[i] = -1;
  }
  let next = 258;
  let width = 9;
  let prev = -1;
  let bits = 0;
  let acc = 0;
  for (let i = 0; i < data.length; i++) {
    acc = ((acc << 8) | data[i]) >>> 0;
    bits += 8;
    while (bits >= width) {
      const code = (acc >>> (bits - width)) & ((1 << width) - 1);
      bits -= width;
      if (code === 256) {
        next = 258;
        width = 9;
        prev = -1;
        continue;
      }
      if (code === 257) return out.result();
      let first: number;
      if (code < next && (code < 256 || lengths[code] > 0)) {
        let c = code;
        let n = 0;
        while (c >= 0 && n < 4096) {
          stack[n++] = suffix[c];
          c = prefix[c];
        }
        first = stack[n - 1];
        for (let k = n - 1; k >= 0; k--) out.push(stack[k]);
        if (prev >= 0 && next < 4096) {
          prefix[next] = prev;
          suffix[next] = first;
          lengths[next] = lengths[prev] + 1;
          next++;
        }
      } else if (code === next && prev >= 0) {
        let c = prev;
        let n = 0;
        while (c >= 0 && n < 4096) {
          stack[n++] = suffix[c];
          c = prefix[c];
        }
        first = stack[n - 1];
        for (let k = n - 1; k >= 0; k--) out.push(stack[k]);
        out.push(first);
        if (next < 4096) {
          prefix[next] = prev;
          suffix[next] = first;
          lengths[next] = lengths[prev] + 1;
          next++;
        }
      } else {
        return out.result(); // damaged
      }
      prev = code;
      if (next + 1 >= 1 << width && width < 12) width++;
    }
  }
  return out.result();
}

function runLength(data: Uint8Array, cap: number, keep: boolean): { size: number; out: Uint8Array | null } {
  const out = collector(cap, keep);
  for (let i = 0; i < data.length;) {
    const n = data[i++];
    if (n === 128) break;
    if (n < 128) {
      for (let k = 0; k <= n && i < data.length; k++) out.push(data[i++]);
    } else {
      const b = data[i++] ?? 0;
      for (let k = 0; k < 257 - n; k++) out.push(b);
    }
  }
  return out.result();
}

function asciiHex(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil(data.length / 2));
  let n = 0;
  let hi = -1;
  for (const c of data) {
    if (c === 0x3e) break; // '>'
    const v = c >= 0x30 && c <= 0x39 ? c - 0x30 : c >= 0x41 && c <= 0x46 ? c - 55 : c >= 0x61 && c <= 0x66 ? c - 87 : -1;
    if (v < 0) continue;
    if (hi < 0) hi = v;
    else {
      out[n++] = (hi << 4) | v;
      hi = -1;
    }
  }
  if (hi >= 0) out[n++] = hi << 4;
  return out.subarray(0, n);
}

function ascii85(data: Uint8Array): Uint8Array {
  const out = new Uint8Array(Math.ceil((data.length * 4) / 5) + 4);
  let n = 0;
  const group: number[] = [];
  const flush = (count: number) => {
    while (group.length < 5) group.push(84);
    let v = 0;
    for (const d of group) v = v * 85 + d;
    for (let k = 0; k < count - 1; k++) out[n++] = (v >>> (24 - 8 * k)) & 0xff;
    group.length = 0;
  };
  for (let i = 0; i < data.length; i++) {
    const c = data[i];
    if (c === 0x7e) break; // '~>'
    if (c === 0x7a && group.length === 0) {
      out[n++] = 0;
      out[n++] = 0;
      out[n++] = 0;
      out[n++] = 0;
      continue;
    }
    if (c < 0x21 || c > 0x75) continue;
    group.push(c - 0x21);
    if (group.length === 5) flush(5);
  }
  if (group.length > 0) flush(group.length);
  return out.subarray(0, n);
}
