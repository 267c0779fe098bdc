// Per-account rules: "descriptions matching X are category Y". Patterns are a case-insensitive substring or
// a /regex/ (optionally /regex/i; matching is case-insensitive either way). Rules are compiled once per
// classify call, never per row.
import type { UserRule } from './types.js';

export const RULE_PATTERN_MAX = 200;

export type ParsedPattern = { kind: 'substring'; needle: string } | { kind: 'regex'; source: string };

const REGEX_FORM = /^\/(.+)\/(i?)$/s;
// A quantified group that itself contains a quantifier ("(a+)+", "(\w*)*", "(x|y+){2,}") can backtrack
// exponentially; rules run on the server for every row, so they are refused.
const NESTED_QUANTIFIER = /\((?:[^()\\]|\\.)*[+*}?](?:[^()\\]|\\.)*\)\s*(?:[+*]|\{\d+,\d*\})/;
const BACKREFERENCE = /\\[1-9]|\\k</;

/** Parses a rule pattern, or returns a message saying what is wrong with it. */
export function parseRulePattern(pattern: unknown): ParsedPattern | string {
  if (typeof pattern !== 'string') return 'pattern must be a string';
  const p = pattern.trim();
  if (p.length === 0) return 'pattern must not be empty';
  if (p.length > RULE_PATTERN_MAX) return `pattern must be at most ${RULE_PATTERN_MAX} characters`;
  const m = REGEX_FORM.exec(p);
  if (!m) return { kind: 'substring', needle: p.toUpperCase() };
  const source = m[1];
  if (NESTED_QUANTIFIER.test(source)) return 'regex patterns must not repeat a group that already repeats (for example "(a+)+"): such patterns can take too long to run';
  if (BACKREFERENCE.test(source)) return 'regex patterns must not use back-references';
  try {
    new RegExp(source, 'i');
  } catch (e) {
    return `pattern is not a valid regular expression: ${(e as Error).message}`;
  }
  return { kind: 'regex', source };
}

/** Null when the pattern is acceptable, else the reason it is not. */
export function validateRulePattern(pattern: unknown): string | null {
  const parsed = parseRulePattern(pattern);
  return typeof parsed === 'string' ? parsed : null;
}

export interface CompiledRule {
  rule: UserRule;
  /** Tests an upper-cased description. */
  matches: (upper: string) => boolean;
}

/** Compiles rules in the order given (the first match wins). Invalid patterns are skipped, never thrown. */
export function compileUserRules(rules: readonly UserRule[] | undefined): CompiledRule[] {
  const out: CompiledRule[] = [];
  for (const rule of rules ?? []) {
    const parsed = parseRulePattern(rule.pattern);
    if (typeof parsed === 'string') continue;
    if (parsed.kind === 'substring') {
      const needle = parsed.needle;
      out.push({ rule, matches: (upper) => upper.includes(needle) });
    } else {
      const re = new RegExp(parsed.source, 'i');
      out.push({ rule, matches: (upper) => re.test(upper) });
    }
  }
  return out;
}
