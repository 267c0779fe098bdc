// Decompression-bomb guard, run on the bytes before any PDF library sees them: every stream's filter
// chain is decoded with a hard output cap, whatever its dictionary says it is. A stream's /Subtype is
// not trusted (a content stream flagged /Subtype /Image was read as text all the same), names are
// decoded (`/F#6cateDecode`), and chains (`[/FlateDecode /FlateDecode]`, `/A85 /Fl`) are followed stage
// by stage. Nothing here depends on the library that extracts the text; what that library inflates
// itself is bounded again by the conversion process's memory limit (src/adapters/process-slot.ts).
import { AppError } from '../../errors.js';
import { decodeFilter, filtersOf, flateBound, latin1, OverCap, rawStreams } from './pdf-streams.js';

/** Largest decoded size of one stream: a statement page's content is a few hundred KB, a 300 dpi A4 colour scan 26 MB. */
export const MAX_STREAM_INFLATED = 64 * 1024 * 1024;
/** Largest decoded size of all streams together (about 40 such scanned pages). */
export const MAX_TOTAL_INFLATED = 1024 * 1024 * 1024;

const bomb = (detail: string) => new AppError('security_check_failed', `${detail}: the file is a decompression bomb.`);

/** The caps a file is held to, in bytes of decoded output (tests pass smaller ones). */
export interface InflateCaps {
  stream: number;
  total: number;
}

const CAPS: InflateCaps = { stream: MAX_STREAM_INFLATED, total: MAX_TOTAL_INFLATED };

/** A stream counted at its bound instead of inflated: what it feeds the last stage, and the sizes it added. */
interface Bounded {
  data: Uint8Array;
  /** The stream's size before its last stage (earlier stages' output), and as counted (with the bound). */
  before: number;
  counted: number;
}

export async function guardDecompression(bytes: Uint8Array, caps: InflateCaps = CAPS): Promise<void> {
  const text = latin1(bytes);
  let total = 0;
  // A last stage that can only be counted, not kept, is FlateDecode in nearly every PDF, and its output
  // can never exceed flateBound: where that bound keeps the stream under its cap it is counted at the
  // bound, not inflated (a real 6-page statement's image masks inflate to 47 MB from 216 KB, all of it
  // made only to be measured and dropped). Should the bounds take the total past its cap, the bounded
  // streams are inflated and counted at their real size until the total is under it or truly over: a
  // file is refused exactly when its real decoded sizes pass a cap, as when every stream was inflated.
  // The streams waiting at their bound hold at most total cap / 1032 bytes of input (about 1 MB): each
  // is counted at 1032 times its length or more, and the waiting ones together stay under the cap.
  const bounded: Bounded[] = [];
  for (const s of rawStreams(bytes, text)) {
    const filters = filtersOf(s.dict);
    if (!filters.length) continue;
    let data: Uint8Array = bytes.subarray(s.start, s.end);
    let size = 0;
    for (let i = 0; i < filters.length; i++) {
      // The last decompressing stage is only counted; earlier ones are kept to feed the next.
      const keep = filters.slice(i + 1).some((f) => f !== 'DCTDecode' && f !== 'JPXDecode' && f !== 'JBIG2Decode' && f !== 'CCITTFaxDecode' && f !== 'Crypt');
      if (!keep && filters[i] === 'FlateDecode' && flateBound(data.length) <= caps.stream) {
        const counted = Math.max(size, flateBound(data.length));
        bounded.push({ data, before: size, counted });
        size = counted;
        break;
      }
      let r: Awaited<ReturnType<typeof decodeFilter>>;
      try {
        r = await decodeFilter(filters[i], data, caps.stream, keep);
      } catch (e) {
        if (e instanceof OverCap) throw bomb(`A ${s.end - s.start}-byte stream in the PDF expands to more than ${caps.stream >> 20} MB`);
        throw e;
      }
      if (!r) break; // an image codec or an unknown filter: not decoded here
      size = Math.max(size, r.size);
      if (!r.out) break;
      data = r.out;
      size = Math.max(size, data.length);
    }
    total += size;
    while (total > caps.total && bounded.length) {
      const b = bounded.pop()!;
      // Under the stream cap by its bound, so never OverCap.
      const r = await decodeFilter('FlateDecode', b.data, caps.stream, false);
      total -= b.counted - Math.max(b.before, r?.size ?? 0);
    }
    if (total > caps.total) throw bomb(`The PDF's streams together expand to more than ${caps.total >> 20} MB`);
  }
}
