// Small PDFs drawn with PDFKit for tests that need a real PDF of a few lines (the statement generators
// in test/fixtures/pdf/ make whole statements). One copy of the stream-to-bytes plumbing.
import PDFDocument from 'pdfkit';

/** The bytes of a PDF that `build` draws; A4 unless `options` says otherwise (margins, passwords, no first page). */
export async function makePdf(build: (doc: PDFKit.PDFDocument) => void, options: PDFKit.PDFDocumentOptions = {}): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', ...options });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<void>((resolve) => doc.on('end', () => resolve()));
  build(doc);
  doc.end();
  await done;
  return new Uint8Array(Buffer.concat(chunks));
}

/**
 * Text lines as PDF pages ('\f' starts a new page), word by word at their character columns in 8-point
 * Courier, 10 points apart: a fixed-width statement laid out as a PDF's words.
 */
export const courierLinesPdf = (lines: string[]): Promise<Uint8Array> =>
  makePdf(
    (d) => {
      d.font('Courier').fontSize(8);
      let y = 0;
      for (const l of lines) {
        if (l === '\f') {
          d.addPage();
          y = 0;
          continue;
        }
        for (const m of l.matchAll(/\S+/g)) d.text(m[0], 30 + m.index * 4.8, 40 + y * 10, { lineBreak: false });
        y++;
      }
    },
    { margin: 30 },
  );
