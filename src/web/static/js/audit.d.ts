// Types of audit.js (plain JavaScript, shared by the converter page and the server's kept-result corrections).
import type { Correction, Transaction } from '../../../engine/types.js';
import type { RowNow } from './recheck.js';

export declare function correctionsOf(rows: RowNow<Transaction>[], printed: Transaction[], previous: Correction[] | undefined, at: string): Correction[];
export declare function correctionsSummary(corrections: Pick<Correction, 'change'>[]): string;
