// The one entry point of the engine: bytes in, ConversionResult out. Pure: no server, database or config.
import { AppError } from '../errors.js';
import { convertTextFile } from './csv/index.js';
import { convertXlsx } from './csv/xlsx.js';
import { convertPdf } from './pdf/index.js';
import { isAcceptedBank } from './profiles/index.js';
import { sniff } from './sniff.js';
import type { ConvertOptions, EngineResult } from './types.js';

export async function convert(bytes: Uint8Array, options: Partial<ConvertOptions> = {}): Promise<EngineResult> {
  const opts: ConvertOptions = {
    bank: (options.bank ?? 'auto').trim().toLowerCase() || 'auto',
    filename: options.filename ?? 'statement',
    password: options.password,
  };
  if (!isAcceptedBank(opts.bank)) {
    throw new AppError('unsupported_bank', `No bank profile is called "${opts.bank.slice(0, 40)}". GET /api/v1/banks lists the accepted values.`);
  }
  const kind = sniff(bytes);
  switch (kind.kind) {
    case 'pdf':
      return convertPdf(bytes, opts);
    case 'xlsx':
      return convertXlsx(bytes, opts);
    case 'csv':
      return convertTextFile(bytes, opts);
    default:
      throw new AppError('unsupported_file_type', kind.reason);
  }
}
