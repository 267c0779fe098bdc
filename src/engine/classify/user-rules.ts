// Per-account rules: "descriptions matching X are category Y". Patterns are a case-insensitive substring or
// a /regex/ (optionally /regex/i; matching is case-insensitive either way). Rules are compiled once per
// classify call, never per row.
//
// Regular expressions run on RE2JS (a pure-JS port of RE2): matching is linear in the length of the
// text, whatever the pattern, because RE2 never backtracks (no back-references, no look-arounds). The
// old guard counted `*`, `+` and `{n,}` on JavaScript's backtracking engine and let bounded repeats
// through: `/.{0,99}.{0,99}.{0,99}.{0,99}.{0,99}X/` on one 100-character row held the server 55 s.
// What is left to bound is the size of a pattern's program (`.{0,99}` is ~200 instructions) and the
// work of rules x rows x length, which the classify service checks before it runs (see ruleWork).
import { RE2JS } from 're2js';
import type { UserRule } from './types.js';

export const RULE_PATTERN_MAX = 200;
/** Largest compiled program of one regex rule (RE2 instructions); five `.{0,99}` make about 1,000. */
export const RULE_PROGRAM_MAX = 1200;

export type ParsedPattern = { kind: 'substring'; needle: string } | { kind: 'regex'; source: string };

const REGEX_FORM = /^\/(.+)\/(i?)$/s;
const BACKREFERENCE = /\\[1-9]|\\k</;

const compiled = new Map<string, RE2JS>();
const CACHE_MAX = 2000;

/** The RE2 program of a regex rule (compiled once per process), or a message. */
function compileRegex(source: string): RE2JS | string {
  const hit = compiled.get(source);
  if (hit) return hit;
  let re: RE2JS;
  try {
    re = RE2JS.compile(RE2JS.translateRegExp(source), RE2JS.CASE_INSENSITIVE);
  } catch (e) {
    return `pattern is not a valid regular expression: ${String((e as Error).message).slice(0, 120)}`;
  }
  if (programSize(re) > RULE_PROGRAM_MAX)
    return `regex pattern is too large once compiled (${programSize(re)} steps, limit ${RULE_PROGRAM_MAX}); use fewer or smaller counted repeats`;
  if (compiled.size >= CACHE_MAX) compiled.delete(compiled.keys().next().value as string);
  compiled.set(source, re);
  return re;
}

/** Instructions of the compiled program (the cost of one step of the match over one character). */
export function programSize(re: RE2JS): number {
  const prog = (re.re2() as unknown as { prog?: { inst?: unknown[] } }).prog;
  return prog?.inst?.length ?? RULE_PROGRAM_MAX;
}

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
  const re = compileRegex(source);
  if (typeof re === 'string') return re;
  return { kind: 'regex', source };
}

/** Null when the pattern is acceptable, else the reason it is not. */
export function validateRulePattern(pattern: unknown): string | null {
  const parsed = parseRulePattern(pattern);
  return typeof parsed === 'string' ? parsed : null;
}

/** Work one classification may take, in ruleWork units: about 15 s at worst; the pool's time limit backs it. */
export const MAX_RULE_WORK = 1_000_000_000;

/**
 * Work units of running `rules` over texts of `chars` characters in all: each character costs one unit
 * per substring rule and 1 + program/100 per regex rule (a 1,000-instruction program runs about ten
 * times slower than a small one). One unit is roughly 15 ns on the 2-core reference machine.
 */
export function ruleWork<R extends Pick<UserRule, 'pattern'>>(rules: readonly R[], chars: number): number {
  let perChar = 0;
  for (const rule of rules) {
    const parsed = parseRulePattern(rule.pattern);
    if (typeof parsed === 'string') continue;
    if (parsed.kind === 'substring') perChar += 1;
    else {
      const re = compileRegex(parsed.source);
      perChar += typeof re === 'string' ? 0 : 1 + programSize(re) / 100;
    }
  }
  return perChar * chars;
}

export interface CompiledRule {
  rule: UserRule;
  /** Tests an upper-cased description. */
  matches: (upper: string) => boolean;
}

/**
 * The test of one rule pattern over an upper-cased description, or null when the pattern is invalid.
 * A /regex/ runs on RE2 (linear time): every user-supplied pattern, classify's and payee rules', goes
 * through here.
 */
export function patternMatcher(pattern: unknown): ((upper: string) => boolean) | null {
  const parsed = parseRulePattern(pattern);
  if (typeof parsed === 'string') return null;
  if (parsed.kind === 'substring') {
    const needle = parsed.needle;
    return (upper) => upper.includes(needle);
  }
  const re = compileRegex(parsed.source) as RE2JS;
  return (upper) => re.test(upper);
}

/** Compiles rules in the order given (the first match wins). Invalid patterns are skipped, never thrown. */
export function compileUserRules(rules: readonly UserRule[] | undefined): CompiledRule[] {
  const out: CompiledRule[] = [];
  for (const rule of rules ?? []) {
    const matches = patternMatcher(rule.pattern);
    if (matches) out.push({ rule, matches });
  }
  return out;
}
