// Basic CSV path (skeleton for the service foundation; the CSV engine issue replaces it):
// a header row with date/description/amount or debit/credit/balance columns.
import { parse } from 'csv-parse/sync';
import { AppError } from '../../errors.js';
import { formatMinor, minorToNumber, parseAmount } from '../money.js';
import { convertFixedWidth } from '../text/index.js';
import type { ConvertOptions, EngineResult, Transaction, Warning } from '../types.js';

const ROLE_WORDS: [string, RegExp][] = [
  ['date', /^(transaction |posting |value )?date$/i],
  ['description', /^(description|details|narrative|memo|payee|transaction description)$/i],
  ['amount', /^(amount|value)$/i],
  ['debit', /^(debit|paid out|money out|withdrawals?|out)$/i],
  ['credit', /^(credit|paid in|money in|deposits?|in)$/i],
  ['balance', /^(running )?balance$/i],
];

function parseDate(s: string): string | null {
  const m = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(s.trim());
  if (m) return `${m[1].padStart(2, '0')}/${m[2].padStart(2, '0')}/${m[3]}`;
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(s.trim());
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : null;
}

export async function convertTextFile(bytes: Uint8Array, opts: ConvertOptions): Promise<EngineResult> {
  const text = new TextDecoder('utf-8').decode(bytes).replace(/^\uFEFF/, '');
  let records: string[][];
  try {
    records = parse(text, { relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch {
    return convertFixedWidth(text, opts);
  }
  const headerIdx = records.findIndex((r) => r.some((c) => ROLE_WORDS[0][1].test(c)));
  if (headerIdx < 0) return convertFixedWidth(text, opts);
  const roles = new Map<string, number>();
  records[headerIdx].forEach((cell, i) => {
    for (const [role, re] of ROLE_WORDS) if (re.test(cell) && !roles.has(role)) roles.set(role, i);
  });
  if (!roles.has('date') || !(roles.has('amount') || roles.has('debit') || roles.has('credit'))) {
    throw new AppError('no_transactions_found', 'No header row with date and amount columns was found.');
  }
  const txs: Transaction[] = [];
  const balances: (bigint | null)[] = [];
  const amounts: bigint[] = [];
  for (const r of records.slice(headerIdx + 1)) {
    const date = parseDate(r[roles.get('date')!] ?? '');
    if (!date) continue;
    let amount: bigint | null = null;
    if (roles.has('amount')) amount = parseAmount(r[roles.get('amount')!] ?? '');
    else {
      const d = parseAmount(r[roles.get('debit')!] ?? '') ?? 0n;
      const c = parseAmount(r[roles.get('credit')!] ?? '') ?? 0n;
      amount = c - (d < 0n ? -d : d);
    }
    if (amount === null) continue;
    const bal = roles.has('balance') ? parseAmount(r[roles.get('balance')!] ?? '') : null;
    amounts.push(amount);
    balances.push(bal);
    const abs = formatMinor(amount < 0n ? -amount : amount);
    txs.push({
      Date: date,
      Description: r[roles.get('description') ?? -1] ?? '',
      Type: amount < 0n ? 'debit' : 'credit',
      Debit: amount < 0n ? abs : '',
      Credit: amount < 0n ? '' : abs,
      Amount: formatMinor(amount),
      Balance: bal === null ? '' : formatMinor(bal),
      Reference: '',
      Currency: 'GBP',
    });
  }
  if (txs.length === 0) throw new AppError('no_transactions_found', 'The table has no transaction rows.');
  const warnings: Warning[] = [];
  let status: EngineResult['reconcile_status'] = 'NO_BAL';
  let diff = 0n;
  if (balances.some((b) => b !== null)) {
    status = 'PASS';
    for (let i = 1; i < txs.length; i++) {
      const prev = balances[i - 1], cur = balances[i];
      if (prev === null || cur === null) continue;
      if (prev + amounts[i] !== cur) {
        status = 'RECONCILE_WARN';
        if (diff === 0n) diff = cur - (prev + amounts[i]);
        warnings.push({ code: 'balance_mismatch', message: `Row ${i + 1}: expected balance ${formatMinor(prev + amounts[i])}, printed ${formatMinor(cur)}.`, row: i + 1 });
      }
    }
  }
  return {
    bank: 'generic',
    reconcile_status: status,
    reconcile_diff: minorToNumber(diff),
    transaction_count: txs.length,
    warnings,
    transactions: txs,
    provenance: txs.map(() => null),
    meta: {
      inputKind: 'csv', pageCount: null, currency: 'GBP', currencyExponent: 2,
      openingBalance: null, closingBalance: null, periodStart: null, periodEnd: null,
      accountId: null, bankId: null, accountType: 'bank',
    },
  };
}
