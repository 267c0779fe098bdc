// Every bank profile file is registered, and a profile's PDF hints are what the PDF engine recognises.
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BANK_PROFILES } from './banks/index.js';
import { PDF_HINTS, recogniseBank } from './pdf-hints.js';

describe('bank profile registry', () => {
  it('lists every file under banks/ once, under the id its file is named after', () => {
    const files = fs.readdirSync(new URL('./banks/', import.meta.url)).filter((f) => f.endsWith('.ts') && f !== 'index.ts' && !f.endsWith('.test.ts'));
    expect(BANK_PROFILES.map((p) => p.id).sort()).toEqual(files.map((f) => f.replace(/\.ts$/, '')).sort());
  });

  it('takes PDF recognition from the profiles: a profile with pdf hints is a PDF input and is recognised', () => {
    for (const p of BANK_PROFILES.filter((b) => b.pdf)) {
      expect(p.inputs).toContain('pdf');
      expect(PDF_HINTS[p.id]).toBe(p.pdf);
    }
    expect(Object.keys(PDF_HINTS).length).toBeGreaterThan(0);
  });

  it('recognises a bank by its profile patterns', () => {
    expect(recogniseBank('Your statement\nBarclays Bank UK PLC. Registered in England')).toBe('barclays');
  });
});
