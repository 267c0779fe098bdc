// Decides what an upload is from its bytes alone (never from its name).
import { sniffStructured } from './structured/sniff-structured.js';
import type { StructuredKind } from './types.js';

export type Sniffed = { kind: 'pdf' | 'csv' | 'xlsx' | 'xls' | 'image' | StructuredKind } | { kind: 'unsupported'; reason: string };

const startsWith = (b: Uint8Array, sig: number[], at = 0) => sig.every((v, i) => b[at + i] === v);

// Scanned statement pages (read by OCR): PNG, JPEG, TIFF (little- and big-endian).
const IMAGES: number[][] = [
  [0x89, 0x50, 0x4e, 0x47],
  [0xff, 0xd8, 0xff],
  [0x49, 0x49, 0x2a, 0x00],
  [0x4d, 0x4d, 0x00, 0x2a],
];

const OLE2 = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const MAGIC: [string, number[]][] = [
  ['a GIF image', [0x47, 0x49, 0x46, 0x38]],
  ['a Windows executable', [0x4d, 0x5a]],
  ['an ELF executable', [0x7f, 0x45, 0x4c, 0x46]],
  ['a gzip archive', [0x1f, 0x8b]],
  ['a 7-Zip archive', [0x37, 0x7a, 0xbc, 0xaf]],
  ['a RAR archive', [0x52, 0x61, 0x72, 0x21]],
];

function findAscii(b: Uint8Array, needle: string, limit: number): number {
  const n = Array.from(needle, (c) => c.charCodeAt(0));
  const end = Math.min(b.length, limit) - n.length;
  outer: for (let i = 0; i <= end; i++) {
    for (let j = 0; j < n.length; j++) if (b[i + j] !== n[j]) continue outer;
    return i;
  }
  return -1;
}

/** True when a sample of the bytes reads as text in UTF-8, UTF-16 (with BOM) or a single-byte code page. */
function looksLikeText(b: Uint8Array): boolean {
  if (startsWith(b, [0xff, 0xfe]) || startsWith(b, [0xfe, 0xff])) return true;
  const sample = b.subarray(0, Math.min(b.length, 256 * 1024));
  let control = 0;
  for (const c of sample) {
    if (c === 0) return false;
    if ((c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d && c !== 0x0c) || c === 0x7f) control++;
  }
  return control <= sample.length * 0.01;
}

export function sniff(bytes: Uint8Array): Sniffed {
  if (bytes.length === 0) return { kind: 'unsupported', reason: 'The file is empty.' };
  // PDF readers accept the header anywhere in the first 1 KB.
  if (findAscii(bytes, '%PDF-', 1024) >= 0) return { kind: 'pdf' };
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04])) {
    if (findAscii(bytes, 'xl/', bytes.length) >= 0) return { kind: 'xlsx' };
    return { kind: 'unsupported', reason: 'The file is a ZIP archive, not a statement (PDF, CSV, XLSX or XLS).' };
  }
  if (IMAGES.some((sig) => startsWith(bytes, sig))) return { kind: 'image' };
  // An OLE2 compound file: a legacy Excel workbook (.xls) is read; any other (.doc, .msg) is refused by
  // the reader, which finds no worksheet in it.
  if (startsWith(bytes, OLE2)) return { kind: 'xls' };
  for (const [what, sig] of MAGIC) {
    if (startsWith(bytes, sig)) return { kind: 'unsupported', reason: `The file is ${what}, not a statement (PDF, CSV, XLSX, XLS or a PNG/JPEG/TIFF scan).` };
  }
  // Structured statements (MT940, camt, OFX, QIF) are text too: their grammar is checked first.
  if (looksLikeText(bytes)) return { kind: sniffStructured(bytes) ?? 'csv' };
  return { kind: 'unsupported', reason: 'The file is neither a PDF nor text (CSV, fixed-width or a bank export) nor an Excel workbook (XLSX or XLS).' };
}

/**
 * Text ended by NUL padding (a line of NUL bytes some banks' exports end with: RBC) reads as the text
 * before it; `bytes` itself when there is no such padding or the text before it is not text either.
 */
export function withoutNulPadding(bytes: Uint8Array): Uint8Array {
  let end = bytes.length;
  let nul = false;
  while (end > 0 && (bytes[end - 1] === 0 || bytes[end - 1] === 0x0a || bytes[end - 1] === 0x0d || bytes[end - 1] === 0x20)) {
    if (bytes[end - 1] === 0) nul = true;
    end--;
  }
  if (!nul || end === 0) return bytes;
  const text = bytes.subarray(0, end);
  return looksLikeText(text) ? text : bytes;
}
