// Fixed-width text statements (text downloads, text copied out of a PDF): the PDF layout problem
// with character columns for coordinates. Each whitespace-separated word becomes a token at its
// column; the shared layout (src/engine/layout/) does the rest.
import { AppError } from '../../errors.js';
import { alignByOrder, isCompact } from '../layout/compact-text.js';
import { buildLines } from '../layout/line-builder.js';
import { readStatements } from '../layout/statement-split.js';
import { withoutMarginPrint } from './margin-print.js';
import type { Line, Token } from '../layout/types.js';
import type { ConvertOptions, EngineResult } from '../types.js';

/** Characters per em: fixed-width glyphs are about half an em wide. */
const TEXT_EM = 2;
const MAX_LINES = 200_000;

export function textTokens(text: string): Token[] {
  const tokens: Token[] = [];
  const rows = text.replace(/\r\n?/g, '\n').split('\n');
  if (rows.length > MAX_LINES) throw new AppError('no_transactions_found', `The text has ${rows.length} lines; the limit is ${MAX_LINES}.`);
  let page = 1;
  rows.forEach((raw, i) => {
    let line = raw;
    while (line.includes('\f')) {
      const k = line.indexOf('\f');
      line = line.slice(k + 1);
      page++;
    }
    // NBSP and other spaces are spaces; soft hyphens are invisible; tabs stop every 8 columns.
    line = line.replace(/[\u00a0\u2007\u202f]/g, ' ').replace(/\u00ad/g, '');
    if (line.includes('\t')) {
      let out = '';
      for (const ch of line) out += ch === '\t' ? ' '.repeat(8 - (out.length % 8)) : ch;
      line = out;
    }
    const re = /\S+/g;
    let m: RegExpExecArray | null;
    while ((m = re.exec(line))) {
      tokens.push({ text: m[0], x0: m.index, x1: m.index + m[0].length, y: i + 1, page, em: TEXT_EM, lh: 1 });
    }
  });
  return tokens;
}

export async function convertFixedWidth(text: string, opts: ConvertOptions): Promise<EngineResult> {
  const tokens = textTokens(text);
  let lines: Line[] = withoutMarginPrint(buildLines(tokens).map((l) => ({ ...l, sourceLine: l.y })));
  const headerless = isCompact(lines);
  if (headerless) lines = alignByOrder(lines);
  return readStatements(lines, { inputKind: 'text', bank: opts.bank, pageCount: null, pages: undefined, headerless, currency: opts.currency });
}
