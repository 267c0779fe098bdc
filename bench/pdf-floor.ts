// The floor under the PDF target: the least any converter of the bench's generated statements does
// after PDFium and still answers with the engine's result, as csv.bench.ts's floor is for CSV. It runs
// the engine's own extraction (words with their boxes, the part the bare extraction stands for) and
// line builder, then reads each line against the generator's known columns: the date ("dd Mon"), the
// type code, the description (a line of words under it alone continues the row above), the figure by
// the column its right edge sits in, as bigints. It checks the chain from the brought-forward balance to
// the carried-forward one, and builds the nine fields with a provenance a row. Nothing is decided: no
// header search, column bands, copied-text check, date order or year inference (the period is known),
// labels, grouping weights, reconciliation alternatives, facts or integrity signals. So the engine can
// only come near it, never pass it; the 1.5x target leaves its decisions what the floor leaves. The
// engine's extraction classifies every word once (layout/word-kinds.ts, issue 49's one pass): the floor
// pays for that pass too, as any reader deciding columns from the words' kinds would.
import type { Line, Token } from '../src/engine/layout/types.js';
import { columns, MONTHS, type Cols } from '../test/fixtures/pdf/generate.js';
import { loadCompiled } from './compiled-engine.js';
import { nineFields } from './floor-fields.js';

const { openPdf } = await loadCompiled<typeof import('../src/engine/pdf/pdfium-document.js')>('engine/pdf/pdfium-document.js');
const { extractTokens } = await loadCompiled<typeof import('../src/engine/pdf/pdfium-text.js')>('engine/pdf/pdfium-text.js');
const { buildLines } = await loadCompiled<typeof import('../src/engine/layout/line-builder.js')>('engine/layout/line-builder.js');
const { parseMoney } = await loadCompiled<typeof import('../src/engine/money.js')>('engine/money.js');
const { classifyWord } = await loadCompiled<typeof import('../src/engine/layout/word-kinds.js')>('engine/layout/word-kinds.js');

/** The generator's layouts the floor reads: one figure column a direction, and a running balance. */
export type FloorLayout = 'split-type' | 'split';
/** How far (points) a word may sit from its column's edge. */
const SLACK = 3;
/** Text words end at least this far (points) left of the first figure column's right edge (its widest figure). */
const FIGURE_WIDTH = 40;
/** The generated period runs from December 2023 into January 2024. */
const yearOf = (month: number) => (month === 12 ? 2023 : 2024);

interface FloorRow {
  date: string;
  words: string[];
  amount: bigint;
  balance: bigint;
  page: number;
  lines: number[];
}

const near = (x: number, edge: number) => Math.abs(x - edge) <= SLACK;
const figure = (w: Token) => parseMoney(w.text)!.value;

/** Rows of one line read against the known columns, appended to `rows`; the balance brought forward when the line prints it. */
function readLine(line: Line, index: number, cols: Cols, rows: FloorRow[], state: { opening: bigint | null; closing: bigint | null; last: number }): void {
  const words = line.words;
  const first = words[0];
  const month = words.length > 1 && near(first.x0, cols.date) ? MONTHS.indexOf(words[1].text) + 1 : 0;
  let balance: Token | null = null;
  let money: Token | null = null;
  let out = false;
  const text: string[] = [];
  for (let i = month ? 2 : 0; i < words.length; i++) {
    const w = words[i];
    if (near(w.x1, cols.balance!)) balance = w;
    else if (near(w.x1, cols.out!) || near(w.x1, cols.in!)) {
      money = w;
      out = near(w.x1, cols.out!);
    } else if (w.x0 >= (cols.type ?? cols.desc) - SLACK && w.x1 < cols.out! - FIGURE_WIDTH) text.push(w.text);
  }
  if (month && money && balance) {
    const value = figure(money);
    const day = first.text;
    rows.push({
      date: `${yearOf(month)}-${String(month).padStart(2, '0')}-${day}`,
      words: text,
      amount: out ? -value : value,
      balance: figure(balance),
      page: line.page,
      lines: [index],
    });
    state.last = index;
  } else if (!month && !money && balance && text[0] === 'Balance') {
    if (text[1] === 'brought') state.opening ??= figure(balance);
    else state.closing = figure(balance);
  } else if (!month && !money && !balance && state.last === index - 1 && text.length && near(first.x0, cols.desc)) {
    const row = rows[rows.length - 1];
    row.words.push(...text);
    row.lines.push(index);
  }
}

/** Converts a generated statement of `layout` to its transactions (throws if it misread the file). */
export async function pdfFloor(bytes: Uint8Array, layout: FloorLayout = 'split-type'): Promise<Record<string, string>[]> {
  const cols = columns(layout);
  const doc = await openPdf(bytes, undefined);
  try {
    const lines = buildLines(extractTokens(doc).tokens);
    const rows: FloorRow[] = [];
    const state = { opening: null as bigint | null, closing: null as bigint | null, last: -2 };
    for (let i = 0; i < lines.length; i++) readLine(lines[i], i, cols, rows, state);
    let prev = state.opening;
    let breaks = 0;
    for (const r of rows) {
      if (prev === null || prev + r.amount !== r.balance) breaks++;
      prev = r.balance;
    }
    if (prev !== state.closing) breaks++;
    const transactions = rows.map((r) => nineFields(r.date, r.words.join(' '), r.amount, r.balance));
    const provenance = rows.map((r) => ({ page: r.page, lines: r.lines }));
    if (breaks || !rows.length || provenance.length !== transactions.length) throw new Error('the PDF floor read the statement wrongly');
    return transactions;
  } finally {
    await doc.destroy();
  }
}

/** The words of a statement, as the engine extracts them (each already classified once). */
export async function floorWords(bytes: Uint8Array): Promise<Token[]> {
  const doc = await openPdf(bytes, undefined);
  try {
    return extractTokens(doc).tokens;
  } finally {
    await doc.destroy();
  }
}

/** The one pass alone: every word classified again (date, figure, text), as extraction does once. */
export function classifyAll(words: readonly Token[]): number {
  let figures = 0;
  for (const w of words) if (classifyWord(w).kind === 'money') figures++;
  return figures;
}
