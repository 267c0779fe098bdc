// Per-account rules: "descriptions matching X are category Y". Patterns are a case-insensitive substring or
// a /regex/ (optionally /regex/i; matching is case-insensitive either way). Rules are compiled once per
// classify call, never per row.
import type { UserRule } from './types.js';

export const RULE_PATTERN_MAX = 200;

export type ParsedPattern = { kind: 'substring'; needle: string } | { kind: 'regex'; source: string };

const REGEX_FORM = /^\/(.+)\/(i?)$/s;
// Rules run on the server for every row, so patterns that can backtrack badly are refused: a repeated
// group ("(a+)+", "(a|a)*", "(x){2,40}") can take exponential time, and many unbounded repeats
// ("\w*\w*\w*\w*") polynomial time of a high degree. Only "?" may follow a group.
const ESCAPES = /\\./g;
const CHAR_CLASSES = /\[(?:[^\]\\]|\\.)*\]/g;
const REPEATED_GROUP = /\)\s*(?:[*+]|\{\d*,?\d*\})/;
const UNBOUNDED = /[*+]|\{\d+,\}/g;
const MAX_UNBOUNDED = 3;
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
  if (BACKREFERENCE.test(source)) return 'regex patterns must not use back-references';
  const bare = source.replace(ESCAPES, 'x').replace(CHAR_CLASSES, 'x');
  if (REPEATED_GROUP.test(bare)) return 'regex patterns must not repeat a group (for example "(a+)+" or "(ab)*"; "(ab)?" is fine): such patterns can take too long to run';
  if ((bare.match(UNBOUNDED) ?? []).length > MAX_UNBOUNDED) return `regex patterns may use at most ${MAX_UNBOUNDED} unbounded repeats (* + {n,})`;
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
