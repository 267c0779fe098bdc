// QIF (Quicken Interchange Format) bank, cash and card registers: `!Type:` headers, then records of
// one-letter fields closed by `^`. QIF states no balance (NO_BAL), no currency (assumed, with a
// warning) and no date order: the order is decided from all dates of the file together (a warning
// when every date reads both ways). `!Account` blocks name the account of the records after them.
import { AppError } from '../../errors.js';
import { DEFAULT_CURRENCY } from '../currencies.js';
import { dateShare, expandYear, inferDateOrder, parseDate, type DateOrder } from '../dates.js';
import { currencyExponent, inferDecimalSeparator, parseMoney } from '../money.js';
import type { DraftRow } from '../reconcile.js';
import type { Warning } from '../types.js';
import type { StatementRead } from './assemble.js';
import { broken, dayOf } from './figures.js';
import { nameAndMemo } from './text-parts.js';

// Register types whose records are money in and out of one account; investment, category, class and
// memorised lists are not statements.
const REGISTERS: Record<string, string> = { bank: 'current', cash: 'other', ccard: 'card', 'oth a': 'other', 'oth l': 'loan' };

interface QifRecord {
  fields: [string, string][];
  line: number;
}
interface Block {
  type: string;
  account: { name: string | null; kind: string | null };
  records: QifRecord[];
}

function blocksOf(text: string): { blocks: Block[]; skipped: string[] } {
  const lines = text.split(/\r\n|\r|\n/);
  const blocks: Block[] = [];
  const skipped: string[] = [];
  let block: Block | null = null;
  let account: Block['account'] = { name: null, kind: null };
  let inAccount = false;
  let rec: QifRecord | null = null;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/^\s+/, '');
    if (!line) continue;
    if (line.startsWith('!')) {
      const h = line.slice(1).trim().toLowerCase();
      rec = null;
      if (h === 'account') {
        inAccount = true;
        account = { name: null, kind: null };
        continue;
      }
      if (h.startsWith('option') || h.startsWith('clear')) continue;
      inAccount = false;
      const t = /^type\s*:\s*(.*)$/.exec(h)?.[1]?.trim() ?? h;
      block = { type: t, account, records: [] };
      if (t in REGISTERS) blocks.push(block);
      else if (!skipped.includes(t)) skipped.push(t);
      continue;
    }
    const code = line[0];
    const value = line.slice(1).trim();
    if (inAccount) {
      if (code === 'N') account.name = value;
      else if (code === 'T') account.kind = REGISTERS[value.toLowerCase()] ?? null;
      else if (code === '^') inAccount = false;
      continue;
    }
    if (!block) continue;
    if (code === '^') {
      rec = null;
      continue;
    }
    if (!rec) {
      rec = { fields: [], line: i + 1 };
      block.records.push(rec);
    }
    rec.fields.push([code, value]);
  }
  return { blocks: blocks.filter((b) => b.records.length), skipped };
}

/** "6/ 1'24" (Quicken: apostrophe = 2000s), "06/01/2024", "01.06.24", "2024-06-01" -> comparable text. */
function normaliseDate(raw: string): string {
  const s = raw.replace(/\s+/g, '');
  const apo = /^(\d{1,2})[/.-](\d{1,2})'(\d{1,2})$/.exec(s);
  if (apo) return `${apo[1]}/${apo[2]}/${2000 + +apo[3]}`;
  return s.replace(/'/g, '/');
}

export interface QifRead {
  reads: StatementRead[];
  warnings: Warning[];
}

export function readQif(text: string, currency = DEFAULT_CURRENCY, assumed = true): QifRead {
  const { blocks, skipped } = blocksOf(text.replace(/^\uFEFF/, ''));
  const warnings: Warning[] = [];
  if (!blocks.length) {
    // Well-formed lists of another kind (investments, categories, memorised payees) hold no transactions:
    // the contract's 422; a file with no list header at all is not QIF as written (400).
    if (skipped.length) {
      throw new AppError(
        'no_transactions_found',
        `The QIF file holds only ${skipped.map((s) => `!Type:${s}`).join(', ')} lists, no bank, cash or card register; it has no transactions to read.`,
      );
    }
    throw broken('QIF', 'no !Type:Bank (or Cash, CCard) records were found.');
  }
  if (skipped.length)
    warnings.push({
      code: 'rows_skipped',
      // Lists that are not an account's register hold no rows of it.
      blocks: false,
      message: `Lists that are not registers of an account were left out (${skipped.map((s) => `!Type:${s}`).join(', ')}).`,
    });
  const all = blocks.flatMap((b) => b.records);
  const dateTexts = all.map((r) => normaliseDate(r.fields.find(([c]) => c === 'D')?.[1] ?? ''));
  if (dateTexts.some((d) => !d)) {
    const r = all[dateTexts.findIndex((d) => !d)];
    throw broken('QIF', `the record at line ${r.line} has no D (date) line.`);
  }
  // Quicken's apostrophe years and its space-padded days ("6/ 1/94") come with US month/day; otherwise
  // our own writer's and the UK's day/month.
  const quickenUs = (d: string) => /'\s*\d/.test(d) || /^\s?\d{1,2}\/ \d\//.test(d);
  const prefer: 'DMY' | 'MDY' = all.some((r) => quickenUs(r.fields.find(([c]) => c === 'D')?.[1] ?? '')) ? 'MDY' : 'DMY';
  const inferred = dateShare(dateTexts) > 0 ? inferDateOrder(dateTexts, prefer) : { order: prefer as DateOrder, ambiguous: false };
  if (inferred.ambiguous) {
    warnings.push({
      code: 'date_order_ambiguous',
      // QIF names no currency, so nothing in the file backs the order read.
      blocks: true,
      message: `Every date reads both as day/month and month/day; they were read as ${inferred.order === 'MDY' ? 'month/day (US)' : 'day/month (UK)'}.`,
    });
  }
  const amounts = all.map((r) => r.fields.find(([c]) => c === 'T' || c === 'U')?.[1] ?? '');
  const decimal = inferDecimalSeparator(amounts, currencyExponent(currency)) ?? '.';
  const exp = currencyExponent(currency);
  let k = 0;
  const reads: StatementRead[] = blocks.map((b) => {
    const rows: DraftRow[] = b.records.map((r) => {
      const dText = dateTexts[k];
      const aText = amounts[k++];
      const p = parseDate(dText, inferred.order);
      const date = p && p.y !== null ? dayOf(expandYear(p.y), p.m, p.d) : null;
      if (!date) throw broken('QIF', `line ${r.line}: the date "${dText.slice(0, 20)}" does not read.`);
      if (!aText) throw broken('QIF', `the record at line ${r.line} has no T (amount) line.`);
      const money = parseMoney(aText, { exponent: exp, decimal });
      if (!money) throw broken('QIF', `line ${r.line}: the amount "${aText.slice(0, 30)}" does not read.`);
      const get = (c: string) =>
        r.fields
          .filter(([x]) => x === c)
          .map(([, v]) => v.trim())
          .filter(Boolean);
      const payee = get('P').join(' ');
      const memo = get('M').join(' ');
      // Neither repeated inside the other; the writer's convention (the payee in P, the full text in M)
      // gives M alone.
      const description = nameAndMemo(payee, memo);
      return { date, description, reference: get('N').join(' '), amount: money.value, provenance: { page: 1, lines: [r.line] } };
    });
    return {
      account: { id: null, name: b.account.name, currency, kind: b.account.kind ?? REGISTERS[b.type] ?? null },
      segments: [{ rows, opening: null, closing: null }],
    };
  });
  if (assumed) warnings.push({ code: 'currency_assumed', message: `QIF files name no currency; ${currency} was assumed.` });
  return { reads, warnings };
}
