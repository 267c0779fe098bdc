// A large delimited export read as it is parsed: no record of the table is kept (100,000 records and
// their cells held until the result is built cost about a third of the CSV path in garbage collection).
// The decisions convertTable takes from the whole table are taken from its first records, then checked
// against the whole table while its rows are read; where one could differ, or the table is one this
// reading does not cover (no header near the top, several statements, a malformed quote), the caller
// reads the records as before. Either way the result is convertTable's.
import { CREDIT_MARKS, type Role } from './header-words.js';
import { planText, type TextPlan } from './column-text.js';
import { currencyOfTable } from './table-currency.js';
import { RecordReader, recordText, type TextRecord } from './records.js';
import { onlyCreditMarksOf, rowReader } from './row-reader.js';
import { oneStatementWatch } from './statement-split.js';
import { countsAsDate, finishTable, moneyColumns, tableHead, tableSettings, tallyDecimal, yearContextOf, type DecimalVotes, type TableInput } from './table.js';
import type { EngineResult } from '../types.js';

// Records read ahead: the header search reads 80, the column checks 400 below the header, the id
// columns 500; a table with no more records than this is read the usual way.
const AHEAD = 2000;
// As column-text.ts: a text column's plan reads its first 400 filled values.
const PLAN_SAMPLE = 400;

/** The result of convertTable for the text's records, or undefined when the caller must read them. */
export function streamTable(body: string, input: Omit<TableInput, 'records'> & { delimiter: string }): EngineResult | undefined {
  try {
    return readStreaming(recordText(body), input);
  } catch {
    // Whatever went wrong (no table, a malformed quote) the usual reading finds again and reports.
    return undefined;
  }
}

const filled = (records: TextRecord[], i: number): number => {
  let n = 0;
  for (const r of records) if ((r.cells[i] ?? '').trim() && ++n >= PLAN_SAMPLE) break;
  return n;
};

/** The plan's columns each have their 400 values among the records read ahead (planText reads no further). */
function planSettled(body: TextRecord[], roles: (Role | null)[]): boolean {
  for (let i = 0; i < roles.length; i++) {
    const r = roles[i];
    if ((r === 'payee' || r === 'description' || r === 'memo' || r === 'type') && filled(body, i) < PLAN_SAMPLE) return false;
  }
  return true;
}

function readStreaming(text: string, input: Omit<TableInput, 'records'> & { delimiter: string }): EngineResult | undefined {
  const ahead: TextRecord[] = [];
  const first = new RecordReader(text, input.delimiter);
  while (ahead.length < AHEAD && first.next()) ahead.push({ cells: first.cells.slice(), line: first.line });
  if (ahead.length < AHEAD) return undefined;
  const head = tableHead(ahead, input);
  const { cols } = head;
  if (!head.nearTop) return undefined;
  const h = cols.headerIndex;
  const aheadBody = ahead.slice(h + 1);
  const cur = cols.roles.indexOf('currency');
  // A currency column's first code is the statement's currency: it must be among the records read ahead.
  if (cur >= 0 && !aheadBody.some((r) => /^[A-Za-z]{3}$/.test(r.cells[cur] ?? ''))) return undefined;
  if (!planSettled(aheadBody, cols.roles)) return undefined;
  const currency = currencyOfTable(ahead, cols, head.profile, input.sample);
  const dateCol = cols.roles.indexOf('date');
  const moneyCols = moneyColumns(cols.roles);
  const dirCol = cols.roles.indexOf('direction');

  // The decisions as the records read ahead take them; the whole table must take the same ones.
  const guessTexts: string[] = [];
  const guessVotes: DecimalVotes = { dot: 0, comma: 0 };
  for (const r of aheadBody) {
    const x = r.cells[dateCol] ?? '';
    if (countsAsDate(x)) guessTexts.push(x);
    tallyDecimal(r.cells, moneyCols, guessVotes);
  }
  const guess = tableSettings(head, input, currency, guessTexts, guessVotes);
  // Dates that read both ways are settled, if at all, by the whole table's other columns: read it whole.
  if (guess.warnings.some((w) => w.code === 'date_order_ambiguous')) return undefined;
  const plan: TextPlan = planText(aheadBody, cols.roles);
  // A reference column read as text was judged on its first 400 values: they must be among the records read ahead.
  if (plan.referenceText >= 0 && filled(aheadBody, plan.referenceText) < PLAN_SAMPLE) return undefined;
  const onlyCreditMarks = onlyCreditMarksOf(aheadBody, dirCol);
  const reader = rowReader(
    {
      roles: cols.roles,
      order: guess.order,
      decimal: guess.decimal,
      currency: currency.code,
      width: guess.width,
      years: () => yearContextOf(ahead.slice(0, h)),
    },
    plan,
    onlyCreditMarks,
  );

  const oneStatement = input.whole ? () => true : oneStatementWatch(cols.headers);
  const dateTexts: string[] = [];
  const votes: DecimalVotes = { dot: 0, comma: 0 };
  let creditMarksOnly = dirCol >= 0;
  // The previous record's date text and whether it counted (consecutive rows repeat a date).
  let lastDate: string | null = null,
    lastCounts = false;
  const take = (cells: string[], line: number): boolean => {
    if (!oneStatement(cells)) return false;
    const x = cells[dateCol] ?? '';
    if (x !== lastDate) {
      lastDate = x;
      lastCounts = countsAsDate(x);
    }
    if (lastCounts) dateTexts.push(x);
    tallyDecimal(cells, moneyCols, votes);
    if (creditMarksOnly) {
      const v = cells[dirCol] ?? '';
      if (v && !CREDIT_MARKS.test(v)) creditMarksOnly = false;
    }
    reader.add(cells, line);
    return true;
  };
  // The records read ahead first, then the rest from where the look-ahead stopped (none is parsed twice).
  for (const r of aheadBody) if (!take(r.cells, r.line)) return undefined;
  while (first.next()) if (!take(first.cells, first.line)) return undefined;
  const s = tableSettings(head, input, currency, dateTexts, votes);
  if (s.order !== guess.order || s.decimal !== guess.decimal || creditMarksOnly !== onlyCreditMarks) return undefined;
  return finishTable(input, head, s, reader.finish(), ahead, aheadBody);
}
