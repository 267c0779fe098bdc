import { describe, expect, it } from 'vitest';
import { compileUserRules, parseRulePattern, ruleWork, validateRulePattern } from './user-rules.js';

describe('rule patterns', () => {
  it('reads plain text as a case-insensitive substring', () => {
    expect(parseRulePattern('acme ltd')).toEqual({ kind: 'substring', needle: 'ACME LTD' });
  });

  it('reads /.../ and /.../i as a regular expression', () => {
    expect(parseRulePattern('/^fpi .*inv/')).toEqual({ kind: 'regex', source: '^fpi .*inv' });
    expect(parseRulePattern('/acme/i')).toEqual({ kind: 'regex', source: 'acme' });
  });

  it('refuses empty, over-long, invalid and oversized patterns with a message', () => {
    expect(validateRulePattern('')).toMatch(/empty/);
    expect(validateRulePattern('x'.repeat(201))).toMatch(/200/);
    expect(validateRulePattern('/(unclosed/')).toMatch(/not a valid/);
    expect(validateRulePattern('/(a)\\1/')).toMatch(/back-references/);
    expect(validateRulePattern('/(?=look)ahead/')).toMatch(/not a valid/);
    expect(validateRulePattern('/[^a]{0,1000}[^b]{0,1000}/')).toMatch(/too large/);
    expect(validateRulePattern(42)).toMatch(/string/);
    expect(validateRulePattern('/ACME (LTD|LIMITED)/')).toBeNull();
    expect(validateRulePattern('/^(DD|SO) [a-z*+]+ \\*\\+ (ltd)?$/')).toBeNull();
  });

  it('runs patterns that backtrack catastrophically in JavaScript in linear time (RE2)', () => {
    for (const p of ['/(a+)+$/', '/(\\w*)*x/', '/(a|a)*b/', '/.*.*.*X/', '/.{0,99}.{0,99}.{0,99}.{0,99}.{0,99}X/']) {
      expect(validateRulePattern(p), p).toBeNull();
      const [rule] = compileUserRules([{ id: 'r', pattern: p, category: 'other' }]);
      const started = performance.now();
      for (let i = 0; i < 20; i++) rule.matches('A'.repeat(512));
      // Backtracking took seconds to minutes per row here; 20 rows of 512 characters take milliseconds.
      expect(performance.now() - started).toBeLessThan(5_000);
    }
  });

  it('counts work as rules x characters, regexes by their program size', () => {
    const sub = ruleWork([{ id: 'a', pattern: 'acme', category: 'sales' }], 1000);
    const big = ruleWork([{ id: 'b', pattern: '/.{0,99}.{0,99}.{0,99}.{0,99}.{0,99}X/', category: 'sales' }], 1000);
    expect(sub).toBe(1000);
    expect(big).toBeGreaterThan(9 * sub);
    expect(ruleWork([{ id: 'a', pattern: 'acme', category: 'sales' }], 2000)).toBe(2 * sub);
  });

  it('compiles valid rules in order and skips invalid ones', () => {
    const compiled = compileUserRules([
      { id: 'a', pattern: '/(a)\\1/', category: 'other' },
      { id: 'b', pattern: 'acme', category: 'sales' },
    ]);
    expect(compiled.map((c) => c.rule.id)).toEqual(['b']);
    expect(compiled[0].matches('FPI ACME LTD')).toBe(true);
  });
});
