import { parseArgs } from 'node:util';
import { AppError } from '../errors.js';

/** Parses `--name value` options; unknown options are an error with the command's usage. */
export function options<T extends Record<string, { type: 'string' | 'boolean' }>>(args: string[], spec: T) {
  try {
    return parseArgs({ args, options: spec, allowPositionals: true, strict: true });
  } catch (e) {
    throw new AppError('invalid_request', (e as Error).message);
  }
}

export function required(v: string | boolean | undefined, name: string): string {
  if (typeof v !== 'string' || v === '') throw new AppError('invalid_request', `--${name} is required.`);
  return v;
}
