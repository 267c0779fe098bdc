// ledgerline convert: the same engine and writers as the API, offline.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { jsonOptionsOf, presentResult } from '../http/result.presenter.js';
import { includes, JSON_PART_NAMES } from '../http/json-parts.js';
import { defaultOcrBackend } from '../adapters/ocr/index.js';
import { convert } from '../engine/convert.js';
import { locationUnit, type EngineResult } from '../engine/types.js';
import { AppError } from '../errors.js';
import { PAYEE_FORMATS, safeStem, unknownFormat, writerFor } from '../formats/index.js';
import { pickStatement } from '../formats/per-account.js';
import { ALL_FORMATS, type OutputFormat } from '../formats/index.js';
import { options } from './args.js';
import { expandInputs, isFolder, readInput } from './inputs.js';
import { reportFailure } from './report.js';
import { writerFlagsUsage, writerFlagSpecs, writerOptionsFrom } from './writer-flags.js';

/** The verdict line and one line per warning, as `ledgerline convert ... --out` prints them on stderr. */
export function verdictLines(result: EngineResult, filename: string, out: string): string {
  const n = result.transactions.length;
  const off =
    result.reconcile_status === 'RECONCILE_WARN' && result.reconcile_diff !== 0
      ? `, off by ${Math.abs(result.reconcile_diff).toFixed(result.meta.currencyExponent)} ${result.meta.currency}`
      : '';
  const lines = [`${result.reconcile_status}  ${filename} -> ${out}  (${n} ${n === 1 ? 'transaction' : 'transactions'}, bank ${result.bank}${off})`];
  for (const w of result.warnings) {
    const unit = locationUnit(result.meta.inputKind);
    const where = [w.row ? `row ${w.row}` : '', w.page ? `${unit} ${w.page}` : ''].filter(Boolean).join(', ');
    lines.push(`  warning ${w.code}${where ? ` (${where})` : ''}: ${w.message}`);
  }
  return `${lines.join('\n')}\n`;
}

export async function runConvert(args: string[]): Promise<number> {
  try {
    const { values, positionals } = options(args, {
      bank: { type: 'string' },
      currency: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      password: { type: 'string' },
      include: { type: 'string' },
      jobs: { type: 'string' },
      ...writerFlagSpecs(),
    });
    const writerOptions = writerOptionsFrom(values);
    if (!positionals[0]) throw new AppError('invalid_request', 'convert needs a FILE (or several, or a folder).');
    // A folder stands for the files in it (sorted by name; its subfolders are left out).
    const inputs = expandInputs(positionals);
    const file = inputs[0];
    const format = (values.format ?? 'json') as OutputFormat;
    if (!(ALL_FORMATS as readonly string[]).includes(format)) throw unknownFormat(format);
    const wants = includes(typeof values.include === 'string' ? values.include : undefined);
    // Several files, or an --out that names a directory: convert them all into it, in parallel.
    const outIsDir = values.out !== undefined && (/[\\/]$/.test(values.out) || fs.statSync(values.out, { throwIfNoEntry: false })?.isDirectory() === true);
    if (inputs.length > 1 || outIsDir || positionals.some(isFolder)) {
      if (!values.out) throw new AppError('invalid_request', 'Several files (or a folder) need --out DIR/: the folder each converted file is written to.');
      const jobs = values.jobs === undefined ? undefined : Number(values.jobs);
      if (jobs !== undefined && !(Number.isInteger(jobs) && jobs >= 1 && jobs <= 64))
        throw new AppError('invalid_request', '--jobs must be a whole number from 1 to 64.');
      const { statement: _one, ...many } = writerOptions;
      const { convertMany } = await import('./convert-many.js');
      return await convertMany(inputs, {
        format,
        outDir: values.out,
        bank: values.bank ?? 'auto',
        currency: values.currency,
        password: values.password,
        json: jsonOptionsOf(wants),
        writerOptions: many,
        jobs,
      });
    }
    const bytes = readInput(file);
    const filename = file.split('/').pop() ?? file;
    const payees = wants.has('payees') || PAYEE_FORMATS.has(format) ? { rules: [] } : undefined;
    const read = await convert(bytes, {
      bank: values.bank ?? 'auto',
      currency: values.currency,
      filename,
      password: values.password,
      ocr: defaultOcrBackend(),
      payees,
    });
    // --statement N: a file format gets that statement of a file holding several (as statement=N in the API).
    const result = format === 'json' ? read : pickStatement(read, writerOptions.statement);
    let body: AsyncIterable<Uint8Array>;
    if (format === 'json') {
      const json = JSON.stringify(presentResult(result, jsonOptionsOf(wants)), null, 2) + '\n';
      body = Readable.from([Buffer.from(json)]);
    } else {
      const writer = writerFor(format);
      writer.check(result, writerOptions);
      body = writer.write({ result, options: writerOptions, stem: safeStem(filename), now: new Date() });
    }
    if (values.out) {
      await pipeline(Readable.from(body), fs.createWriteStream(values.out));
      // stdout is free when the file goes to --out: the verdict and every warning go to stderr, so a
      // person sees at once whether to trust the file.
      process.stderr.write(verdictLines(result, filename, values.out));
    } else await pipeline(Readable.from(body), process.stdout);
    return 0;
  } catch (e) {
    return reportFailure(e, 'convert');
  }
}

/** `ledgerline convert --help`: usage, formats, parts and writer flags, each read from its declaration. */
export const convertHelp = (): string => `usage:
  ledgerline convert FILE [--out PATH] [options]
  ledgerline convert FILE FILE... --out DIR/ [--jobs N] [options]
  ledgerline convert FOLDER --out DIR/ [--jobs N] [options]

Converts bank statements with the same engine and writers as the API, offline. One file: the result
goes to stdout, or to --out PATH with the verdict and every warning on stderr. Several files or a
folder (the files directly in it): each is written into --out DIR/ beside the others, one line per
file with its verdict, converted N at a time (--jobs, default: up to 4 processes).

options:
  --format F        ${ALL_FORMATS.join(', ')} (default json)
  --bank ID         auto (default), generic, or an id from "ledgerline banks"
  --currency CODE   the account's currency (ISO 4217: GBP, EUR, ZAR ...) where the statement
                    prints none, in place of one inferred or assumed
  --password P      password of an encrypted PDF
  --include PARTS   json only, comma-separated: ${JSON_PART_NAMES.join(', ')}
  --json            failures as a JSON problem object (also when stderr is not a terminal)
  writer options:   ${writerFlagsUsage()}

Exit codes: 0 success (for several files: every file converted), 2 bad input or usage (the API's
400), 3 no transactions found or unsupported bank (the API's 422), 1 anything else; for several files
the code of the first failure.
`;
