// incremental_update counts saves by the sections that define objects: Microsoft Word ends a single
// save with an empty cross-reference section pointing at its cross-reference stream, which is no revision.
import { describe, expect, it } from 'vitest';
import { fileSignals } from './file-signals.js';

const INFO = { producer: 'Microsoft Word 2021', creator: 'Microsoft Word 2021', creationDate: 'D:20251003194955', modDate: 'D:20251003194955' };
const bytes = (text: string) => new TextEncoder().encode(text);
const BODY =
  '%PDF-1.7\n1 0 obj\n<</Type/Catalog/Pages 2 0 R>>\nendobj\n2 0 obj\n<</Type/Pages/Kids[]/Count 0>>\nendobj\nxref\n0 3\ntrailer\n<</Size 3/Root 1 0 R>>\nstartxref\n60\n%%EOF\n';

describe('incremental_update', () => {
  it("is not raised by Word's empty cross-reference section after its one save", () => {
    const word = `${BODY}xref\n0 0\ntrailer\n<</Size 3/Root 1 0 R/Prev 60/XRefStm 40>>\nstartxref\n200\n%%EOF\n`;
    expect(fileSignals(bytes(word), INFO)).toEqual([]);
  });

  it('is raised by an appended section that defines objects', () => {
    const edited = `${BODY}3 0 obj\n<</Length 0>>stream\nendstream\nendobj\nxref\n3 1\ntrailer\n<</Size 4/Root 1 0 R/Prev 60>>\nstartxref\n300\n%%EOF\n`;
    expect(fileSignals(bytes(edited), INFO).map((s) => s.code)).toEqual(['incremental_update']);
  });
});
