// How sure OCR was of each row, and the honesty rule that follows from it. The balance chain checks
// figures; nothing checks the words of a date or a description. So an OCR result may say PASS only
// when every date/description word of every row was read with at least UNSURE_BELOW confidence;
// otherwise RECONCILE_WARN with `ocr_unsure_text` naming the rows. Each row's provenance carries
// `ocr: { confidence, min, low: [{ text, conf, box, cell }] }` (confidence 0-100, box in the
// provenance's units), which the web page uses to mark the cells to check against the scan.
import type { Token } from '../layout/types.js';
import type { EngineResult, OcrRowConfidence } from '../types.js';

/** Words read below this confidence (0-100) are not trusted without a look at the scan. */
export const UNSURE_BELOW = 85;

/** A token with the confidence OCR gave its word. */
export interface ConfToken {
  token: Token;
  conf: number;
}

// A figure: digits with a decimal separator and two decimals, maybe a sign or a CR/DR mark.
const FIGURE = /^[-+(£$€\u2212]?[\d,.' ]*\d[.,]\d{2}\)?-?(CR|DR|D|C|OD)?$/i;

type Cell = 'date' | 'description' | 'amount' | 'balance';

function cellOf(text: string, row: { Date: string; Balance: string }, isFirstDateLike: boolean): Cell {
  if (FIGURE.test(text)) {
    const digits = text.replace(/\D/g, '');
    return row.Balance && row.Balance.replace(/\D/g, '') === digits ? 'balance' : 'amount';
  }
  return isFirstDateLike ? 'date' : 'description';
}

// Words of a printed date: numeric parts, a day (with its ordinal), a year, a month name, a compact DDMMMYY.
const MONTH = '(jan(uary)?|feb(ruary)?|mar(ch)?|apr(il)?|may|june?|july?|aug(ust)?|sep(t(ember)?)?|oct(ober)?|nov(ember)?|dec(ember)?)';
const DATE_WORD = new RegExp(`^(\\d{1,2}[/.-]\\d{1,2}([/.-]\\d{2,4})?|\\d{1,2}(st|nd|rd|th)?|\\d{4}|${MONTH}\\.?|\\d{1,2}${MONTH}\\d{2})$`, 'i');

/**
 * Attaches per-row OCR confidence to provenance (rows whose boxes hold OCR words) and applies the
 * honesty rule. Text-layer rows of a mixed PDF carry no `ocr` and are never unsure.
 */
export function applyOcrConfidence(result: EngineResult, words: ConfToken[]): void {
  const byPage = new Map<number, ConfToken[]>();
  for (const w of words) {
    let l = byPage.get(w.token.page);
    if (!l) byPage.set(w.token.page, (l = []));
    l.push(w);
  }
  const unsure: { row: number; page: number; words: string[] }[] = [];
  result.provenance.forEach((p, i) => {
    if (!p?.boxes?.length) return;
    const inRow = (byPage.get(p.page) ?? []).filter(({ token: t }) => {
      const cx = (t.x0 + t.x1) / 2,
        cy = t.y - t.em * 0.35;
      return p.boxes!.some(([x0, y0, x1, y1]) => cx >= x0 - 1 && cx <= x1 + 1 && cy >= y0 - 1 && cy <= y1 + 1);
    });
    if (!inRow.length) return;
    const tx = result.transactions[i];
    // Date words come first on the row's first line (left of the description).
    const sorted = [...inRow].sort((a, b) => a.token.y - b.token.y || a.token.x0 - b.token.x0);
    let leading = true;
    const cells = sorted.map((w) => {
      const dateLike = leading && DATE_WORD.test(w.token.text);
      if (!dateLike) leading = false;
      return { w, cell: cellOf(w.token.text, tx, dateLike) };
    });
    const confs = inRow.map((w) => w.conf);
    const round = (v: number) => Math.round(v * 10) / 10;
    const low = cells
      .filter(({ w }) => w.conf < UNSURE_BELOW)
      .map(({ w, cell }) => ({
        text: w.token.text,
        conf: round(w.conf),
        cell,
        box: [w.token.x0, w.token.y - w.token.em * 0.75, w.token.x1, w.token.y + w.token.em * 0.2].map(round) as [number, number, number, number],
      }));
    const ocr: OcrRowConfidence = { confidence: round(confs.reduce((s, c) => s + c, 0) / confs.length), min: round(Math.min(...confs)), low };
    p.ocr = ocr;
    const text = low.filter((l) => l.cell === 'date' || l.cell === 'description');
    if (text.length) unsure.push({ row: i + 1, page: p.page, words: text.map((l) => `"${l.text}" ${Math.round(l.conf)}%`) });
  });
  if (!unsure.length) return;
  // One warning for each statement the unsure rows fall in, naming its first, so each statement's verdict sees its own.
  const statements = result.statements ?? [];
  const groups = statements.length > 1 ? statements.map((st) => unsure.filter((u) => u.row >= st.first_row && u.row < st.first_row + st.row_count)) : [unsure];
  for (const group of groups) {
    if (!group.length) continue;
    const first = group[0];
    const names =
      group
        .slice(0, 8)
        .map((u) => u.row)
        .join(', ') + (group.length > 8 ? ` and ${group.length - 8} more` : '');
    result.warnings.push({
      code: 'ocr_unsure_text',
      message: `OCR was unsure of date or description words in ${group.length} row(s) (${names}; first: ${first.words.slice(0, 3).join(', ')}), read below ${UNSURE_BELOW}% confidence. The balances check figures, not words: compare these rows with the scan.`,
      row: first.row,
      page: first.page,
    });
  }
}
