// Fills in the parts of FormatWriter that most writers share, and makes `write` run `check` before its
// first byte so a caller that forgets `check` still gets the AppError instead of a half-written file.
import type { EngineResult } from '../engine/types.js';
import type { FormatWriter, WriteContext, WriterOptions } from './types.js';

interface WriterSpec<F extends string> {
  /** The format's id: `format=` in the API, `--format` in the CLI, the registry's key. */
  format: F;
  /** See FormatWriter.label. */
  label: string;
  /** See FormatWriter.payee. */
  payee: boolean;
  /** See FormatWriter.oneAccount. */
  oneAccount: boolean;
  contentType: string;
  // Properties, not methods: the kit hands them on unbound.
  fileName: (stem: string, result: EngineResult) => string;
  contentTypeFor?: (result: EngineResult) => string;
  check?: (result: EngineResult, options: WriterOptions) => void;
  body(ctx: WriteContext): AsyncIterable<Uint8Array>;
  /** See FormatWriter.offLoop (default false). */
  offLoop?: boolean;
}

export function defineWriter<const F extends string>(spec: WriterSpec<F>): FormatWriter<F> {
  const check = spec.check ?? (() => {});
  return {
    format: spec.format,
    label: spec.label,
    payee: spec.payee,
    oneAccount: spec.oneAccount,
    contentType: spec.contentType,
    contentTypeFor: spec.contentTypeFor ?? (() => spec.contentType),
    fileName: spec.fileName,
    check,
    offLoop: spec.offLoop ?? false,
    async *write(ctx) {
      check(ctx.result, ctx.options);
      yield* spec.body(ctx);
    },
  };
}
