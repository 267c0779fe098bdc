// The PDF bench's floor (bench/pdf-floor.ts) is a yardstick only while it reads the generated
// statement right: every row's date, description, amount and balance as the generator printed them.
import { describe, expect, it } from 'vitest';
import { pdfFloor } from '../../bench/pdf-floor.js';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';

describe('the PDF floor', () => {
  it('reads every row of a 3-page split-type statement as printed, wrapped description lines included', async () => {
    const { bytes, truth } = await generateStatementPdf({ layout: 'split-type', rows: 84, rowsPerPage: 28 });
    const rows = await pdfFloor(bytes);
    const iso = (d: string) => d.split('/').reverse().join('-');
    expect(rows.map((r) => [r.Date, r.Description, r.Amount, r.Balance])).toEqual(
      truth.transactions.map((t) => [iso(t.Date), t.Description, t.Amount, t.Balance]),
    );
    expect(truth.transactions.some((t) => t.Description.includes(' REF '))).toBe(true);
  });
  it("reads the API bench's split layout (no type column) as printed", async () => {
    const { bytes, truth } = await generateStatementPdf({ layout: 'split', rows: 20 });
    const rows = await pdfFloor(bytes, 'split');
    expect(rows.map((r) => [r.Description, r.Amount, r.Balance])).toEqual(truth.transactions.map((t) => [t.Description, t.Amount, t.Balance]));
  });
  it('refuses a statement whose chain it cannot close rather than time a misreading', async () => {
    const { bytes } = await generateStatementPdf({ layout: 'split-type', rows: 28, rowsPerPage: 28, plantBreak: 5 });
    await expect(pdfFloor(bytes)).rejects.toThrow(/read the statement wrongly/);
  });
});
