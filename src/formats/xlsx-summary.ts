// The Summary sheet: what the verdict headers of an API response say, plus totals, balances and every
// warning, so a workbook passed around on its own still tells whether it reconciled.
import type ExcelJS from 'exceljs';
import type { Correction, EngineResult, Transaction } from '../engine/types.js';
import { blocks } from '../engine/verdict-rule.js';
import { VERDICT_WORDS } from '../engine/verdict-words.js';
import { getProfile } from '../engine/profiles/index.js';
import { isWarningCode, WARNINGS } from '../engine/warnings.js';
import { currencyExponent } from '../engine/money.js';
import { excelNumberFormat, fromMinor, toMinor } from './decimal.js';
import { amountCell, DATE_FORMAT, isoCell, textCell } from './xlsx-cells.js';

interface Totals {
  moneyIn: bigint;
  moneyOut: bigint;
  credits: number;
  debits: number;
}

const exponentFor = (result: EngineResult, currency: string) => (currency === result.meta.currency ? result.meta.currencyExponent : currencyExponent(currency));

function totalsByCurrency(result: EngineResult): Map<string, Totals> {
  const byCurrency = new Map<string, Totals>();
  for (const t of result.transactions) {
    const exp = exponentFor(result, t.Currency);
    let s = byCurrency.get(t.Currency);
    if (!s) byCurrency.set(t.Currency, (s = { moneyIn: 0n, moneyOut: 0n, credits: 0, debits: 0 }));
    if (t.Type === 'credit') {
      s.credits++;
      s.moneyIn += toMinor(t.Credit || '0', exp);
    } else {
      s.debits++;
      s.moneyOut += toMinor(t.Debit || '0', exp);
    }
  }
  return byCurrency;
}

export function writeSummary(ws: ExcelJS.Worksheet, result: EngineResult): void {
  const { meta } = result;
  const money = excelNumberFormat(meta.currencyExponent);
  const add = (label: string, value: string | number | Date | null, numFmt?: string) => {
    const row = ws.addRow([label, value]);
    if (numFmt) row.getCell(2).numFmt = numFmt;
    row.commit();
  };
  add('Bank', textCell(result.bank));
  // The bank and the verdict in words beside their codes: a workbook is read by people as well as tools.
  add('Bank name', textCell(result.bank === 'generic' ? 'Not recognised (generic reading)' : (getProfile(result.bank)?.name ?? result.bank)));
  add('Reconcile status', result.reconcile_status);
  add('Verdict', VERDICT_WORDS[result.reconcile_status].title);
  // A corrected result says so at the top: its verdict is that of the rows a person corrected.
  if (result.corrections?.length)
    add(
      'Corrected by a person',
      textCell(`yes: ${result.corrections.length} ${result.corrections.length === 1 ? 'row' : 'rows'} edited, added or deleted (listed below)`),
    );
  add('Reconcile difference', result.reconcile_diff, money);
  add('Transactions', result.transaction_count);
  add('Currency', meta.currency);
  add('Period start', isoCell(meta.periodStart), DATE_FORMAT);
  add('Period end', isoCell(meta.periodEnd), DATE_FORMAT);
  add('Opening balance', amountCell(meta.openingBalance ?? ''), money);
  add('Closing balance', amountCell(meta.closingBalance ?? ''), money);
  for (const [currency, s] of totalsByCurrency(result)) {
    const exp = exponentFor(result, currency);
    const fmt = excelNumberFormat(exp);
    const show = (v: bigint) => amountCell(fromMinor(v, exp));
    add(`Money in (${currency})`, show(s.moneyIn), fmt);
    add(`Money out (${currency})`, show(s.moneyOut), fmt);
    add(`Credit rows (${currency})`, s.credits);
    add(`Debit rows (${currency})`, s.debits);
  }
  add('Warnings', result.warnings.length);
  ws.addRow([]).commit();
  // Each warning in the engine's table's own words (src/engine/warnings.ts), its code beside them for tools.
  const head = ws.addRow(['Warning code', 'Message', 'Row', 'Page', 'In plain words', 'Severity', 'Blocks PASS']);
  head.font = { bold: true };
  head.commit();
  for (const w of result.warnings) {
    const spec = isWarningCode(w.code) ? WARNINGS[w.code] : null;
    const blocksPass = blocks(w, WARNINGS) ? 'yes' : 'no';
    ws.addRow([textCell(w.code), textCell(w.message), w.row ?? null, w.page ?? null, spec?.title ?? '', spec?.severity ?? '', blocksPass]).commit();
  }
  if (result.corrections?.length) writeCorrections(ws, result.corrections);
}

/** The audit trail: each row a person edited, added or deleted, as printed and as corrected, and when. */
function writeCorrections(ws: ExcelJS.Worksheet, corrections: Correction[]): void {
  ws.addRow([]).commit();
  const head = ws.addRow([
    'Corrected by a person',
    'Row',
    'Row as read',
    'Printed date',
    'Printed description',
    'Printed amount',
    'Printed balance',
    'Corrected date',
    'Corrected description',
    'Corrected amount',
    'Corrected balance',
    'Saved (UTC)',
  ]);
  head.font = { bold: true };
  head.commit();
  const side = (t: Transaction | null) => (t ? [textCell(t.Date), textCell(t.Description), textCell(t.Amount), textCell(t.Balance)] : ['', '', '', '']);
  for (const c of corrections)
    ws.addRow([c.change, c.row, c.printed_row, ...side(c.printed), ...side(c.corrected), textCell(c.at.slice(0, 16).replace('T', ' '))]).commit();
}
