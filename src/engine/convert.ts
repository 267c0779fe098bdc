// The one entry point of the engine: bytes in, ConversionResult out. Pure: no server, database or config.
import { AppError } from '../errors.js';
import { forgetDateTexts } from './dates.js';
import { payeesOf } from './payees/index.js';
import { guardText, guardZip, inflateEntry } from './input-limits.js';
import { isAcceptedBank } from './profiles/index.js';
import { sniff, withoutNulPadding } from './sniff.js';
import { statedCurrency } from './currencies.js';
import { withStatedCurrency } from './stated-currency.js';
import type { ConvertOptions, EngineResult } from './types.js';
import { settleVerdict } from './verdict.js';

/** The module's promise, taken once; a failed load is tried again next time. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((e: unknown) => {
      loading = undefined;
      throw e;
    }));
}

// Each reader is loaded on first use, so a CSV conversion never loads PDFium, and then kept: a repeated
// `await import()` costs 0.003 ms compiled but 0.24 ms under tsx, whose loader thread sees every one
// (the benches and `npm run dev`): about a tenth of a 1-page PDF's conversion.
const readers = {
  pdf: once(() => import('./pdf/index.js')),
  xlsx: once(() => import('./csv/xlsx.js')),
  xls: once(() => import('./csv/xls.js')),
  csv: once(() => import('./csv/index.js')),
  ocr: once(() => import('./ocr/index.js')),
  structured: once(() => import('./structured/index.js')),
};

export async function convert(bytes: Uint8Array, options: Partial<ConvertOptions> = {}): Promise<EngineResult> {
  try {
    // Every reader's result is decided here last, from its proof and warnings (verdict.ts): whatever a
    // reader added after its own reconciliation (OCR's unsure words, a page it could not read) counts.
    const result = settleVerdict(withStatedCurrency(await read(bytes, options), options.currency));
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
  if (options.currency?.trim()) {
    const code = statedCurrency(options.currency);
    if (!code) throw new AppError('invalid_request', `"${options.currency.slice(0, 12)}" is no ISO 4217 currency code (currency: GBP, EUR, ZAR ...).`);
    opts.currency = code;
  }
  if (options.inflate) bytes = inflateEntry(bytes, options.inflate.size);
  let kind = sniff(bytes);
  if (kind.kind === 'unsupported') {
    const text = withoutNulPadding(bytes);
    if (text !== bytes) {
      bytes = text;
      kind = sniff(text);
    }
  }
  switch (kind.kind) {
    case 'pdf':
      return (await readers.pdf()).convertPdf(bytes, opts);
    case 'xlsx':
      guardZip(bytes);
      return (await readers.xlsx()).convertXlsx(bytes, opts);
    case 'xls':
      return (await readers.xls()).convertXls(bytes, opts);
    case 'csv':
      guardText(bytes);
      return (await readers.csv()).convertTextFile(bytes, opts);
    case 'image':
      return (await readers.ocr()).convertImage(bytes, opts);
    case 'mt940':
    case 'camt':
    case 'ofx':
    case 'qif':
      return (await readers.structured()).convertStructured(bytes, kind.kind, opts);
    default:
      throw new AppError('unsupported_file_type', kind.reason);
  }
}
