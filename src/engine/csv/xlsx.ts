// XLSX exports. (Skeleton: the CSV engine issue fills this in.)
import { AppError } from '../../errors.js';
import type { ConvertOptions, EngineResult } from '../types.js';

export async function convertXlsx(_bytes: Uint8Array, _opts: ConvertOptions): Promise<EngineResult> {
  throw new AppError('no_transactions_found', 'XLSX exports are not read yet.');
}
