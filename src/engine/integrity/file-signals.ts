// Signals from the file itself: revisions appended after the first save (incremental updates) and the
// document information (Producer, Creator, CreationDate, ModDate). Pure: bytes and metadata in.
import { latin1 } from '../pdf/pdf-streams.js';
import type { IntegritySignal } from './types.js';

export interface PdfInfo {
  producer: string;
  creator: string;
  creationDate: string;
  modDate: string;
}

/**
 * Tools people edit PDFs with (as they name themselves in Producer). A bank's statement system writes
 * its own name, or a reporting library's; one of these as Producer while Creator names something else
 * means the file was saved again by an editor.
 */
const EDITORS =
  /\b(acrobat(?! distiller)|pdfescape|sejda|ilovepdf|smallpdf|pdf-?xchange|foxit (?:phantom|pdf editor)|nitro|pdfelement|wondershare|pdffiller|dochub|pdf candy|pdf24|inkscape|libreoffice|microsoft.*word|pages|preview|quartz pdfcontext|soda pdf|able2extract|pdf expert|canva)\b/i;

/** An object defined in a section of the file ("12 0 obj"). */
const OBJECT = /\b\d+\s+\d+\s+obj\b/;

/**
 * Saves of the file: one per "%%EOF"-ended section that defines objects (a linearised file's first save
 * ends two sections). A section that defines none is no revision: Microsoft Word ends its files with an
 * empty cross-reference section pointing at its cross-reference stream ("xref 0 0", /XRefStm).
 */
function saves(bytes: Uint8Array): { eofs: number; linearised: boolean } {
  const text = latin1(bytes);
  const linearised = /\/Linearized\s/.test(text.slice(0, 2048));
  const firstSave = linearised ? 2 : 1;
  let eofs = 0;
  let from = 0;
  for (let i = text.indexOf('%%EOF'); i >= 0; i = text.indexOf('%%EOF', i + 5)) {
    if (eofs < firstSave || OBJECT.test(text.slice(from, i))) eofs++;
    from = i + 5;
  }
  return { eofs, linearised };
}

/** D:YYYYMMDDHHmmSS(+HH'mm') -> epoch ms (UTC), or null. */
export function pdfDate(s: string): number | null {
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?([Z+-])?(\d{2})?'?(\d{2})?/.exec(s.trim());
  if (!m) return null;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', se = '00', z, oh = '00', om = '00'] = m;
  const base = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(se));
  const offset = (Number(oh) * 60 + Number(om)) * 60_000;
  return z === '+' ? base - offset : z === '-' ? base + offset : base;
}

/** A modification this much later than creation is more than the same program finishing its job. */
const MODIFIED_AFTER_MS = 60 * 60_000;

export function fileSignals(bytes: Uint8Array, info: PdfInfo): IntegritySignal[] {
  const out: IntegritySignal[] = [];
  const { eofs, linearised } = saves(bytes);
  const firstSave = linearised ? 2 : 1;
  if (eofs > firstSave) {
    out.push({
      code: 'incremental_update',
      message: `The file was saved ${eofs - firstSave} more time(s) after it was first written (appended revisions). Digital signatures and form filling do this too.`,
    });
  }
  const producer = info.producer.trim(),
    creator = info.creator.trim();
  if (producer && EDITORS.test(producer) && creator && !EDITORS.test(creator) && producer.toLowerCase() !== creator.toLowerCase()) {
    out.push({
      code: 'editor_producer',
      message: `The file was created by "${creator.slice(0, 80)}" and last written by "${producer.slice(0, 80)}", an editing tool.`,
    });
  }
  const created = pdfDate(info.creationDate),
    modified = pdfDate(info.modDate);
  if (created !== null && modified !== null && modified - created > MODIFIED_AFTER_MS) {
    out.push({
      code: 'modified_after_creation',
      message: `The file was modified on ${new Date(modified).toISOString().slice(0, 16).replace('T', ' ')} UTC, after it was created on ${new Date(created).toISOString().slice(0, 16).replace('T', ' ')} UTC.`,
    });
  }
  return out;
}
