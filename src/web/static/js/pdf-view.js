// The statement page viewer: draws the user's own PDF (the File object in this browser; never
// uploaded again) with pdf.js, at a readable size with zoom (up to 400%) and panning (drag the page with
// the mouse; touch and the keyboard scroll it natively), and outlines each parsed row as one box
// (the union of its printed lines, from the provenance boxes in PDF points from the page's top-left,
// placed as percentages of the page size so they follow the canvas at any zoom). Boxes are outlines,
// never fills over the figures; clicking one selects its table row.
const PDFJS = '/static/pdfjs/pdf.min.mjs';
const WORKER = '/static/pdfjs/pdf.worker.min.mjs';
export const ZOOMS = [0.75, 1, 1.25, 1.5, 2, 2.5, 3, 4];

let pdfjs = null;
async function loadPdfjs() {
  if (!pdfjs) {
    pdfjs = await import(PDFJS);
    pdfjs.GlobalWorkerOptions.workerSrc = WORKER;
  }
  return pdfjs;
}

const pct = (v, of) => `${((v / of) * 100).toFixed(3)}%`;

/** One rectangle around every printed line of a row, in points: [x0, y0, x1, y1]. */
export function unionBox(boxes) {
  return boxes.reduce(
    (u, [x0, y0, x1, y1]) => [Math.min(u[0], x0), Math.min(u[1], y0), Math.max(u[2], x1), Math.max(u[3], y1)],
    [Infinity, Infinity, -Infinity, -Infinity],
  );
}

export class PdfView {
  /** @param {HTMLElement} container @param {{onSelect: (key: number) => void}} o */
  constructor(container, o) {
    this.container = container;
    this.onSelect = o.onSelect;
    this.boxes = new Map(); // row key -> its one box element
    this.pages = []; // { n, wrap, canvas }
    this.doc = null;
    this.zoom = 1; // 1 = the page as wide as the viewer
    this.drawing = null;
    // A rotated phone or a resized window: draw the pages again for the new width (debounced).
    this.drawnFor = 0;
    let timer = null;
    this.resize = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        if (this.doc && Math.abs(this.container.clientWidth - this.drawnFor) > 16) this.draw();
      }, 200);
    });
    this.resize.observe(container);
    // Panning: a mouse drag on the page moves it (a click on a row box still selects the row).
    let drag = null;
    container.addEventListener('pointerdown', (e) => {
      if (e.button !== 0 || e.pointerType === 'touch' || e.target.closest('.box')) return;
      drag = { x: e.clientX, y: e.clientY, left: container.scrollLeft, top: container.scrollTop };
      container.setPointerCapture(e.pointerId);
      container.classList.add('dragging');
    });
    container.addEventListener('pointermove', (e) => {
      if (!drag) return;
      container.scrollLeft = drag.left - (e.clientX - drag.x);
      container.scrollTop = drag.top - (e.clientY - drag.y);
    });
    const stop = () => {
      drag = null;
      container.classList.remove('dragging');
    };
    container.addEventListener('pointerup', stop);
    container.addEventListener('pointercancel', stop);
    container.addEventListener('click', (e) => {
      const b = e.target.closest('.box');
      if (b) this.onSelect(Number(b.dataset.key));
    });
  }

  /** @param {{key: number, p: object}[]} items rows with provenance */
  async show(file, password, items) {
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
    for (let n = 1; n <= this.doc.numPages; n++) {
      const wrap = document.createElement('div');
      wrap.className = 'page';
      wrap.dataset.page = String(n);
      const canvas = document.createElement('canvas');
      canvas.setAttribute('role', 'img');
      canvas.setAttribute('aria-label', `Page ${n} of the statement`);
      const label = document.createElement('span');
      label.className = 'page-label';
      label.textContent = `Page ${n}`;
      wrap.append(canvas, label);
      this.container.append(wrap);
      this.pages.push({ n, wrap, canvas });
    }
    for (const { key, p } of items) {
      if (!p || !p.boxes || !p.boxes.length) continue;
      const page = this.pages[p.page - 1];
      if (!page) continue;
      const pw = p.pageWidth || 595;
      const ph = p.pageHeight || 842;
      const [x0, y0, x1, y1] = unionBox(p.boxes);
      const b = document.createElement('div');
      b.className = 'box';
      b.dataset.key = String(key);
      b.style.left = pct(x0 - 2, pw);
      b.style.top = pct(y0 - 1.5, ph);
      b.style.width = pct(Math.max(1, x1 - x0) + 4, pw);
      b.style.height = pct(Math.max(1, y1 - y0) + 3, ph);
      page.wrap.append(b);
      this.boxes.set(key, b);
    }
    await this.draw();
  }

  /** Draws every page at the current zoom (sharp on high-density screens). */
  async draw() {
    // One drawing at a time: a resize or zoom while pages are drawn cancels the page being drawn, so two
    // renders of one page never race (pdf.js rejects the cancelled one, which is expected, not an error).
    const run = (this.drawing = {});
    if (this.task) this.task.cancel();
    this.drawnFor = this.container.clientWidth;
    const fit = Math.max(200, this.container.clientWidth - 24);
    const dpr = window.devicePixelRatio || 1;
    for (const pg of this.pages) {
      if (this.drawing !== run || !this.doc) return;
      const page = await this.doc.getPage(pg.n);
      const base = page.getViewport({ scale: 1 });
      const cssWidth = Math.round(fit * this.zoom);
      const px = Math.min(4000, cssWidth * dpr);
      const viewport = page.getViewport({ scale: px / base.width });
      pg.wrap.style.width = `${cssWidth}px`;
      pg.canvas.width = Math.floor(viewport.width);
      pg.canvas.height = Math.floor(viewport.height);
      const task = (this.task = page.render({ canvas: pg.canvas, canvasContext: pg.canvas.getContext('2d'), viewport }));
      try {
        await task.promise;
      } catch (e) {
        if (e && e.name === 'RenderingCancelledException') return;
        throw e;
      } finally {
        if (this.task === task) this.task = null;
      }
      if (this.drawing !== run) return;
      page.cleanup();
    }
    this.container.dataset.zoom = String(this.zoom);
    this.container.dataset.drawnWidth = String(this.drawnFor);
  }

  async setZoom(z) {
    this.zoom = z;
    await this.draw();
    const sel = this.container.querySelector('.box.selected');
    if (sel) sel.scrollIntoView({ block: 'center', inline: 'center' });
  }

  /** Row numbers and marks for the boxes, after every edit: `info` maps key -> {row, flagged, low}. */
  label(info) {
    for (const [key, b] of this.boxes) {
      const i = info.get(key);
      b.hidden = !i; // a deleted row
      if (!i) continue;
      b.dataset.row = String(i.row);
      b.classList.toggle('flagged', Boolean(i.flagged));
      b.classList.toggle('low', Boolean(i.low));
      b.title = `Row ${i.row}${i.flagged ? ' (named in a warning)' : ''}${i.low ? ' (the scan reading is unsure here)' : ''}`;
    }
  }

  has(key) {
    return this.boxes.has(key);
  }

  select(key) {
    for (const el of this.container.querySelectorAll('.box.selected')) el.classList.remove('selected');
    const b = this.boxes.get(key);
    if (!b || b.hidden) return false;
    b.classList.add('selected');
    b.scrollIntoView({ block: 'center', inline: 'nearest', behavior: 'smooth' });
    return true;
  }

  hover(key, on) {
    const b = this.boxes.get(key);
    if (b) b.classList.toggle('hover', on);
  }

  async destroy() {
    this.resize.disconnect();
    this.drawing = null;
    if (this.task) this.task.cancel();
    this.boxes.clear();
    this.pages = [];
    if (this.doc) await this.doc.destroy();
    this.doc = null;
  }
}
