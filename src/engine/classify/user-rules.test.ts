import { describe, expect, it } from 'vitest';
import { compileUserRules, parseRulePattern, validateRulePattern } from './user-rules.js';

describe('rule patterns', () => {
  it('reads plain text as a case-insensitive substring', () => {
    expect(parseRulePattern('acme ltd')).toEqual({ kind: 'substring', needle: 'ACME LTD' });
  });

  it('reads /.../ and /.../i as a regular expression', () => {
    expect(parseRulePattern('/^fpi .*inv/')).toEqual({ kind: 'regex', source: '^fpi .*inv' });
    expect(parseRulePattern('/acme/i')).toEqual({ kind: 'regex', source: 'acme' });
  });

  it('refuses empty, over-long, invalid and catastrophic patterns with a message', () => {
    expect(validateRulePattern('')).toMatch(/empty/);
    expect(validateRulePattern('x'.repeat(201))).toMatch(/200/);
    expect(validateRulePattern('/(unclosed/')).toMatch(/not a valid/);
    expect(validateRulePattern('/(a+)+$/')).toMatch(/repeat a group/);
    expect(validateRulePattern('/(\\w*)*x/')).toMatch(/repeat a group/);
    expect(validateRulePattern('/(a|a)*b/')).toMatch(/repeat a group/);
    expect(validateRulePattern('/(ab){2,40}/')).toMatch(/repeat a group/);
    expect(validateRulePattern('/\\w*\\w*\\w*\\w*x/')).toMatch(/unbounded/);
    expect(validateRulePattern('/^(DD|SO) [a-z*+]+ \\*\\+ (ltd)?$/')).toBeNull();
    expect(validateRulePattern('/(a)\\1/')).toMatch(/back-references/);
    expect(validateRulePattern(42)).toMatch(/string/);
    expect(validateRulePattern('/ACME (LTD|LIMITED)/')).toBeNull();
  });

  it('compiles valid rules in order and skips invalid ones', () => {
    const compiled = compileUserRules([
      { id: 'a', pattern: '/(a+)+/', category: 'other' },
      { id: 'b', pattern: 'acme', category: 'sales' },
    ]);
    expect(compiled.map((c) => c.rule.id)).toEqual(['b']);
    expect(compiled[0].matches('FPI ACME LTD')).toBe(true);
  });
});
