// Accuracy on the checked-in labelled set (test/data/classify-labelled.csv). Reports the figure and fails
// below 90%.
import { describe, expect, it } from 'vitest';
import { CATEGORY_IDS } from './taxonomy.data.js';
import { loadLabelled, scoreLabelled } from '../../../test/data/classify-labelled.load.js';

describe('labelled UK transaction set', () => {
  const rows = loadLabelled();

  it('has at least 500 rows, every one labelled with a taxonomy id', () => {
    expect(rows.length).toBeGreaterThanOrEqual(500);
    for (const r of rows) expect(CATEGORY_IDS, r.description).toContain(r.category);
  });

  it('covers every category of the taxonomy', () => {
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CATEGORY_IDS));
  });

  it('is classified with at least 90% accuracy', () => {
    const score = scoreLabelled(rows);
    console.log(`classify accuracy: ${(score.accuracy * 100).toFixed(1)}% (${score.correct}/${score.total})`);
    for (const m of score.misses) console.log(`  miss: "${m.row.description}" is ${m.row.category}, got ${m.got.category} (${m.got.reason})`);
    expect(score.accuracy).toBeGreaterThanOrEqual(0.9);
  });
});
