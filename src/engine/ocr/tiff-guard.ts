// A TIFF's directories walked as the decoder (utif2) will walk them, before it does, from the bytes:
// a page chain that loops (a 364-byte file whose next-page offset points back at its own page ran the
// decoder out of memory), a next-page or sub-directory offset outside the file (read as NaN, which also
// loops for ever), a sub-directory pointing back up its own path, directories shared so often that
// reading them all multiplies, or a tag claiming more values than the file could hold, are refused with
// 400 security_check_failed. Pure and linear in the directories it reads.
import { AppError } from '../../errors.js';

/** Directories the decoder may read in all (pages, thumbnails, EXIF and sub-directories), per page allowed. */
const READS_PER_PAGE = 8;
/** Numeric tag values the decoder may unpack into arrays, in all. */
const MAX_VALUES = 4_000_000;
/** Bytes per value of each TIFF field type (1-13); other types are skipped by the decoder. */
const TYPE_BYTES: Record<number, number> = { 1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4 };
/** Types the decoder turns into one array element per value (bytes and text are views or one string). */
const UNPACKED = new Set([3, 4, 5, 8, 9, 10, 11, 12, 13]);
/** Tags whose values point at more directories, which the decoder reads in turn. */
const SUB_DIRECTORIES = new Set([330, 34665, 34853, 61440]);

const refuse = (why: string) => new AppError('security_check_failed', `The TIFF image is built in a way that cannot be read safely (${why}).`);

export function checkTiffStructure(b: Uint8Array, maxPages: number): void {
  const le = b[0] === 0x49;
  const u16 = (i: number) => (le ? b[i] | (b[i + 1] << 8) : (b[i] << 8) | b[i + 1]);
  const u32 = (i: number) =>
    le ? (b[i] | (b[i + 1] << 8) | (b[i + 2] << 16)) + b[i + 3] * 0x1000000 : ((b[i] << 24) >>> 0) + (b[i + 1] << 16) + (b[i + 2] << 8) + b[i + 3];
  const maxReads = READS_PER_PAGE * maxPages;
  let reads = 0;
  let values = 0;
  const path = new Set<number>();

  /** The directory at `at`, and the ones its sub-directory tags point at. */
  const visit = (at: number): number => {
    if (at < 8 || at + 2 > b.length) throw refuse('a directory lies outside the file');
    if (path.has(at)) throw refuse('a directory points back at itself');
    if (++reads > maxReads) throw refuse(`more than ${maxReads} directories to read`);
    const n = u16(at);
    const end = at + 2 + n * 12;
    if (end + 4 > b.length) throw refuse('a directory runs past the end of the file');
    path.add(at);
    for (let e = at + 2; e < end; e += 12) {
      const tag = u16(e);
      const type = u16(e + 2);
      const count = u32(e + 4);
      const size = TYPE_BYTES[type];
      if (!size) continue;
      if (count * size > b.length) throw refuse(`tag ${tag} claims more values than the file holds`);
      if (UNPACKED.has(type) && (values += count) > MAX_VALUES) throw refuse('too many tag values');
      if (SUB_DIRECTORIES.has(tag) && (type === 4 || type === 13)) {
        const from = count * 4 <= 4 ? e + 8 : u32(e + 8);
        if (from + count * 4 > b.length) throw refuse('a directory list lies outside the file');
        for (let k = 0; k < count; k++) visit(u32(from + k * 4));
      }
    }
    path.delete(at);
    return u32(end);
  };

  const seen = new Set<number>();
  for (let at = u32(4); at !== 0;) {
    if (seen.has(at)) throw refuse('its page chain loops');
    seen.add(at);
    at = visit(at);
  }
}
