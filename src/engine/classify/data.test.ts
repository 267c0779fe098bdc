// Integrity of the data files: every entry names a real category and no phrase is listed twice with
// different meanings inside the dictionaries.
import { describe, expect, it } from 'vitest';
import { ALL_GROUPS } from './evidence.js';
import { KEYWORD_RULES } from './keyword-rules.data.js';
import { tokenize } from './phrase-matcher.js';
import { isCategoryId } from './taxonomy.data.js';

describe('classifier data', () => {
  it('uses only taxonomy ids', () => {
    for (const g of ALL_GROUPS) {
      for (const c of [g.category, g.credit, g.debit]) if (c !== undefined) expect(isCategoryId(c), `${g.kind}: ${c}`).toBe(true);
    }
    for (const r of KEYWORD_RULES) expect(isCategoryId(r.category), r.about).toBe(true);
  });

  it('lists each dictionary name once', () => {
    const seen = new Map<string, string>();
    for (const g of ALL_GROUPS) {
      for (const name of g.names) {
        const key = tokenize(name).join(' ') + (name.endsWith('*') ? '*' : '');
        expect(seen.get(key), `${name} in ${g.kind} and ${seen.get(key)}`).toBeUndefined();
        seen.set(key, g.kind);
      }
    }
  });
});
