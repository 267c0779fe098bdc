// A JSON body from the page (up to 100,000 rows) read and validated field by field, in a conversion
// process: the render's and the corrections' bodies. A body that is not JSON, or not the shape, is a
// clear 400 naming the first field at fault.
import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { AppError } from '../errors.js';

type Validator = { Check(v: unknown): boolean; Errors(v: unknown): { instancePath?: string; message?: string }[] };

/** A parser of bodies of `schema`; `what` names them in errors ("body", "corrections"). */
export function jsonBodyReader<T>(schema: TSchema, what: string, shape: string): (json: Uint8Array) => T {
  let validator: Validator | null = null;
  return (json) => {
    let body: unknown;
    try {
      body = JSON.parse(Buffer.from(json.buffer, json.byteOffset, json.byteLength).toString('utf8'));
    } catch {
      throw new AppError('invalid_request', `The ${what} could not be read: it is not valid JSON.`);
    }
    const v = (validator ??= Compile(schema) as unknown as Validator);
    if (!v.Check(body)) {
      const first = v.Errors(body)[0];
      const field = first?.instancePath?.replace(/^\//, '') ?? '';
      throw new AppError('invalid_request', `Invalid ${what}${field ? ` field "${field.slice(0, 120)}"` : ''}: ${first?.message ?? shape}.`);
    }
    return body as T;
  };
}
