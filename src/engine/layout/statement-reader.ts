// From positioned lines to the engine result: rows and anchors from the layout, facts from the page
// text, then the shared reconciliation core (src/engine/reconcile.ts) chains the printed balances.
// Used by the PDF engine and the fixed-width text engine alike.
import { AppError } from '../../errors.js';
import { PDF_HINTS, recogniseBank } from '../profiles/pdf-hints.js';
import { reconcile, type DraftRow as CoreRow, type DraftStatement as CoreStatement, type PrintedFigures } from '../reconcile.js';
import type { EngineResult, InputKind, Provenance, Warning } from '../types.js';
import { lineText } from './line-builder.js';
import { signedValue } from './money-words.js';
import { buildRows } from './row-builder.js';
import { readFacts } from './statement-facts.js';
import { isoOf, resolveDates } from './statement-dates.js';
import type { DraftRow, Line, MoneyToken, PageInfo } from './types.js';

export interface ReadOptions {
  inputKind: InputKind;
  bank: string;
  pageCount: number | null;
  pages?: PageInfo[];
  /** Columns are not aligned (text copied out of a viewer): infer them, ignore header positions. */
  headerless?: boolean;
}


/**
 * A single amount column that marks some of its figures (minus, CR/DR, S/H) is a signed column: its
 * unmarked figures go the other way for sure. Only a column that never marks any is ambiguous.
 */
function signedSections(rows: DraftRow[]): Set<number> {
  const out = new Set<number>();
  for (const r of rows) if (r.amount && (r.amount.sign === '-' || r.amount.dir !== null)) out.add(r.section);
  return out;
}

function rowAmount(r: DraftRow, unsigned: 'cr' | 'dr', signedColumn: boolean): { amount: bigint; alternatives: bigint[] } | null {
  const abs = (m: MoneyToken) => m.abs;
  if (r.debit && r.credit) return { amount: abs(r.credit) - abs(r.debit), alternatives: [] };
  if (r.debit) return { amount: -abs(r.debit), alternatives: [] };
  if (r.credit) return { amount: abs(r.credit), alternatives: [] };
  if (r.amount) {
    const v = signedValue(r.amount, unsigned);
    const explicit = signedColumn || r.amount.sign !== null || r.amount.dir !== null;
    return { amount: v, alternatives: explicit ? [] : [-v] };
  }
  // Only one figure, read as a balance or unplaced: it is the amount, sign left to the balances.
  const m = r.loose[0] ?? null;
  if (m) { const v = signedValue(m, unsigned); return { amount: v, alternatives: [-v] }; }
  return null;
}

export function readStatement(lines: Line[], opts: ReadOptions): EngineResult {
  const pageText = pagesText(lines);
  const facts = readFacts(pageText);
  const built = buildRows(lines, opts.headerless);
  const detected = opts.bank !== 'auto' && opts.bank !== 'generic' ? opts.bank : recogniseBank(pageText);
  const hints = detected ? PDF_HINTS[detected] : undefined;
  const isCard = hints?.accountType ? hints.accountType === 'card' : facts.isCard;
  const warnings: Warning[] = [];
  let currency = facts.currency ?? built.sections.find((s) => s.currency)?.currency ?? null;
  if (!currency) {
    currency = 'GBP';
    warnings.push({ code: 'currency_assumed', message: 'The statement names no currency; GBP was assumed.' });
  }
  const sectionCurrency = (i: number) => built.sections[i]?.currency ?? currency!;

  // Rows need a date (carried down from the row above) and an amount.
  const kept: { row: DraftRow; amount: bigint; alternatives: bigint[] }[] = [];
  let carried = null as DraftRow['date'];
  let carriedText = '';
  let skipped = 0;
  const signed = signedSections(built.rows);
  for (const r of built.rows) {
    if (r.date) { carried = r.date; carriedText = r.dateText; } else if (carried) { r.date = carried; r.dateText = carriedText; }
    const unsigned = isCard && !built.sections[r.section]?.hasSplitColumns ? 'dr' : 'cr';
    const a = rowAmount(r, unsigned, signed.has(r.section));
    if (!a || !r.date) { skipped++; continue; }
    kept.push({ row: r, ...a });
  }
  if (!kept.length) {
    throw new AppError('no_transactions_found', built.headersFound
      ? 'A transaction table header was found but no rows with a date and an amount under it.'
      : 'No transaction table (a header row with date and amount or balance columns) was found.');
  }
  const dates = resolveDates(kept.map((k) => k.row.date), facts, warnings, kept.map((k) => k.row.page));
  if (skipped) warnings.push({ code: 'rows_skipped', message: `${skipped} line group(s) in the table had no date or no amount and were left out.` });

  const pageSize = new Map((opts.pages ?? []).map((p) => [p.page, p]));
  const rows: CoreRow[] = kept.map((k, i) => {
    const r = k.row;
    const sec = sectionCurrency(r.section);
    const prov: Provenance = opts.inputKind === 'pdf'
      ? { page: r.page, boxes: r.boxes.map((b) => b.map((v) => Math.round(v * 10) / 10) as [number, number, number, number]), pageWidth: pageSize.get(r.page)?.width, pageHeight: pageSize.get(r.page)?.height }
      : { page: r.lines[0] ?? r.page, lines: r.lines };
    const bal = r.balance ? signedValue(r.balance, isCard ? 'dr' : 'cr') : null;
    return {
      date: isoOf(dates[i]!),
      description: r.descParts.map((p) => p.replace(/\s+/g, ' ').trim()).filter(Boolean),
      typeCode: r.typeCode || undefined,
      reference: r.reference || undefined,
      amount: k.amount,
      alternatives: k.alternatives.length ? k.alternatives : undefined,
      balance: bal,
      currency: sec,
      provenance: prov,
    };
  });

  const figures: Record<string, PrintedFigures> = {};
  const anchorValue = (m: MoneyToken) => signedValue(m, isCard ? 'dr' : 'cr');
  for (const a of built.anchors) {
    const cur = sectionCurrency(a.section);
    const f = (figures[cur] ??= {});
    if (a.kind === 'opening' && f.opening == null) f.opening = anchorValue(a.value);
    if (a.kind === 'closing') f.closing = anchorValue(a.value);
    if (a.kind === 'total_in' && f.totalIn == null) f.totalIn = a.value.abs;
    if (a.kind === 'total_out' && f.totalOut == null) f.totalOut = a.value.abs;
  }
  const draft: CoreStatement = {
    bank: detected ?? 'generic',
    currency,
    rows,
    figures,
    order: 'auto',
    warnings,
    meta: {
      inputKind: opts.inputKind,
      pageCount: opts.pageCount,
      periodStart: facts.periodStart,
      periodEnd: facts.periodEnd,
      accountId: facts.accountId,
      bankId: facts.bankId,
      accountType: isCard ? 'card' : 'bank',
    },
  };
  return reconcile(draft);
}

function pagesText(lines: Line[]): string {
  const out: string[] = [];
  let page = lines[0]?.page ?? 1;
  for (const l of lines) {
    if (l.page !== page) { out.push('\f'); page = l.page; }
    out.push(lineText(l));
  }
  return out.join('\n');
}
