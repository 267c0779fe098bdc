// A ZIP of statements sent as one job: its entries become the job's files. Only the archive's central
// directory is read here, never an entry's data: every record is counted first (skipped ones too, so
// 200,000 hidden entries cost one comparison, not 35 s), then walked once, and each statement's
// compressed bytes are taken as they are (a slice of the upload). They are stored that way, sealed,
// and inflated in the conversion process, held to the size the directory declares (see
// src/engine/input-limits.ts inflateEntry); so the limits below count declared sizes, and an entry that
// inflates to more than it declares fails there, within that process's memory and time limits.
// (Inflating here, on the server's event loop, let a 510 KB ZIP of zeros hold it 21-33 s and store 500 MB.)
import { Inflate } from 'fflate';
import { AppError } from '../../errors.js';
import { JOB_MAX_FILES } from './job-limits.js';

export interface ZipLimits {
  /** Statements the job may still take (entries kept). */
  maxEntries: number;
  /** Records the central directory may hold in all: statements, folders, hidden files, resource forks. */
  maxRecords: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

/** A statement inside the archive, as stored: its compressed bytes and how to inflate them. */
export interface ZipEntry {
  name: string;
  /** 0: stored as is; 8: raw DEFLATE. */
  method: 0 | 8;
  /** The compressed bytes (a view of the upload). */
  data: Uint8Array;
  /** The size the archive declares once inflated. */
  size: number;
}

interface Record {
  name: string;
  flags: number;
  method: number;
  compressedSize: number;
  size: number;
  localOffset: number;
}

const LOCAL = 0x04034b50;
const CENTRAL = 0x02014b50;
const ZIP64_LOCATOR = 0x07064b50;
/** The end record: 22 bytes plus a comment of at most 65,535. */
const END_SEARCH = 22 + 0xffff;

const damaged = (why: string) => new AppError('invalid_request', `The ZIP archive is damaged (${why}) and could not be read.`);
const mb = (n: number) => Math.round(n / 1048576);

/** Starts like a ZIP (a local file header). */
const startsLikeZip = (b: Uint8Array): boolean => b.length >= 4 && b[0] === 0x50 && b[1] === 0x4b && b[2] === 0x03 && b[3] === 0x04;

/** Entries worth converting: no folders, no macOS resource forks, no hidden files. */
function wanted(name: string): boolean {
  if (name.endsWith('/') || name.startsWith('__MACOSX/')) return false;
  const base = name.split('/').pop() ?? '';
  return base.length > 0 && !base.startsWith('.');
}

/**
 * The central directory's records, counted before any is read: more than `maxRecords` is refused, or
 * with `firstOnly` only that many are read (enough to tell a workbook from an archive).
 */
function records(bytes: Uint8Array, maxRecords: number, firstOnly = false): { list: Record[]; directoryAt: number } {
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const tailFrom = Math.max(0, b.length - END_SEARCH);
  const sig = Buffer.from([0x50, 0x4b, 0x05, 0x06]);
  const at = b.subarray(tailFrom).lastIndexOf(sig);
  if (at < 0 || tailFrom + at + 22 > b.length) throw damaged('no end of central directory');
  const end = tailFrom + at;
  if (end >= 20 && b.readUInt32LE(end - 20) === ZIP64_LOCATOR)
    throw new AppError('invalid_request', 'The ZIP archive uses ZIP64 extensions, which statements never need; re-create it with a standard tool.');
  if (b.readUInt16LE(end + 4) !== 0 || b.readUInt16LE(end + 6) !== 0)
    throw new AppError('invalid_request', 'The ZIP archive is split over several files; send it as one archive.');
  const declared = b.readUInt16LE(end + 10);
  const count = firstOnly ? Math.min(declared, maxRecords) : declared;
  if (count > maxRecords)
    throw new AppError(
      'invalid_request',
      `The ZIP archive has ${declared.toLocaleString('en-GB')} entries (folders and hidden files included); a job's archive may have at most ${maxRecords.toLocaleString('en-GB')}.`,
    );
  const size = b.readUInt32LE(end + 12);
  const start = b.readUInt32LE(end + 16);
  if (start + size > end) throw damaged('its directory lies outside the file');
  const list: Record[] = [];
  let p = start;
  for (let i = 0; i < count; i++) {
    if (p + 46 > start + size || b.readUInt32LE(p) !== CENTRAL) throw damaged('a directory record is broken');
    const nameLength = b.readUInt16LE(p + 28);
    const next = p + 46 + nameLength + b.readUInt16LE(p + 30) + b.readUInt16LE(p + 32);
    if (next > start + size) throw damaged('a directory record is broken');
    const flags = b.readUInt16LE(p + 8);
    // Bit 11: the name is UTF-8; otherwise code page 437, read as Latin-1 (names are only shown).
    const name = b.toString(flags & 0x800 ? 'utf8' : 'latin1', p + 46, p + 46 + nameLength);
    list.push({
      name,
      flags,
      method: b.readUInt16LE(p + 10),
      compressedSize: b.readUInt32LE(p + 20),
      size: b.readUInt32LE(p + 24),
      localOffset: b.readUInt32LE(p + 42),
    });
    p = next;
  }
  return { list, directoryAt: start };
}

/**
 * An archive of statements, as opposed to a statement that is a ZIP (an XLSX workbook): it starts like
 * a ZIP and the first `maxRecords` records of its directory do not name a workbook's parts (writers put
 * them first; a workbook may have more parts than an archive may have records). A ZIP whose directory
 * cannot be read is an archive (refused as damaged by zipEntries).
 */
export function isZipArchive(bytes: Uint8Array, maxRecords: number): boolean {
  if (!startsLikeZip(bytes)) return false;
  let names: string[];
  try {
    names = records(bytes, maxRecords, true).list.map((r) => r.name);
  } catch {
    return true;
  }
  return !(names.includes('[Content_Types].xml') && names.some((n) => n.startsWith('xl/')));
}

/** The archive's statements, checked against the limits from its directory alone. */
export function zipEntries(bytes: Uint8Array, limits: ZipLimits): ZipEntry[] {
  const { list, directoryAt } = records(bytes, limits.maxRecords);
  const b = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const out: ZipEntry[] = [];
  let total = 0;
  for (const r of list) {
    if (!wanted(r.name)) continue;
    const shown = r.name.slice(0, 80);
    if (out.length >= limits.maxEntries) throw new AppError('invalid_request', `A job holds at most ${JOB_MAX_FILES} statements; the ZIP archive has more.`);
    if (r.flags & 0x1) throw new AppError('invalid_request', `The ZIP entry "${shown}" is encrypted; send the statements unencrypted.`);
    if (r.method !== 0 && r.method !== 8)
      throw new AppError(
        'invalid_request',
        `The ZIP entry "${shown}" uses a compression method other than deflate; re-create the archive with a standard tool.`,
      );
    if (r.size === 0xffffffff || r.compressedSize === 0xffffffff || r.localOffset === 0xffffffff)
      throw new AppError('invalid_request', 'The ZIP archive uses ZIP64 extensions, which statements never need; re-create it with a standard tool.');
    if (r.size > limits.maxEntryBytes)
      throw new AppError('file_too_large', `The ZIP entry "${shown}" is over the ${mb(limits.maxEntryBytes)} MB limit of one statement.`);
    total += r.size;
    if (total > limits.maxTotalBytes)
      throw new AppError('file_too_large', `The ZIP archive's statements are over the ${mb(limits.maxTotalBytes)} MB limit of one job.`);
    if (r.method === 0 && r.compressedSize !== r.size) throw damaged(`the sizes of "${shown}" disagree`);
    const at = r.localOffset;
    if (at + 30 > directoryAt || b.readUInt32LE(at) !== LOCAL) throw damaged(`the entry "${shown}" is not where the directory says`);
    const from = at + 30 + b.readUInt16LE(at + 26) + b.readUInt16LE(at + 28);
    if (from + r.compressedSize > directoryAt) throw damaged(`the entry "${shown}" runs past its end`);
    out.push({ name: r.name, method: r.method, data: bytes.subarray(from, from + r.compressedSize), size: r.size });
  }
  return out;
}

/**
 * The first `max` bytes a raw DEFLATE stream inflates to, for sniffing the file's type: fed a KB at a
 * time, so a bomb yields at most about a megabyte before this stops; a damaged stream gives what came
 * before the damage.
 */
export function inflatedHead(data: Uint8Array, max: number): Uint8Array {
  const out: Uint8Array[] = [];
  let n = 0;
  const inflate = new Inflate((chunk) => {
    out.push(chunk);
    n += chunk.length;
  });
  try {
    for (let at = 0; at < data.length && n < max; at += 1024) inflate.push(data.subarray(at, at + 1024), at + 1024 >= data.length);
  } catch {
    /* damaged: the conversion says so */
  }
  return Buffer.concat(out, n).subarray(0, max);
}
