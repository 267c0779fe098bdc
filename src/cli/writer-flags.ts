// The convert command's writer flags, derived from the writer options (formats/options.schema.ts): one
// flag per option, checked against the same schema as the API's query string.
import { Compile } from 'typebox/compile';
import { Type } from 'typebox';
import { AppError } from '../errors.js';
import { cliFlagOf, WRITER_OPTION_KEYS, writerOptionsSchema, type WriterOptions } from '../formats/options.schema.js';

type Spec = { type: 'string' };
type OptionSchema = { type?: string; anyOf?: { const?: unknown }[] };

/** parseArgs option specs of every writer flag. */
export const writerFlagSpecs = (): Record<string, Spec> => Object.fromEntries(WRITER_OPTION_KEYS.map((k) => [cliFlagOf(k), { type: 'string' }]));

const schemaOf = (k: keyof typeof writerOptionsSchema) => writerOptionsSchema[k] as unknown as OptionSchema;

let validator: { Check(v: unknown): boolean; Errors(v: unknown): { instancePath?: string; message?: string }[] } | null = null;

/** Writer options from parsed flags; a value the API would refuse is refused here too, naming the flag. */
export function writerOptionsFrom(values: Record<string, string | boolean | undefined>): WriterOptions {
  const out: Record<string, unknown> = {};
  for (const k of WRITER_OPTION_KEYS) {
    const v = values[cliFlagOf(k)];
    if (typeof v !== 'string') continue;
    out[k] = schemaOf(k).type === 'integer' && /^-?\d+$/.test(v) ? Number(v) : v;
  }
  const check = (validator ??= Compile(Type.Object(writerOptionsSchema)) as unknown as NonNullable<typeof validator>);
  if (!check.Check(out)) {
    const first = check.Errors(out)[0];
    const key = (first?.instancePath ?? '').replace(/^\//, '') as keyof typeof writerOptionsSchema;
    const flag = key ? `--${cliFlagOf(key)}` : 'a writer flag';
    throw new AppError('invalid_request', `${flag} ${JSON.stringify(key ? out[key] : '')}: ${first?.message ?? 'not a valid value'}.`);
  }
  return out;
}

/** `[--date-format dmy|mdy] [--sage-nominal V] ...` for the usage text. */
export function writerFlagsUsage(): string {
  return WRITER_OPTION_KEYS.map((k) => {
    const s = schemaOf(k);
    const choices = s.anyOf?.map((c) => c.const).filter((c) => typeof c === 'string');
    return `[--${cliFlagOf(k)} ${choices?.length ? choices.join('|') : s.type === 'integer' ? 'N' : 'V'}]`;
  }).join(' ');
}
