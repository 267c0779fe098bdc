// Fixed-width text statements. (Skeleton: the PDF engine issue fills this in with the shared layout.)
import { AppError } from '../../errors.js';
import type { ConvertOptions, EngineResult } from '../types.js';

export async function convertFixedWidth(_text: string, _opts: ConvertOptions): Promise<EngineResult> {
  throw new AppError('no_transactions_found', 'No transaction table was found in the text.');
}
