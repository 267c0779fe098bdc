// Recognised pages -> the shared layout -> reconcile, with the balance chain checking the digits.
// Used for image uploads and for the image-only pages of PDFs alike. Adds the honesty warnings:
// `ocr_used` (always, with the mean confidence), `ocr_repaired` (each corrected figure) and
// `ocr_ambiguous` (a break that more than one correction would close).
import { buildLines } from '../layout/line-builder.js';
import { readStatement } from '../layout/statement-reader.js';
import type { PageInfo, Token } from '../layout/types.js';
import type { EngineResult, InputKind, Warning } from '../types.js';
import { repairDigits, repairWarnings } from './digit-repair.js';
import { applyOcrConfidence } from './ocr-confidence.js';
import type { OcrWord } from './ocr-backend.js';
import { ocrTokens } from './ocr-tokens.js';
import { settleVerdict } from '../verdict.js';

export interface OcrPage {
  page: number;
  words: OcrWord[];
  /** Output units per image pixel (72/dpi for rendered PDF pages, 1 for uploaded images). */
  scale: number;
  /** Skew already straightened in the pixels before OCR (page-cleanup.ts), radians. */
  pixelSkew?: number;
  /** Clockwise turn (degrees) the page was read at (orientation.ts). */
  turn?: number;
  /** Why the page gave no statement words (read-page.ts); such a page blocks PASS. */
  unread?: string;
  /** Clean-up steps the page's measurements called for (page-cleanup.ts), named in ocr_used. */
  applied?: string[];
}

export interface OcrReadOptions {
  inputKind: InputKind;
  bank: string;
  pageCount: number;
  pages: PageInfo[];
  backend: string;
  /** Tokens of pages that had a text layer (mixed PDFs): read together with the OCR words. */
  textTokens?: Token[];
  /** The currency the caller stated (ConvertOptions.currency). */
  currency?: string;
}

export function readOcrPages(ocr: OcrPage[], opts: OcrReadOptions): EngineResult {
  const tokens: Token[] = [...(opts.textTokens ?? [])];
  const alts: (string | undefined)[] = tokens.map(() => undefined);
  const skews: number[] = [];
  const conf = new Map<Token, number>();
  for (const p of ocr) {
    const t = ocrTokens({ page: p.page, words: p.words }, { scale: p.scale });
    t.tokens.forEach((tok, i) => conf.set(tok, t.confs[i]));
    tokens.push(...t.tokens);
    alts.push(...t.alts);
    skews.push(Math.abs(t.skew) + Math.abs(p.pixelSkew ?? 0));
  }
  // Provenance boxes come from the PDF path of the layout (inputKind 'pdf'); the kind is set back after.
  const read = (ts: Token[]) =>
    readStatement(buildLines(ts), { inputKind: 'pdf', bank: opts.bank, pageCount: opts.pageCount, pages: opts.pages, currency: opts.currency });
  const {
    result,
    repairs,
    ambiguous,
    tokens: read2,
  } = repairDigits(
    tokens,
    read,
    alts,
    tokens.map((t) => conf.get(t)),
  );
  result.meta.inputKind = opts.inputKind;
  const warnings: Warning[] = [usedWarning(ocr, opts.backend, skews), ...repairWarnings(result, repairs)];
  if (ambiguous) {
    warnings.push({
      code: 'ocr_ambiguous',
      message:
        'A balance break could be closed by more than one reading of the scanned figures, so none was chosen; check the rows named in the balance warnings against the scan.',
    });
  }
  warnings.push(...unreadPages(ocr, result), ...misreadFigures(result));
  confirmInferredYear(result, ocr);
  result.warnings = [...warnings, ...result.warnings];
  // Repaired tokens are new objects at the same place: they keep their word's confidence by index.
  applyOcrConfidence(
    result,
    read2.flatMap((t, i) => {
      const c = conf.get(t) ?? conf.get(tokens[i]);
      return c === undefined ? [] : [{ token: t, conf: c }];
    }),
  );
  return settleVerdict(result);
}

/**
 * Pages whose rows may be missing: a page that gave no legible text, or one whose text has lines with
 * a date and a figure (three or more: a table's rows) of which the table reader placed none.
 */
function unreadPages(ocr: OcrPage[], result: EngineResult): Warning[] {
  const withRows = new Set((result.provenance ?? []).map((p) => p?.page));
  const out: Warning[] = [];
  for (const p of ocr) {
    let why = p.unread;
    if (!why && !withRows.has(p.page) && rowLikeLines(p.words) >= 3) why = 'its lines with dates and amounts gave no rows the table reader could place';
    if (why) out.push({ code: 'page_unread', message: `Page ${p.page} could not be read: ${why}. Its rows may be missing; check the page.`, page: p.page });
  }
  return out;
}

/**
 * A year inferred from dates printed elsewhere (a period header) is only as good as OCR's reading of
 * it: a phone photo read "2023" as "2022" in the header and every row's date moved a year with a
 * PASS. The inference stays a note only when every year the rows use was read somewhere on the
 * scanned pages at 85% confidence or more; otherwise it blocks PASS.
 */
function confirmInferredYear(result: EngineResult, ocr: OcrPage[]): void {
  const w = result.warnings.find((x) => x.code === 'year_inferred' && x.blocks === false);
  if (!w) return;
  const sure = new Set<string>();
  for (const p of ocr) for (const word of p.words) if (word.conf >= 85) for (const y of word.text.match(/(?:19|20)\d{2}/g) ?? []) sure.add(y);
  const used = new Set(result.transactions.map((t) => t.Date.slice(-4)));
  if ([...used].every((y) => sure.has(y))) return;
  w.blocks = true;
  w.message += ' OCR read that year with low confidence: check the dates against the scan.';
}

const FIGURE_SHAPED = /^[-+(£$€]?\d[\d,.]*[.,]\d{2}\)?-?$/;
const WELL_FORMED = /^[-+(£$€]?(?:\d{1,3}(?:,\d{3})*|\d+)\.\d{2}\)?-?$/;

/**
 * A row whose description holds a figure no statement prints ("-19,5679.35": a digit too many for its
 * grouping) may have lost its amount or balance to the text: the chain closes around a row whose
 * balance it never saw. It keeps the result from PASS (the text stays as read).
 */
function misreadFigures(result: EngineResult): Warning[] {
  const rows: { row: number; word: string }[] = [];
  result.transactions.forEach((t, i) => {
    const word = t.Description.split(/\s+/).find((w) => FIGURE_SHAPED.test(w) && !WELL_FORMED.test(w) && (w.match(/\d/g)?.length ?? 0) >= 3);
    if (word) rows.push({ row: i + 1, word });
  });
  if (!rows.length) return [];
  return [
    {
      code: 'ocr_unsure_text',
      message: `The description of row(s) ${rows.map((r) => r.row).join(', ')} holds a figure OCR could not read as money (first: "${rows[0].word}"): it may be the row's amount or balance. Check it against the scan.`,
      row: rows[0].row,
      page: result.provenance?.[rows[0].row - 1]?.page,
    },
  ];
}

const FIGURE = /\d[.,]\d{2}\)?-?$/;
const DATEISH = /^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$|^(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)/i;

/** OCR lines holding both a date-like word and a figure. */
function rowLikeLines(words: OcrWord[]): number {
  const lines = new Map<number, { date: boolean; figure: boolean }>();
  for (const w of words) {
    const l = lines.get(w.line) ?? { date: false, figure: false };
    if (DATEISH.test(w.text)) l.date = true;
    if (FIGURE.test(w.text)) l.figure = true;
    lines.set(w.line, l);
  }
  return [...lines.values()].filter((l) => l.date && l.figure).length;
}

function usedWarning(ocr: OcrPage[], backend: string, skews: number[]): Warning {
  const all = ocr.flatMap((p) => p.words);
  const mean = all.length ? all.reduce((s, w) => s + w.conf, 0) / all.length : 0;
  const pages = ocr.map((p) => p.page);
  const tilt = Math.max(0, ...skews.map((s) => Math.abs((s * 180) / Math.PI)));
  const pageText = pages.length === 1 ? `Page ${pages[0]} was` : `${pages.length} pages were`;
  const turned = ocr.filter((p) => p.turn);
  const turnText = turned.length ? `; ${turned.map((p) => `page ${p.page} was read turned ${p.turn}°`).join(', ')}` : '';
  const steps: string[] = [
    ...new Set(ocr.flatMap((p) => (p.applied ?? []).filter((a) => a === 'perspective corrected' || a === 'light evened' || a === 'speckle removed'))),
  ];
  // A minus read from the ink beside a figure (sign-pixels.ts), named per page: OCR did not read it.
  for (const p of ocr) {
    const m = (p.applied ?? []).find((a) => a.startsWith('minus read from the page'));
    if (m) steps.push(`${m} on page ${p.page}`);
  }
  const stepText = steps.length ? `; clean-up: ${steps.join(', ')}` : '';
  return {
    code: 'ocr_used',
    message: `${pageText} read by OCR (${backend}); mean word confidence ${mean.toFixed(1)}%${tilt >= 0.1 ? `, skew corrected up to ${tilt.toFixed(1)}°` : ''}${turnText}${stepText}. Figures are checked against the printed balances; descriptions and dates are not.`,
    page: pages[0],
  };
}
