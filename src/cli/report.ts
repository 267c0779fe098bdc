// How the CLI reports a failure. A person at a terminal reads a sentence; a script reads the contract's
// problem object. The rule (docs/cli.md): JSON when `--json` is given or when stderr is not a terminal
// (piped, redirected to a file, captured by a program), else plain text. Either way it goes to stderr,
// so stdout holds only results, and the exit code says the kind of failure (exitCodeFor).
import { ERROR_TABLE, exitCodeFor, isAppError, toProblem, type ErrorCode } from '../errors.js';

/** Takes `--json` out of a command's arguments (every command accepts it; jsonAsked reads it). */
export const takeJsonFlag = (args: string[]): string[] => args.filter((a) => a !== '--json');

/**
 * Whether --json was given. Read from the process's arguments rather than kept in this module: the
 * convert command is bundled with its own copy of this module (scripts/build.mjs).
 */
export const jsonAsked = (): boolean => process.argv.slice(2).includes('--json');

/** Whether failures are written as JSON: asked for, or stderr is no terminal. */
export const jsonErrors = (): boolean => jsonAsked() || !process.stderr.isTTY;

/** The failure as the text a person reads: what happened, then where to look for usage. */
export function problemText(code: ErrorCode, detail: string, command?: string): string {
  const usage = code === 'invalid_request' && command ? `\nRun "ledgerline ${command} --help" for how to use it.` : '';
  return `ledgerline: ${ERROR_TABLE[code].title.toLowerCase()}: ${detail}${usage}\n`;
}

/** Writes the failure to stderr in the form the rule picks; returns the exit code. */
export function reportFailure(e: unknown, command?: string): number {
  const code: ErrorCode = isAppError(e) ? e.code : 'internal_error';
  const detail = isAppError(e) ? e.detail : `Unexpected error: ${e instanceof Error ? e.message : String(e)}`;
  process.stderr.write(jsonErrors() ? JSON.stringify(toProblem(code, detail)) + '\n' : problemText(code, detail, command));
  return exitCodeFor(code);
}
