// An account or card column splits an export into statements only where it names several accounts.
import { describe, expect, it } from 'vitest';
import { convert } from '../convert.js';
import type { EngineResult } from '../types.js';

const run = (text: string): Promise<EngineResult> => convert(new TextEncoder().encode(text), { filename: 'export.csv' });

describe('account columns', () => {
  it('a card column empty on the first rows does not split the export into accounts (Wise)', async () => {
    const r = await run(
      [
        'TransferWise ID,Date,Amount,Currency,Description,Running Balance,Card Last Four Digits',
        'BALANCE-1,20-02-2025,2000.00,CHF,Salary,3500.75,',
        'CARD-2,21-02-2025,-52.40,CHF,Bistro,3448.35,1234',
        'CARD-3,22-02-2025,-30.90,CHF,Shop,3417.45,1234',
      ].join('\n'),
    );
    expect(r.warnings.map((w) => w.code)).not.toContain('multiple_accounts');
    expect(r.reconcile_status).toBe('PASS');
  });
});
