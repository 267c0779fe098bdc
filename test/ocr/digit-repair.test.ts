// The balance chain as the judge of OCR digits, without running OCR: words come from a generated
// statement's text layer, then one figure is corrupted the way OCR corrupts figures. A correction
// is kept only when the printed balances then agree exactly, and is always named in a warning.
import { beforeAll, describe, expect, it } from 'vitest';
import { WARNINGS } from '../../src/engine/warnings.js';
import { buildLines } from '../../src/engine/layout/line-builder.js';
import { readStatement } from '../../src/engine/layout/statement-reader.js';
import type { Token } from '../../src/engine/layout/types.js';
import { confusionVariants, editVariants, equationStarts, numberish, repairDigits, repairWarnings, rowOf } from '../../src/engine/ocr/digit-repair.js';
import { jointRepair } from '../../src/engine/ocr/joint-repair.js';
import { openPdf } from '../../src/engine/pdf/pdfium-document.js';
import { extractTokens } from '../../src/engine/pdf/pdfium-text.js';
import { generateStatementPdf, type Truth } from '../fixtures/pdf/generate.js';

let tokens: Token[];
let truth: Truth;
let pages: { page: number; width: number; height: number }[];
const read = (ts: Token[]) => readStatement(buildLines(ts), { inputKind: 'pdf', bank: 'auto', pageCount: 1, pages });

beforeAll(async () => {
  const g = await generateStatementPdf({ layout: 'split', rows: 12, seed: 11 });
  truth = g.truth;
  const doc = await openPdf(g.bytes, undefined);
  try {
    ({ tokens, pages } = extractTokens(doc));
  } finally {
    await doc.destroy();
  }
});

/** Replaces the text of the first word equal to `from` (a printed figure). */
function corrupt(from: string, to: string): Token[] {
  const i = tokens.findIndex((t) => t.text === from);
  expect(i, `"${from}" printed`).toBeGreaterThanOrEqual(0);
  const out = tokens.slice();
  out[i] = { ...out[i], text: to };
  return out;
}
const amountText = (row: number) => {
  const v = Math.abs(Math.round(Number(truth.transactions[row].Amount) * 100));
  return `${Math.floor(v / 100).toLocaleString('en-GB')}.${String(v % 100).padStart(2, '0')}`;
};

describe('digit repair against the balance chain', () => {
  it('the uncorrupted words PASS with nothing repaired', () => {
    const out = repairDigits(tokens, read);
    expect(out.result.reconcile_status).toBe('PASS');
    expect(out.repairs).toEqual([]);
  });

  it.each([
    ['a letter for a digit (O/0, l/1, Z/2, S/5, G/6, T/7, B/8, g/9)', (t: string) => t.replace(/\d/, (d) => 'OlZ34SGTBg'[Number(d)])],
    ['l for one', (t: string) => t.replace(/1/g, 'l')],
    ['a lost decimal point', (t: string) => t.replace('.', '')],
    ['one smudged digit read as another', (t: string) => t.replace(/\d(?=\.)/, (d) => String((Number(d) + 3) % 10))],
    ['one digit lost under a smudge', (t: string) => t.replace(/\d(?=\d\.)/, '')],
  ])('%s in an amount is repaired, PASS, named in a warning', (_, damage) => {
    const row = 3;
    const printed = amountText(row);
    const bad = damage(printed);
    expect(bad).not.toBe(printed);
    const out = repairDigits(corrupt(printed, bad), read);
    expect(out.result.reconcile_status).toBe('PASS');
    expect(out.result.transactions.map((t) => t.Amount)).toEqual(truth.transactions.map((t) => t.Amount));
    expect(out.repairs).toEqual([expect.objectContaining({ from: bad, to: printed })]);
    const w = repairWarnings(out.result, out.repairs);
    expect(w).toEqual([expect.objectContaining({ code: 'ocr_repaired', row: row + 1, page: 1 })]);
    expect(w[0].message).toContain(bad);
  });

  it('several figures misread on one page are all repaired, each named, within the trial budget', () => {
    const rows = [1, 4, 7, 10];
    let damaged = tokens;
    const bad: string[] = [];
    for (const row of rows) {
      const printed = amountText(row);
      const b = printed.replace(/[0125-9]/, (d) => 'OlZ34§GTBg'[Number(d)]);
      expect(b).not.toBe(printed);
      bad.push(b);
      const i = damaged.findIndex((t) => t.text === printed);
      damaged = damaged.slice();
      damaged[i] = { ...damaged[i], text: b };
    }
    let reads = 0;
    const out = repairDigits(damaged, (ts) => (reads++, read(ts)));
    expect(out.result.reconcile_status).toBe('PASS');
    expect(out.result.transactions.map((t) => t.Amount)).toEqual(truth.transactions.map((t) => t.Amount));
    expect(out.repairs.map((r) => r.from).sort()).toEqual(bad.slice().sort());
    // Corrections that close different breaks are taken in the same round: about one pass over the
    // statement's figures, not one pass a correction.
    const figures = tokens.filter((t) => /\d[.,]\d\d$/.test(t.text)).length;
    expect(reads).toBeLessThan(figures * 2);
  });

  it('a lost minus on a printed balance is repaired', () => {
    const bal = truth.transactions.find((t) => t.Balance?.startsWith('-'))!.Balance!;
    const v = Math.round(Math.abs(Number(bal)) * 100);
    const printed = `-${Math.floor(v / 100).toLocaleString('en-GB')}.${String(v % 100).padStart(2, '0')}`;
    const out = repairDigits(corrupt(printed, printed.slice(1)), read);
    expect(out.result.reconcile_status).toBe('PASS');
    expect(out.repairs).toHaveLength(1);
  });

  it('a figure damaged beyond one edit stays a RECONCILE_WARN, never a PASS', () => {
    const printed = amountText(5);
    const out = repairDigits(
      corrupt(
        printed,
        printed.replace(/\d/g, (d) => String((Number(d) + 1) % 10)),
      ),
      read,
    );
    expect(out.result.reconcile_status).toBe('RECONCILE_WARN');
    expect(out.result.warnings.some((w) => w.code === 'balance_mismatch')).toBe(true);
  });

  it('variants: confusions and decimal points first, then single-digit edits that still read as money', () => {
    expect(confusionVariants('1,S32.2O')).toContain('1,532.20');
    // The section sign for a 5 (tesseract at 200 dpi on some statement fonts).
    expect(confusionVariants('§3.59')).toContain('53.59');
    expect(confusionVariants('153222')).toContain('1532.22');
    expect(confusionVariants('1,532 22')).toContain('1,532.22');
    expect(editVariants('1,32.22')).toContain('1,532.22');
    expect(editVariants('12.34').every((v) => /\d\.\d\d$/.test(v))).toBe(true);
  });
});

/** Replaces several printed words at once: [printed, misread][]. */
function corruptAll(pairs: [string, string][]): Token[] {
  let out = tokens;
  for (const [from, to] of pairs) {
    const i = out.findIndex((t) => t.text === from);
    expect(i, `"${from}" printed`).toBeGreaterThanOrEqual(0);
    out = out.slice();
    out[i] = { ...out[i], text: to };
  }
  return out;
}

// Row numbers are 0-based into the generated statement (split, 12 rows, seed 11): row 1 prints
// 1,795.29 and 2,415.98; row 4 90.93 and -235.83; row 3 1,672.11 and -144.90.
describe('two slips in one balance break (joint-repair.ts)', () => {
  it('a misread amount and balance on one row are both repaired when exactly one pair closes the window', () => {
    expect(truth.transactions[1]).toMatchObject({ Amount: '1795.29', Balance: '2415.98' });
    // 1 read as 4 and 4 as 1: no one correction closes both equations the two figures are in.
    const out = repairDigits(
      corruptAll([
        ['1,795.29', '4,795.29'],
        ['2,415.98', '2,115.98'],
      ]),
      read,
    );
    expect(out.result.reconcile_status).toBe('PASS');
    expect(out.result.transactions.map((t) => [t.Amount, t.Balance])).toEqual(truth.transactions.map((t) => [t.Amount, t.Balance]));
    expect(out.repairs.map((r) => `${r.from}>${r.to}`).sort()).toEqual(['2,115.98>2,415.98', '4,795.29>1,795.29']);
    // Each repaired figure is named, on its row; a pair is a guess (two slips cannot be told from three
    // by the balances), so its warning blocks a PASS: the chain agrees, the verdict says check.
    const w = repairWarnings(out.result, out.repairs);
    expect(w.map((x) => [x.code, x.row])).toEqual([
      ['ocr_repaired_pair', 2],
      ['ocr_repaired_pair', 2],
    ]);
    expect(WARNINGS.ocr_repaired_pair.blocks).toBe(true);
  });

  it('two look-alike slips in one figure are not guessed (hundreds of such variants a figure: one fits by chance): left as a break', () => {
    const out = repairDigits(corruptAll([['-2,546.89', '-2,846.69']]), read);
    expect(out.result.reconcile_status).toBe('RECONCILE_WARN');
    expect(out.repairs).toEqual([]);
  });

  it('a window that more than one pair of readings would close is left as a break, RECONCILE_WARN, ocr_ambiguous', () => {
    expect(truth.transactions[4]).toMatchObject({ Amount: '-90.93', Balance: '-235.83' });
    const out = repairDigits(
      corruptAll([
        ['90.93', '00.93'],
        ['-235.83', '-205.83'],
      ]),
      read,
    );
    expect(out.result.reconcile_status).toBe('RECONCILE_WARN');
    expect(out.ambiguous).toBeGreaterThan(0);
    expect(out.repairs).toEqual([]);
    expect(out.result.warnings.some((w) => w.code === 'balance_mismatch')).toBe(true);
  });

  it('never changes a sign: a lost minus beside a misread digit is not restored to close the window', () => {
    expect(truth.transactions[3]).toMatchObject({ Amount: '-1672.11', Balance: '-144.90' });
    const damaged = corruptAll([
      ['1,672.11', '4,672.11'],
      ['-144.90', '144.90'],
    ]);
    const base = read(damaged);
    let reads = 0;
    const out = jointRepair({
      tokens: damaged,
      result: base,
      tryRead: (ts) => (reads++, read(ts)),
      left: () => 600 - reads,
      alts: [],
      confs: [],
      rowOf,
      starts: equationStarts(base, damaged),
      numberish,
      confusions: confusionVariants,
    });
    const signs = (t: string) => t.replace(/[^-()]/g, '');
    for (const e of out.edits) expect(signs(e.text)).toBe(signs(damaged[e.index].text));
    expect(out.edits.map((e) => e.text)).not.toContain('-144.90');
    expect(out.result.reconcile_status).not.toBe('PASS');
  });

  it('figures OCR was sure of are not changed by a joint repair', () => {
    const damaged = corruptAll([
      ['1,795.29', '4,795.29'],
      ['2,415.98', '2,115.98'],
    ]);
    const result = read(damaged);
    const out = jointRepair({
      tokens: damaged,
      result,
      tryRead: read,
      left: () => 600,
      alts: [],
      confs: damaged.map(() => 97),
      rowOf,
      starts: equationStarts(result, damaged),
      numberish,
      confusions: confusionVariants,
    });
    expect(out.edits).toEqual([]);
  });
});

/** A generated statement's text-layer words and a reader for them. */
async function statementWords(spec: Parameters<typeof generateStatementPdf>[0]) {
  const g = await generateStatementPdf(spec);
  const doc = await openPdf(g.bytes, undefined);
  try {
    const { tokens: words, pages: wordPages } = extractTokens(doc);
    const readWords = (ts: Token[]) => readStatement(buildLines(ts), { inputKind: 'pdf', bank: 'auto', pageCount: 1, pages: wordPages });
    return { words, readWords };
  } finally {
    await doc.destroy();
  }
}

describe('every figure of a broken equation is searched (no pair looks unique by leaving one out)', () => {
  it('the opening balance is in the first row’s equation: a misread opening is not matched by "repairing" the first amount', async () => {
    const { words, readWords } = await statementWords({ layout: 'split', rows: 14, seed: 13 });
    const damaged = words.slice();
    for (const [from, to] of [
      ['1,500.00', '7,500.00'],
      ['-302.85', '-302.86'],
    ]) {
      const i = damaged.findIndex((t) => t.text === from);
      expect(i, from).toBeGreaterThanOrEqual(0);
      damaged[i] = { ...damaged[i], text: to };
    }
    const out = repairDigits(damaged, readWords);
    expect(out.result.reconcile_status).toBe('RECONCILE_WARN');
    expect(out.repairs.map((r) => r.from)).not.toContain('1,802.85');
  });

  it('a balance printed on a day’s last row only: a misread amount early in the day is not "repaired" on another amount of the day', async () => {
    const { words: own, readWords: readOwn } = await statementWords({ layout: 'day-balance', rows: 14, seed: 5 });
    // 744.69 and 400.94 are two rows of one day; only the day's last row prints a balance.
    const i = own.findIndex((t) => t.text === '744.69');
    expect(i).toBeGreaterThanOrEqual(0);
    const damaged = own.slice();
    damaged[i] = { ...damaged[i], text: '747.69' };
    const out = repairDigits(damaged, readOwn);
    expect(out.result.reconcile_status).toBe('RECONCILE_WARN');
    expect(out.repairs.map((r) => r.from)).not.toContain('400.94');
    expect(out.ambiguous).toBeGreaterThan(0);
  });
});
