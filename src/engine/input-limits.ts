// Resource limits checked on the raw bytes before an engine parses them, so a hostile upload is
// refused in milliseconds instead of holding a worker until the per-file time limit (a 10 MB line of
// commas costs the CSV reader about a minute; a million rows about a minute and 2 GB of memory).
import { inflateRawSync } from 'node:zlib';
import { Inflate } from 'fflate';
import { AppError } from '../errors.js';

/** Rows per text conversion (the biggest monthly business export seen is a few thousand rows). */
export const MAX_TEXT_LINES = 250_000;
/** Longest text line; a 10,000-column row of short cells fits. */
export const MAX_LINE_BYTES = 256 * 1024;
/** Uncompressed size an XLSX's parts may declare in all (ZIP bombs). */
export const MAX_XLSX_UNZIPPED = 200 * 1024 * 1024;

const mb = (n: number) => `${(n / 1048576).toFixed(1)} MB`;

/**
 * Counts rows as the CSV reader splits them: CR, LF and CRLF each end a line (the reader turns \r\n?
 * into \n). Counting only LF, and CR only inside long LF-free stretches, let CR-ended rows with an
 * LF every 5,000 rows through: 600,000 rows and 2.2 GB. Native indexOf finds both (a 50 MB file in tens
 * of ms).
 *
 * `markup` (OFX, camt): a tag's end (">") also ends a stretch for the length check, because OFX 2 and
 * camt may come as one line of XML; rows are still counted on line breaks. So a value or tag may not be
 * longer than a line may, however the file is broken into lines (the OFX reader had no such check).
 */
export function guardText(bytes: Uint8Array, markup = false): void {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let lines = 0;
  let lf = b.indexOf(0x0a);
  let cr = b.indexOf(0x0d);
  let gt = markup ? b.indexOf(0x3e) : -1;
  for (let start = 0; start < b.length;) {
    if (lf >= 0 && lf < start) lf = b.indexOf(0x0a, start);
    if (cr >= 0 && cr < start) cr = b.indexOf(0x0d, start);
    if (gt >= 0 && gt < start) gt = b.indexOf(0x3e, start);
    let end = lf < 0 ? (cr < 0 ? b.length : cr) : cr < 0 ? lf : Math.min(lf, cr);
    const tagEnd = gt >= 0 && gt < end;
    if (tagEnd) end = gt;
    if (end - start > MAX_LINE_BYTES) {
      throw new AppError(
        'security_check_failed',
        markup
          ? `Line ${lines + 1} has ${mb(end - start)} without a tag or line break; a statement's values are never over ${MAX_LINE_BYTES / 1024} KB, so the file was not read.`
          : `Line ${lines + 1} is ${mb(end - start)} long; a statement line is never over ${MAX_LINE_BYTES / 1024} KB, so the file was not read.`,
      );
    }
    if (tagEnd) {
      start = end + 1;
      continue;
    }
    if (++lines > MAX_TEXT_LINES + 1) {
      throw new AppError(
        'security_check_failed',
        `The file has more than ${MAX_TEXT_LINES.toLocaleString('en-GB')} rows, the limit for one conversion; split the export into shorter periods.`,
      );
    }
    start = b[end] === 0x0d && b[end + 1] === 0x0a ? end + 2 : end + 1;
  }
}

/**
 * Sums the uncompressed sizes the ZIP central directory declares (a lying entry is still stopped by the
 * worker's heap cap), then counts the rows of the worksheets before any workbook reader parses them:
 * a million rows failed on memory after 33 s in the reader, so more than MAX_TEXT_LINES are refused
 * as a text file's are. The sheets are inflated as a stream, a piece at a time, and never held.
 */
export function guardZip(bytes: Uint8Array): void {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const eocd = b.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0 || eocd + 22 > b.length) return; // not a readable ZIP: the XLSX reader refuses it
  const entries = b.readUInt16LE(eocd + 10);
  let p = b.readUInt32LE(eocd + 16);
  let total = 0;
  const sheets: { method: number; size: number; local: number }[] = [];
  for (let n = 0; n < entries && p + 46 <= b.length && b.readUInt32LE(p) === 0x02014b50; n++) {
    total += b.readUInt32LE(p + 24);
    if (total > MAX_XLSX_UNZIPPED) {
      throw new AppError('security_check_failed', `The workbook unpacks to more than ${mb(MAX_XLSX_UNZIPPED)}: the file is a ZIP bomb.`);
    }
    const nameLength = b.readUInt16LE(p + 28);
    if (/^xl\/worksheets\/[^/]+\.xml$/i.test(b.toString('latin1', p + 46, p + 46 + nameLength)))
      sheets.push({ method: b.readUInt16LE(p + 10), size: b.readUInt32LE(p + 20), local: b.readUInt32LE(p + 42) });
    p += 46 + nameLength + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
  }
  let rows = 0;
  for (const s of sheets) {
    if (s.local + 30 > b.length || b.readUInt32LE(s.local) !== 0x04034b50) continue;
    const from = s.local + 30 + b.readUInt16LE(s.local + 26) + b.readUInt16LE(s.local + 28);
    const data = b.subarray(from, Math.min(b.length, from + s.size));
    rows += s.method === 8 ? inflatedRows(data) : s.method === 0 ? new RowCounter().count(data) : 0;
    if (rows > MAX_TEXT_LINES) {
      throw new AppError(
        'security_check_failed',
        `The workbook has more than ${MAX_TEXT_LINES.toLocaleString('en-GB')} rows, the limit for one conversion; split the export into shorter periods.`,
      );
    }
  }
}

/** Row elements (<row ...>, <x:row ...>) in worksheet XML given in pieces; a match split between pieces is found. */
class RowCounter {
  private carry = Buffer.alloc(0);

  count(piece: Uint8Array): number {
    const text = Buffer.concat([this.carry, piece]);
    let n = 0;
    for (let i = text.indexOf('row'); i >= 0 && i + 3 < text.length; i = text.indexOf('row', i + 3)) {
      const before = text[i - 1];
      const after = text[i + 3];
      if ((before === 0x3c || before === 0x3a) && (after === 0x20 || after === 0x3e || after === 0x2f)) n++;
    }
    this.carry = Buffer.from(text.subarray(Math.max(0, text.length - 4)));
    return n;
  }
}

/** Rows of a DEFLATE-compressed sheet, inflated 64 KB of input at a time (a damaged stream counts what came before). */
function inflatedRows(data: Uint8Array): number {
  const counter = new RowCounter();
  let rows = 0;
  const inflate = new Inflate((chunk) => {
    rows += counter.count(chunk);
  });
  try {
    for (let at = 0; at < data.length && rows <= MAX_TEXT_LINES; at += 65536) inflate.push(data.subarray(at, at + 65536), at + 65536 >= data.length);
  } catch {
    /* the workbook reader says what is wrong */
  }
  return rows;
}

/**
 * A statement that came inside a job's ZIP archive, kept as it came (raw DEFLATE; see
 * src/services/jobs/zip-input.ts), inflated to the size the archive declared and never further: the
 * job's limits were counted on declared sizes, so an entry that lies about its size (a bomb) stops here,
 * in the conversion process, at that size.
 */
export function inflateEntry(bytes: Uint8Array, size: number): Uint8Array {
  let out: Buffer;
  try {
    out = inflateRawSync(bytes, { maxOutputLength: Math.max(1, size) });
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE')
      throw new AppError('security_check_failed', `The file inflates to more than the ${mb(size)} its ZIP archive declares, so it was not read.`);
    throw new AppError('unsupported_file_type', 'The file could not be taken out of its ZIP archive: the archive is damaged.');
  }
  if (out.length !== size)
    throw new AppError('unsupported_file_type', 'The file could not be taken out of its ZIP archive: it is shorter than the archive says.');
  return out;
}
