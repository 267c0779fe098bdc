// Decompression-bomb guard, run on the bytes before any PDF library sees them: every stream's filter
// chain is decoded with a hard output cap, whatever its dictionary says it is. A stream's /Subtype is
// not trusted (a content stream flagged /Subtype /Image was read as text all the same), names are
// decoded (`/F#6cateDecode`), and chains (`[/FlateDecode /FlateDecode]`, `/A85 /Fl`) are followed stage
// by stage. Nothing here depends on the library that extracts the text; what that library inflates
// itself is bounded again by the conversion process's memory limit (src/adapters/process-slot.ts).
import { AppError } from '../../errors.js';
import { decodeFilter, filtersOf, latin1, OverCap, rawStreams } from './pdf-streams.js';

/** Largest decoded size of one stream: a statement page's content is a few hundred KB, a 300 dpi A4 colour scan 26 MB. */
export const MAX_STREAM_INFLATED = 64 * 1024 * 1024;
/** Largest decoded size of all streams together (about 40 such scanned pages). */
export const MAX_TOTAL_INFLATED = 1024 * 1024 * 1024;

const bomb = (detail: string) => new AppError('security_check_failed', `${detail}: the file is a decompression bomb.`);

export async function guardDecompression(bytes: Uint8Array): Promise<void> {
  const text = latin1(bytes);
  let total = 0;
  for (const s of rawStreams(bytes, text)) {
    const filters = filtersOf(s.dict);
    if (!filters.length) continue;
    let data: Uint8Array = bytes.subarray(s.start, s.end);
    let size = 0;
    for (let i = 0; i < filters.length; i++) {
      // The last decompressing stage is only counted; earlier ones are kept to feed the next.
      const keep = filters.slice(i + 1).some((f) => f !== 'DCTDecode' && f !== 'JPXDecode' && f !== 'JBIG2Decode' && f !== 'CCITTFaxDecode' && f !== 'Crypt');
      let r: Awaited<ReturnType<typeof decodeFilter>>;
      try {
        r = await decodeFilter(filters[i], data, MAX_STREAM_INFLATED, keep);
      } catch (e) {
        if (e instanceof OverCap) throw bomb(`A ${s.end - s.start}-byte stream in the PDF expands to more than ${MAX_STREAM_INFLATED >> 20} MB`);
        throw e;
      }
      if (!r) break; // an image codec or an unknown filter: not decoded here
      size = Math.max(size, r.size);
      if (!r.out) break;
      data = r.out;
      size = Math.max(size, data.length);
    }
    total += size;
    if (total > MAX_TOTAL_INFLATED) throw bomb(`The PDF's streams together expand to more than ${MAX_TOTAL_INFLATED >> 20} MB`);
  }
}
