// PDF statements. (Skeleton: the PDF engine issue fills this in.)
import { AppError } from '../../errors.js';
import type { ConvertOptions, EngineResult } from '../types.js';

export async function convertPdf(_bytes: Uint8Array, _opts: ConvertOptions): Promise<EngineResult> {
  throw new AppError('no_transactions_found', 'PDF statements are not read yet.');
}
