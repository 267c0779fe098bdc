// Integrity signals measured both ways (bench/integrity-sweep.ts runs the same over more edits):
// untouched statements raise none (a signal there is a false alarm), and a printed figure edited in
// place (test/helpers/tamper.ts) is noticed: by a signal where the rows chain through running
// balances, else by the verdict (a statement with one equation cannot say which figure moved).
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { filesUnder, HAS_CORPUS, SHARED } from '../../../test/structured/corpus.js';
import { generatedStatements, measureIntegrity, type IntegrityMeasure } from '../../../test/helpers/integrity-sweep.js';

/**
 * Corpus PDFs whose signals are true of the file: the Postbank specimen was drawn in Adobe Illustrator
 * and saved again an hour after it was created (its ModDate says so); it is no bank's untouched output.
 */
const TRUE_SIGNALS: Record<string, string[]> = {
  'PB_KAZ_KtoNr_9999999999_06-04-2017_1200.pdf': ['modified_after_creation'],
};

/**
 * Every edit that changed what the result says is noticed: an arithmetic break where the rows chain
 * through running balances, else at least a verdict that is no PASS.
 */
function expectNoticed(m: IntegrityMeasure): void {
  for (const e of m.edits.filter((x) => x.changed)) {
    if (m.untouched.chained > 1) expect(e.signals, `${m.file}: ${e.kind} ${e.figure}`).toContain('arithmetic_break');
    else expect(e.status, `${m.file}: ${e.kind} ${e.figure}`).not.toBe('PASS');
  }
}

describe.runIf(HAS_CORPUS)('integrity signals on the shared corpus PDFs', () => {
  const pdfs = filesUnder(SHARED, (f) => /\.pdf$/i.test(f)).filter((f) => !f.includes(`${path.sep}unlabelled${path.sep}`));

  it('raise nothing on an untouched statement', async () => {
    let read = 0;
    for (const f of pdfs) {
      const m = await measureIntegrity(fs.readFileSync(f), path.basename(f));
      if (m.untouched.status === null) continue;
      read++;
      expect(m.untouched.signals, f).toEqual(TRUE_SIGNALS[path.basename(f)] ?? []);
    }
    expect(read).toBeGreaterThanOrEqual(20);
  });

  it('notice an edited figure: a break where the rows chain, else a verdict that is no PASS', async () => {
    let edits = 0;
    for (const f of pdfs.filter((p) => p.includes('synth-uk'))) {
      const m = await measureIntegrity(fs.readFileSync(f), path.basename(f), { sites: 1, kinds: ['cent'] });
      expectNoticed(m);
      edits += m.edits.filter((e) => e.changed).length;
    }
    expect(edits).toBeGreaterThanOrEqual(15);
  });
});

describe("integrity signals on the generator's statements", () => {
  it('raise nothing on an untouched statement, in credit, overdrawn, or dipping into an overdraft marked DR', async () => {
    for await (const { file, bytes } of generatedStatements()) {
      const m = await measureIntegrity(bytes, file, { sites: file.endsWith('-dr-marks.pdf') ? 1 : 0, kinds: ['cent'] });
      expect(m.untouched.signals, file).toEqual([]);
      expectNoticed(m);
    }
  });
});
