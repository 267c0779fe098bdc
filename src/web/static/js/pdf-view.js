// "Check by eye": draws the user's own PDF (the File object in this browser; never uploaded again)
// with pdf.js, and outlines every parsed row from the provenance boxes. Boxes are placed in
// percentages of the page size the engine reported, so they follow the canvas at any width.
const PDFJS = '/static/pdfjs/pdf.min.mjs';
const WORKER = '/static/pdfjs/pdf.worker.min.mjs';

let pdfjs = null;
async function loadPdfjs() {
  if (!pdfjs) {
    pdfjs = await import(PDFJS);
    pdfjs.GlobalWorkerOptions.workerSrc = WORKER;
  }
  return pdfjs;
}

const pct = (v, of) => `${((v / of) * 100).toFixed(3)}%`;

export class PdfView {
  constructor(container) {
    this.container = container;
    this.boxes = new Map(); // row (1-based) -> box elements
    this.doc = null;
  }

  async show(file, password, provenance, flagged) {
    const lib = await loadPdfjs();
    // pdf.js transfers the buffer to its worker, so it gets its own copy.
    const data = new Uint8Array(await file.arrayBuffer());
    this.doc = await lib.getDocument({
      data,
      password: password || undefined,
      isEvalSupported: false,
      enableXfa: false,
      standardFontDataUrl: '/static/pdfjs/standard_fonts/',
    }).promise;
    this.container.replaceChildren();
    const byPage = new Map();
    provenance.forEach((p, i) => {
      if (p && p.boxes && p.boxes.length) {
        if (!byPage.has(p.page)) byPage.set(p.page, []);
        byPage.get(p.page).push({ row: i + 1, p });
      }
    });
    const width = Math.min(1400, Math.max(600, this.container.clientWidth * (window.devicePixelRatio || 1)));
    for (let n = 1; n <= this.doc.numPages; n++) {
      await this.drawPage(n, width, byPage.get(n) ?? [], flagged);
    }
  }

  async drawPage(n, width, rows, flagged) {
    const page = await this.doc.getPage(n);
    const base = page.getViewport({ scale: 1 });
    const viewport = page.getViewport({ scale: width / base.width });
    const wrap = document.createElement('div');
    wrap.className = 'page';
    wrap.dataset.page = String(n);
    const canvas = document.createElement('canvas');
    canvas.width = Math.floor(viewport.width);
    canvas.height = Math.floor(viewport.height);
    canvas.setAttribute('role', 'img');
    canvas.setAttribute('aria-label', `Page ${n} of the statement`);
    const label = document.createElement('span');
    label.className = 'page-label';
    label.textContent = `Page ${n}`;
    wrap.append(canvas, label);
    this.container.append(wrap);
    await page.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
    for (const { row, p } of rows) {
      const pw = p.pageWidth || base.width;
      const ph = p.pageHeight || base.height;
      const els = p.boxes.map(([x0, y0, x1, y1]) => {
        const b = document.createElement('div');
        b.className = flagged.has(row) ? 'box flagged' : 'box';
        b.dataset.row = String(row);
        b.style.left = pct(x0, pw);
        b.style.top = pct(y0, ph);
        b.style.width = pct(Math.max(1, x1 - x0), pw);
        b.style.height = pct(Math.max(1, y1 - y0), ph);
        wrap.append(b);
        return b;
      });
      this.boxes.set(row, [...(this.boxes.get(row) ?? []), ...els]);
    }
    page.cleanup();
  }

  hasRow(row) {
    return this.boxes.has(row);
  }

  select(row) {
    for (const el of this.container.querySelectorAll('.box.selected')) el.classList.remove('selected');
    const els = this.boxes.get(row) ?? [];
    for (const el of els) el.classList.add('selected');
    if (els[0]) els[0].scrollIntoView({ block: 'center', behavior: 'smooth' });
    return els.length > 0;
  }

  async destroy() {
    this.boxes.clear();
    if (this.doc) await this.doc.destroy();
    this.doc = null;
  }
}
