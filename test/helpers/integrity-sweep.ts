// Integrity signals measured both ways (src/engine/integrity/, docs/integrity-signals.md): on untouched
// statements every signal is a false alarm; on the same statements with one printed figure edited
// (test/helpers/tamper.ts) a signal is a detection. Used by src/engine/integrity/integrity-sweep.happy.test.ts
// and bench/integrity-sweep.ts.
import { convert } from '../../src/engine/convert.js';
import { BANK_LAYOUTS } from '../fixtures/pdf/bank-layouts.js';
import { renderStatement } from '../fixtures/pdf/render-statement.js';
import { parsePdf } from './pdf-edit.js';
import { editPdf, pdfSites, pick, type Edit } from './tamper.js';

export interface Reading {
  /** The verdict, or null where the file was refused. */
  status: string | null;
  /** Codes of the integrity signals. */
  signals: string[];
  /** Each row's amount and balance as read. */
  figures: string;
  /** Equations ending at a balance printed after a row: the rows chain through running balances (none on a card's statement). */
  chained: number;
}

export interface EditedReading extends Reading {
  kind: Edit;
  figure: string;
  /** The edit changed what the result says (a row's amount or balance, a row more or less, or a refusal). */
  changed: boolean;
}

export interface IntegrityMeasure {
  file: string;
  untouched: Reading;
  /** Each edit of the sampled figures (none where the statement is no PASS or cannot be written back). */
  edits: EditedReading[];
}

async function read(bytes: Uint8Array, filename: string): Promise<Reading> {
  try {
    const r = await convert(bytes, { filename });
    return {
      status: r.reconcile_status,
      signals: (r.integrity?.signals ?? []).map((s) => s.code),
      figures: r.transactions.map((t) => `${t.Amount}|${t.Balance}`).join('\n'),
      chained: (r.proof ?? []).filter((e) => e.endKind === 'balance').length,
    };
  } catch {
    return { status: null, signals: [], figures: '', chained: 0 };
  }
}

/** The untouched statement's signals, and each edit's, for up to `sites` figures (a seeded draw) and the given edits. */
export async function measureIntegrity(bytes: Buffer, file: string, opts: { sites?: number; kinds?: Edit[] } = {}): Promise<IntegrityMeasure> {
  const untouched = await read(bytes, file);
  const measure: IntegrityMeasure = { file, untouched, edits: [] };
  // Edits are measured on statements that prove themselves untouched (PASS): elsewhere a break is no edit's.
  const objs = untouched.status === 'PASS' && opts.sites ? parsePdf(bytes) : null;
  if (!objs) return measure;
  const sites = pdfSites(objs);
  for (const site of pick(sites, opts.sites!, sites.length * 31 + file.length)) {
    for (const kind of opts.kinds ?? (['cent', 'minus', 'drop', 'mark'] as Edit[])) {
      const edited = editPdf(bytes, objs, site, kind);
      if (!edited) continue;
      const reading = await read(edited, file);
      measure.edits.push({ kind, figure: site.text, ...reading, changed: reading.status === null || reading.figures !== untouched.figures });
    }
  }
  return measure;
}

/** The generator's statements: every PDF layout, in credit, overdrawn throughout, and dipping into an overdraft with DR marks. */
export async function* generatedStatements(): AsyncGenerator<{ file: string; bytes: Buffer }> {
  for (const [name, style] of Object.entries(BANK_LAYOUTS)) {
    if (style.compactText) continue;
    for (const [variant, s, opening] of [
      ['credit', style, 150000],
      ['overdrawn', style, -50000],
      ['dr-marks', { ...style, balanceFmt: 'dr' as const }, 150000],
    ] as const) {
      const { bytes } = await renderStatement(s, { rows: 40, as: 'pdf', opening });
      yield { file: `${name}-${variant}.pdf`, bytes: Buffer.from(bytes) };
    }
  }
}
