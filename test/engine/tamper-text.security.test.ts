// What no balance checks, tampered with: a statement printed again with a description line dropped or
// moved, two date cells traded, a day's date printed a row lower, or two rows' text merged
// (test/helpers/tamper-text.ts). Whatever the engine answers, a PASS must read every row as printed.
// And the statements themselves, long, multi-page, with wrapped descriptions, several rows a day and
// page breaks mid-day and mid-row: a PASS reads every row exactly.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { BANK_LAYOUTS } from '../fixtures/pdf/bank-layouts.js';
import { renderStatement, type RenderOptions } from '../fixtures/pdf/render-statement.js';
import { tamperText, TEXT_EDITS } from '../helpers/tamper-text.js';

const CASES: [string, 'pdf' | 'text', RenderOptions][] = [
  ['hsbcLike', 'pdf', { rows: 24, rowsPerPage: 8, splitRows: true, splitLastRows: true, datesRunOn: true, nextDayShare: 0.2 }],
  ['hsbcLike', 'text', { rows: 24, rowsPerPage: 8, longDescriptions: true, nextDayShare: 0.2 }],
  ['barclaysLike', 'pdf', { rows: 20, rowsPerPage: 9, longDescriptions: true, splitRows: true }],
  ['codesInDetails', 'text', { rows: 20, rowsPerPage: 9, splitRows: true, splitLastRows: true, datesRunOn: true }],
  ['germanSH', 'text', { rows: 16 }],
  ['amexLike', 'pdf', { rows: 16 }],
];

describe('tampered text and dates', () => {
  for (const [layout, as, opts] of CASES) {
    it(`${layout} as ${as}: no edit of a line or a date keeps a PASS that reads a row otherwise than printed`, async () => {
      const found = await tamperText(BANK_LAYOUTS[layout], { ...opts, as }, TEXT_EDITS, 2);
      expect(found.length).toBeGreaterThan(4);
      expect(found.filter((f) => f.cls === 'suspect').map((f) => `${f.edit} #${f.site}: ${f.detail}`)).toEqual([]);
    }, 120_000);
  }
});

describe('long statements: wrapped rows cut by page breaks mid-day', () => {
  const styles = Object.entries(BANK_LAYOUTS).filter(([, s]) => !s.compactText && (s.amountOnLast || s.dateOnce));
  for (const [name, style] of styles) {
    for (const as of ['pdf', 'text'] as const) {
      it(`${name} as ${as}: a PASS reads every row exactly`, async () => {
        const opts = {
          rows: 60,
          rowsPerPage: 9,
          splitRows: true,
          splitLastRows: true,
          datesRunOn: true,
          nextDayShare: 0.2,
          longDescriptions: true,
          seed: 5,
          as,
        };
        const { bytes, truth } = await renderStatement(style, opts);
        const r = await convert(bytes, { filename: as === 'pdf' ? 's.pdf' : 's.txt' });
        if (r.reconcile_status !== 'PASS') return;
        expect(r.transactions.map((t) => [t.Date, t.Description, t.Amount])).toEqual(truth.transactions.map((t) => [t.Date, t.Description, t.Amount]));
      }, 60_000);
    }
  }
});
