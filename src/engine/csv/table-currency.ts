// The statement currency of a table: profile, currency column, symbols on amounts, header words, preamble.
import { inferCurrency } from '../currency-evidence.js';
import { CURRENCY_CODES, currentCurrencyCode, DEFAULT_CURRENCY, SYMBOL_CURRENCY } from '../currencies.js';
import { parseMoney } from '../money.js';
import type { BankProfile } from '../profiles/index.js';
import type { ColumnRoles } from './header-roles.js';
import { normHeader } from './header-words.js';
import type { TextRecord } from './records.js';

const ISO_CODES = new RegExp(`\\b(${CURRENCY_CODES.join('|')})\\b`);

/** Guesses the statement currency: profile, currency column, symbols on amounts, header words, preamble. */
export function currencyOfTable(
  records: TextRecord[],
  cols: ColumnRoles,
  profile: BankProfile | null,
  sample: string,
): { code: string; assumed: boolean; inferred?: string } {
  const cur = cols.roles.indexOf('currency');
  const from = cols.headerIndex + 1;
  if (cur >= 0) {
    // The first code in the column, found in place (no copy of the table and of the column).
    for (let k = from; k < records.length; k++) {
      const v = records[k].cells[cur] ?? '';
      if (/^[A-Za-z]{3}$/.test(v)) return { code: currentCurrencyCode(v), assumed: false };
    }
  }
  if (profile?.currency) return { code: profile.currency, assumed: false };
  const moneyCols = cols.roles.flatMap((r, i) => (r === 'amount' || r === 'debit' || r === 'credit' || r === 'balance' ? [i] : []));
  for (const r of records.slice(from, from + 50)) {
    for (const i of moneyCols) {
      const m = r.cells[i] ? parseMoney(r.cells[i]) : null;
      if (m?.currency) return { code: m.currency, assumed: false };
    }
  }
  const head = cols.headers.join(' ');
  // ("入出金(円)": a header naming the yen as its unit.)
  const hm = ISO_CODES.exec(head.toUpperCase()) ?? (/\b(in )?rs\.?\b/i.test(head) ? ['INR', 'INR'] : /円/.test(head) ? ['JPY', 'JPY'] : null);
  if (hm) return { code: currentCurrencyCode(hm[1]), assumed: false };
  // A money column's header naming its unit by a dollar sign ("Amount ($)", "Price (C$)") says what the
  // figures would with the sign on each of them.
  for (const i of moneyCols) {
    const d = /(?:^|[\s(\[])((?:US|[CAR])?\$)(?=$|[\s)\]])/.exec(cols.headers[i] ?? '');
    const code = d ? parseMoney(`${d[1]}1`)?.currency : null;
    if (code) return { code, assumed: false };
  }
  // Only text above the table names the account's currency: a description ("POS CHG USD 5") does not.
  const pre = records
    .slice(0, Math.max(0, cols.headerIndex))
    .map((r) => r.cells.join(' '))
    .join(' ');
  // A headerless export has no such text; codes in its rows are most likely a currency column's: a cell
  // holding nothing but a code first (a description quoting "USD 7,35" of a card payment abroad does not).
  const pm = ISO_CODES.exec(pre) ?? (cols.headerIndex < 0 ? (codeCell(records) ?? ISO_CODES.exec(sample.slice(0, 2048))) : null);
  if (pm) return { code: currentCurrencyCode(pm[1]), assumed: false };
  const sym = /[£€]/.exec(`${pre} ${head}`) ?? (cols.headerIndex < 0 ? null : /[£€]/.exec(sample.slice(0, 8192)));
  if (sym) return { code: SYMBOL_CURRENCY[sym[0]], assumed: false };
  // Headers in a euro-area language (Datum/Bedrag, Buchungstag/Betrag, Fecha/Importe ...) suggest EUR.
  const h = cols.headers.map(normHeader).join(' ');
  if (EURO_HEADER_WORDS.test(h)) return { code: 'EUR', assumed: true };
  // Russian header words suggest roubles, Ukrainian ones hryvnias (assumed, and said so).
  if (RUSSIAN_HEADER_WORDS.test(h)) return { code: 'RUB', assumed: true };
  if (UKRAINIAN_HEADER_WORDS.test(h)) return { code: 'UAH', assumed: true };
  // Japanese header words suggest yen; Chinese ones, written with simplified characters Japanese does not
  // use (余额, 记账, 币种), yuan; Hebrew ones shekels.
  if (!/[\u3041-\u30ff]/.test(h) && SIMPLIFIED_CHINESE.test(h)) return { code: 'CNY', assumed: true };
  if (/[\u3041-\u30ff\u4e00-\u9fff]/.test(h)) return { code: 'JPY', assumed: true };
  if (/[\u05d0-\u05ea]/.test(h)) return { code: 'ILS', assumed: true };
  // What the rest of the file points to (currency-evidence.ts): marks beside figures, a number format
  // or the language from the rows; an IBAN or a country only from the text above the table.
  const found = inferCurrency(sample.slice(0, 8192), pre);
  if (found) return { code: found.code, assumed: false, inferred: found.from };
  return { code: DEFAULT_CURRENCY, assumed: true };
}

/** The first cell of the first 50 records that is a currency code and nothing else, as a match. */
function codeCell(records: TextRecord[]): [string, string] | null {
  for (const r of records.slice(0, 50)) {
    for (const c of r.cells) {
      const v = c.trim();
      if (v.length === 3 && ISO_CODES.test(v)) return [v, v];
    }
  }
  return null;
}

const SIMPLIFIED_CHINESE = /[额账币汇货记还说对银联转费余户码类时间]/;
const RUSSIAN_HEADER_WORDS = /(?:^| )(сумма|описание|остаток|приход|расход)(?: |$)/;
const UKRAINIAN_HEADER_WORDS = /(?:^| )(сума|опис|залишок|надходження|видаток)(?: |$)/;
const EURO_HEADER_WORDS =
  /\b(addebiti|accrediti|descrizione|bedrag|betrag|buchungstag|buchungsdatum|umsatz|omschrijving|tegenrekening|montant|libelle|importe|concepto|importo|causale|saldo na|mededelingen|verwendungszweck)\b/;
