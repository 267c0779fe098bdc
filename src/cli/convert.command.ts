// ledgerline convert: the same engine and writers as the API, offline.
import fs from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { presentResult } from '../api/convert/convert.presenter.js';
import { defaultOcrBackend } from '../adapters/ocr/index.js';
import { convert } from '../engine/convert.js';
import { AppError, exitCodeFor, isAppError, toProblem } from '../errors.js';
import { safeStem, writerFor } from '../formats/index.js';
import { ALL_FORMATS, type FileFormat, type OutputFormat, type WriterOptions } from '../formats/types.js';
import { options } from './args.js';

export async function runConvert(args: string[]): Promise<number> {
  try {
    const { values, positionals } = options(args, {
      bank: { type: 'string' },
      format: { type: 'string' },
      out: { type: 'string' },
      password: { type: 'string' },
      include: { type: 'string' },
      'date-format': { type: 'string' },
      'sage-bank-nominal': { type: 'string' },
      'sage-nominal': { type: 'string' },
      'sage-tax-code': { type: 'string' },
      'qbo-bid': { type: 'string' },
      'ofx-org': { type: 'string' },
      'ofx-fid': { type: 'string' },
    });
    const file = positionals[0];
    if (!file) throw new AppError('invalid_request', 'convert needs a FILE.');
    const format = (values.format ?? 'json') as OutputFormat;
    if (!(ALL_FORMATS as readonly string[]).includes(format)) throw new AppError('invalid_request', `--format must be one of ${ALL_FORMATS.join(', ')}.`);
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(fs.readFileSync(file));
    } catch (e) {
      throw new AppError('invalid_request', `Cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? 'error'}.`);
    }
    const writerOptions: WriterOptions = {};
    const opt = (k: keyof WriterOptions, v: string | boolean | undefined) => {
      if (typeof v === 'string') (writerOptions as Record<string, string>)[k] = v;
    };
    opt('date_format', values['date-format']);
    opt('sage_bank_nominal', values['sage-bank-nominal']);
    opt('sage_nominal', values['sage-nominal']);
    opt('sage_tax_code', values['sage-tax-code']);
    opt('qbo_bid', values['qbo-bid']);
    opt('ofx_org', values['ofx-org']);
    opt('ofx_fid', values['ofx-fid']);
    const filename = file.split('/').pop() ?? file;
    const result = await convert(bytes, { bank: values.bank ?? 'auto', filename, password: values.password, ocr: defaultOcrBackend() });
    let body: AsyncIterable<Uint8Array>;
    if (format === 'json') {
      const json = JSON.stringify(presentResult(result, { provenance: values.include === 'provenance' }), null, 2) + '\n';
      body = Readable.from([Buffer.from(json)]);
    } else {
      const writer = writerFor(format as FileFormat);
      writer.check(result, writerOptions);
      body = writer.write({ result, options: writerOptions, stem: safeStem(filename), now: new Date() });
    }
    if (values.out) await pipeline(Readable.from(body), fs.createWriteStream(values.out));
    else await pipeline(Readable.from(body), process.stdout);
    return 0;
  } catch (e) {
    const code = isAppError(e) ? e.code : 'internal_error';
    const detail = isAppError(e) ? e.detail : `Unexpected error: ${(e as Error)?.message ?? e}`;
    process.stderr.write(JSON.stringify(toProblem(code, detail)) + '\n');
    return exitCodeFor(code);
  }
}
