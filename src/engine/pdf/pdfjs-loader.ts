// Opens a PDF with pdfjs-dist (legacy build for Node): no eval, no scripting, no font faces, fonts
// and CMaps read from the installed package directory only (never the network).
import { createRequire } from 'node:module';
import path from 'node:path';
import { AppError } from '../../errors.js';

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs');
export type PdfDocument = Awaited<ReturnType<PdfjsModule['getDocument']>['promise']>;

let pdfjsPromise: Promise<PdfjsModule> | null = null;
/** The module is loaded once per thread; documents never share state. */
export const loadPdfjs = (): Promise<PdfjsModule> => (pdfjsPromise ??= import('pdfjs-dist/legacy/build/pdf.mjs'));

function packageDir(): string {
  const req = createRequire(import.meta.url);
  return path.dirname(req.resolve('pdfjs-dist/package.json'));
}

let dataDirs: { cMapUrl: string; standardFontDataUrl: string } | null = null;
function localData() {
  if (!dataDirs) {
    const dir = packageDir();
    // pdfjs in Node reads these with fs when given plain paths (trailing separator required).
    dataDirs = { cMapUrl: path.join(dir, 'cmaps') + path.sep, standardFontDataUrl: path.join(dir, 'standard_fonts') + path.sep };
  }
  return dataDirs;
}

export async function openPdf(bytes: Uint8Array, password: string | undefined): Promise<PdfDocument> {
  const pdfjs = await loadPdfjs();
  const { cMapUrl, standardFontDataUrl } = localData();
  // pdfjs takes ownership of (and detaches) the buffer it is given: pass a copy, always a plain
  // Uint8Array (pdfjs refuses a Node Buffer, and Buffer.slice would return one).
  const task = pdfjs.getDocument({
    data: new Uint8Array(bytes),
    password,
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    cMapUrl,
    cMapPacked: true,
    standardFontDataUrl,
    useWasm: false,
    isOffscreenCanvasSupported: false,
    isImageDecoderSupported: false,
    maxImageSize: 16 * 1024 * 1024,
    stopAtErrors: false,
    verbosity: 0,
  });
  try {
    return await task.promise;
  } catch (e) {
    await task.destroy().catch(() => undefined);
    const name = (e as { name?: string })?.name;
    const code = (e as { code?: number })?.code;
    if (name === 'PasswordException') {
      throw new AppError('security_check_failed', code === 2
        ? 'The PDF is encrypted and the password given is wrong.'
        : 'The PDF is encrypted (password-protected). Send its password in the "password" field (CLI: --password).');
    }
    if (name === 'InvalidPDFException' || name === 'FormatError' || name === 'UnknownErrorException') {
      throw new AppError('security_check_failed', 'The PDF is malformed beyond recovery and cannot be read safely.');
    }
    throw new AppError('security_check_failed', 'The PDF could not be opened: it is damaged or uses features that cannot be read safely.');
  }
}
