// The one entry point of the engine: bytes in, ConversionResult out. Pure: no server, database or config.
import { AppError } from '../errors.js';
import { forgetDateTexts } from './dates.js';
import { payeesOf } from './payees/index.js';
import { guardText, guardZip } from './input-limits.js';
import { isAcceptedBank } from './profiles/index.js';
import { sniff, withoutNulPadding } from './sniff.js';
import type { ConvertOptions, EngineResult } from './types.js';

export async function convert(bytes: Uint8Array, options: Partial<ConvertOptions> = {}): Promise<EngineResult> {
  try {
    const result = await read(bytes, options);
    if (options.payees) result.payees = payeesOf(result.transactions, options.payees.rules);
    return result;
  } finally {
    // Text remembered while reading is the customer's: none of it outlives the conversion.
    forgetDateTexts();
  }
}

async function read(bytes: Uint8Array, options: Partial<ConvertOptions>): Promise<EngineResult> {
  const opts: ConvertOptions = {
    bank: (options.bank ?? 'auto').trim().toLowerCase() || 'auto',
    filename: options.filename ?? 'statement',
    password: options.password,
    ocr: options.ocr,
  };
  if (!isAcceptedBank(opts.bank)) {
    throw new AppError('unsupported_bank', `No bank profile is called "${opts.bank.slice(0, 40)}". GET /api/v1/banks lists the accepted values.`);
  }
  let kind = sniff(bytes);
  if (kind.kind === 'unsupported') {
    const text = withoutNulPadding(bytes);
    if (text !== bytes) {
      bytes = text;
      kind = sniff(text);
    }
  }
  switch (kind.kind) {
    // Each engine is loaded on first use, so a CSV conversion never pays for loading pdf.js.
    case 'pdf':
      return (await import('./pdf/index.js')).convertPdf(bytes, opts);
    case 'xlsx':
      guardZip(bytes);
      return (await import('./csv/xlsx.js')).convertXlsx(bytes, opts);
    case 'xls':
      return (await import('./csv/xls.js')).convertXls(bytes, opts);
    case 'csv':
      guardText(bytes);
      return (await import('./csv/index.js')).convertTextFile(bytes, opts);
    case 'image':
      return (await import('./ocr/index.js')).convertImage(bytes, opts);
    case 'mt940':
    case 'camt':
    case 'ofx':
    case 'qif':
      return (await import('./structured/index.js')).convertStructured(bytes, kind.kind, opts);
    default:
      throw new AppError('unsupported_file_type', kind.reason);
  }
}
