// A ZIP of statements sent as one job: its entries become the job's files. Read as a stream in 64 KB
// steps, so at most one entry is held at a time; every entry's inflated size is counted as it grows
// (the sizes an archive declares can lie), with the per-file and per-job limits of a job upload.
import { Unzip, UnzipInflate } from 'fflate';
import { AppError } from '../../errors.js';

export interface ZipLimits {
  maxEntries: number;
  maxEntryBytes: number;
  maxTotalBytes: number;
}

const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];

/** A ZIP archive that is not an XLSX workbook (which is a ZIP too, and a statement). */
export function isZipArchive(bytes: Uint8Array): boolean {
  if (!ZIP_MAGIC.every((v, i) => bytes[i] === v)) return false;
  const head = Buffer.from(bytes.buffer, bytes.byteOffset, Math.min(bytes.length, 1 << 20)).toString('latin1');
  return !head.includes('[Content_Types].xml') || !head.includes('xl/');
}

const mb = (n: number) => Math.round(n / 1048576);

/** Entries worth converting: no folders, no macOS resource forks, no hidden files. */
function wanted(name: string): boolean {
  if (name.endsWith('/') || name.startsWith('__MACOSX/')) return false;
  const base = name.split('/').pop() ?? '';
  return base.length > 0 && !base.startsWith('.');
}

export async function* zipEntries(bytes: Uint8Array, limits: ZipLimits, alreadyCounted = 0): AsyncGenerator<{ name: string; bytes: Uint8Array }> {
  const ready: { name: string; bytes: Uint8Array }[] = [];
  let failure: AppError | null = null;
  let entries = alreadyCounted;
  let total = 0;
  const unzip = new Unzip((file) => {
    if (failure || !wanted(file.name)) return;
    if (++entries > limits.maxEntries) {
      failure = new AppError('invalid_request', `A job holds at most ${limits.maxEntries} statements; the ZIP archive has more.`);
      return;
    }
    if (file.compression !== 0 && file.compression !== 8) {
      failure = new AppError(
        'invalid_request',
        `The ZIP entry "${file.name.slice(0, 80)}" uses a compression method other than deflate; re-create the archive with a standard tool.`,
      );
      return;
    }
    const chunks: Uint8Array[] = [];
    let size = 0;
    file.ondata = (err, chunk, final) => {
      if (failure) return;
      if (err) {
        failure = new AppError('invalid_request', 'The ZIP archive is damaged and could not be read.');
        return;
      }
      size += chunk.length;
      total += chunk.length;
      if (size > limits.maxEntryBytes) {
        failure = new AppError(
          'file_too_large',
          `The ZIP entry "${file.name.slice(0, 80)}" is over the ${mb(limits.maxEntryBytes)} MB limit of one statement.`,
        );
      } else if (total > limits.maxTotalBytes) {
        failure = new AppError('file_too_large', `The ZIP archive's statements are over the ${mb(limits.maxTotalBytes)} MB limit of one job.`);
      }
      if (failure) {
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) ready.push({ name: file.name, bytes: Buffer.concat(chunks, size) });
    };
    file.start();
  });
  unzip.register(UnzipInflate);
  const STEP = 64 * 1024;
  for (let off = 0; off < bytes.length; off += STEP) {
    try {
      unzip.push(bytes.subarray(off, off + STEP), off + STEP >= bytes.length);
    } catch {
      failure ??= new AppError('invalid_request', 'The ZIP archive is damaged or encrypted and could not be read.');
    }
    if (failure) throw failure;
    while (ready.length) yield ready.shift()!;
  }
  // eslint-disable-next-line @typescript-eslint/only-throw-error -- rethrows what was caught, as it came
  if (failure) throw failure;
  while (ready.length) yield ready.shift()!;
}
