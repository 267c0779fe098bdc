// Integrity signals (issue 18): a statement edited after creation is flagged, the unedited one is not;
// a figure pasted in another typeface and size is named with its page.
import { describe, expect, it } from 'vitest';
import { convert } from '../../src/engine/convert.js';
import { pdfDate } from '../../src/engine/integrity/file-signals.js';
import { appendIncrementalEdit } from '../fixtures/pdf/edit-pdf.js';
import { generateMultiStatementPdf, type StatementPart } from '../fixtures/pdf/multi-statement.js';

const PART: StatementPart = { number: '12345678', from: '2024-01-01', to: '2024-01-31', rows: 20, seed: 9 };

describe('integrity signals', () => {
  it('an unedited statement has none', async () => {
    const { bytes } = await generateMultiStatementPdf([PART]);
    const r = await convert(bytes, { filename: 'clean.pdf' });
    expect(r.integrity).toEqual({ level: 'none', signals: [] });
  });

  it('a statement saved again by an editing tool is flagged high: appended revision, editor as producer, later modification', async () => {
    const { bytes } = await generateMultiStatementPdf([PART]);
    const edited = appendIncrementalEdit(bytes);
    const r = await convert(edited, { filename: 'edited.pdf' });
    expect(r.reconcile_status).toBe('PASS');
    expect(r.integrity!.level).toBe('high');
    expect(r.integrity!.signals.map((s) => s.code).sort()).toEqual(['editor_producer', 'incremental_update', 'modified_after_creation']);
    expect(r.integrity!.signals.find((s) => s.code === 'editor_producer')!.message).toContain('PDFescape');
  });

  it('a revision by the same program shortly after creation is low at most (signing and form filling append revisions too)', async () => {
    const { bytes } = await generateMultiStatementPdf([PART]);
    const signed = appendIncrementalEdit(bytes, {
      producer: 'Ledgerline Statement Server',
      creator: 'Ledgerline Statement Server',
      creationDate: 'D:20240201090000Z',
      modDate: 'D:20240201090500Z',
    });
    const r = await convert(signed, { filename: 'signed.pdf' });
    expect(r.integrity).toMatchObject({ level: 'low', signals: [{ code: 'incremental_update' }] });
  });

  it('a figure printed in another typeface and size than its column is named with its page', async () => {
    const { bytes } = await generateMultiStatementPdf([{ ...PART, oddFigure: 7 }]);
    const r = await convert(bytes, { filename: 'pasted.pdf' });
    const style = r.integrity!.signals.filter((s) => s.code === 'figure_style');
    expect(style).toHaveLength(1);
    expect(style[0].page).toBe(1);
    expect(style[0].message).toMatch(/10\.0 pt where the column uses 9\.0 pt/);
    expect(r.integrity!.level).toBe('low');
  });

  it('a broken row among chaining neighbours is an arithmetic signal', async () => {
    const { bytes } = await generateMultiStatementPdf([{ ...PART, plantBreak: 10 }]);
    const r = await convert(bytes, { filename: 'break.pdf' });
    expect(r.integrity!.signals.map((s) => s.code)).toContain('arithmetic_break');
  });

  it('reads PDF dates with offsets', () => {
    expect(pdfDate("D:20240201100000+01'00'")).toBe(Date.UTC(2024, 1, 1, 9));
    expect(pdfDate('D:2024')).toBe(Date.UTC(2024, 0, 1));
    expect(pdfDate('garbage')).toBeNull();
  });
});
