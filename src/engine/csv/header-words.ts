import { alternation, CLOSING_WORDS, COLUMN_WORDS, CREDIT_MARK_WORDS, DEBIT_MARK_WORDS, OPENING_WORDS, type ColumnWord } from '../lang/index.js';

// Column header words -> roles, in English and the common European languages. Gathered from bank
// exports (UK banks, bank2ynab's ~115 layouts, German/Dutch/French/Spanish/Italian banks). Headers are
// normalised first: lowercase, accents stripped, punctuation -> single spaces.

export type Role =
  | 'date'
  | 'valueDate'
  | 'description'
  | 'payee'
  | 'memo'
  | 'amount'
  | 'debit'
  | 'credit'
  | 'balance'
  | 'balanceBefore'
  | 'type'
  | 'direction'
  | 'reference'
  | 'transactionId'
  | 'currency'
  | 'fee'
  // A booking's state ("COMPLETED", "PENDING"): rows it marks as not booked are left out.
  | 'status'
  | 'ignore'
  // Text used only when a row has no other (a user's own notes, a profile's second-choice column).
  | 'note';

// Letters NFD leaves whole are spelt out ("Tytuł" -> "tytul"); Cyrillic stays Cyrillic (accents stripped:
// "й" -> "и"); "№" reads as "nr".
const SPELT: Record<string, string> = { ß: 'ss', ł: 'l', đ: 'd', ø: 'o', æ: 'ae', œ: 'oe', þ: 'th', ð: 'd', ı: 'i', '№': ' nr ' };
// (Hebrew letters and Japanese kana and kanji are kept too: their banks' headers are read by these words.)
const NOT_WORD = /[^a-z0-9\u0430-\u044f\u0450-\u045f\u0456\u0457\u0491\u05d0-\u05ea\u3041-\u30ff\u4e00-\u9fff]+/g;
// ASCII has nothing for NFD to split, no accent to strip and no letter to spell out: those passes are
// skipped for it (nearly every header; a PDF's header detection reads hundreds of labels a page).
const ASCII = /^[\x00-\x7f]*$/;
export const normHeader = (s: string): string =>
  (ASCII.test(s)
    ? s.toLowerCase()
    : s
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        // Kana keep their voicing marks, recomposed ("ご" split by NFD into "こ" and U+3099 is "ご" again).
        .normalize('NFC')
        .toLowerCase()
        .replace(/[ßłđøæœþðı№]/g, (c) => SPELT[c])
  )
    .replace(NOT_WORD, ' ')
    .trim();

// Order matters: the first pattern that matches a header wins, so specific words come before general ones.
// A whole label a language table holds (src/engine/lang) is not repeated here: the tables are read after
// these patterns (patternRole, roleOfHeader). Kept here: the exports' own words, and table words a later
// pattern would otherwise take ("valuta" is a currency column's label before it is a value date's).
const HEADER_PATTERNS: [Role, RegExp][] = [
  // A transaction's own id (Payoneer, Monzo, Wise, card exports): the Reference when no reference column says more.
  [
    'transactionId',
    /^(transaction id|transaction no|transaction number|txn id|txn ref|trans id|transferwise id|wise id|payment id|receipt id|transaction ref)$/,
  ],
  [
    'ignore',
    /^(amount currency|original|local|foreign|intl|international|transfer|exchange|fx|instructed|billing currency)\b.*(amount|currency|rate)|^(local amount|local currency|local_amount|exchange (rate|from|to)|betrag fremdwahrung|amount foreign|rate|kurs|wechselkurs|exchange to amount|card last four digits|sort code|account number|account name|account|konto|kontonummer|iban|bic|tegenrekening|rekening|numero de compte|auftragskonto|category|categorie|kategorie|category split|subcategory|emoji|receipt|address|town city|postcode|country|time|time zone|spending category|labels|tags|notes and tags|product|reward point header|sr no|id|row|image|attachment|class|classification|card holder full name|created by|umrechnungskurs|puvodni castka a mena|cislo uctu|cislo protiuctu|nazev uctu|partner szamlaszama|szamla neve|szamlaszam|kartyaszam|kategorie transakce|saskaitos nr|saskaita|kliento kodas|kliendi konto|konts|konta numurs|klienta konts|счет|номер счета|номер карты|карта|тип карты nr карты|тип карты|валюта операции|категория|mcc)$|^(til konto|fra konto|利用者|支払方法|新規サイン|番号|明細区分|取引区分|4 ספרות אחרונות של כרטיס האשראי|מטבע חיוב)$/,
  ],
  [
    'valueDate',
    /^(valuedate|date de valeur|date valeur|fecha valor|rentedatum|valuta|erteknap|datum provedeni|datum splatnosti|valutas datums|vertes datums|betalningsdag|maksupaiva)$|^(起算日|תאריך חיוב|data valutei)$/,
  ],
  [
    'date',
    /^(posted on|bokforings datum|bookdate|book date|transactiondate|processeddate|processed date|date processed|completed date|completed|created|created at|transaction date time|date time|started date|tranzakcio datuma|uitvoeringsdatum|datum uitvoering|konyveles datuma|konyvelesi datum|datum transakcie|datum zauctovania|kuupaev|datums|дата опер|дата платежа|дата документа|operacijos data|tranzakcijas datums|gramatosanas datums|kande kuupaev|дата обработки операции|дата проведения|дата проведения операции|дата списания операции)$|^(取引日|日付|取扱日付|利用日|お取引日|ご利用日|ご利用年月日|交易日期|记账日期|记账日|入账日期|交易日|תאריך עסקה|תאריך|data inregistrare|data tranzactiei|data operatiunii)$/,
  ],
  ['fee', /^(fee|fees|total fees|commission|charges|gebuhr|gebuhren|frais|comision|commissione)$/],
  ['status', /^(state|status|transaction status|transaction state|statut|estado|stato|buchungsstatus|tila|статус)$/],
  ['balanceBefore', /^(balance before|saldo voor mutatie|saldo voor|saldo rekening voor mutatie|saldo vor buchung)$/],
  [
    'balance',
    /^(balance|running balance|runningbalance|running total|disponible|balance after|available balance after|closing balance|account balance|accountbalance|current balance|kontostand|saldo|saldo na mutatie|saldo nach buchung|saldo na transactie|solde|saldo disponible|saldo contable|saldo contabile|stan rachunku|saldo po operacji|saldo po transakcji|egyenleg|zustatek|zostatok|likutis|atlikums|остаток|баланс|залишок|исходящии остаток)( gbp| eur| usd| chf| inr| in rs)?$|^balance \w{3}$|^(残高|残高 円|差引残高|余额|账户余额|联机余额|本次余额|可用余额|餘額|取引後残高|取引後残高 円|יתרה|sold|sold final)$/,
  ],
  [
    'direction',
    /^(debit credit|credit debit|debit credit indicator|credit debit indicator|dr cr|cr dr|d c|c d|dc|cd|af bij|bij af|soll haben|s h|billingamountsign|amount sign|sign|debit or credit|credit or debit|transaction direction|direction|in out|type dc|creditdebet|debetcredit|credit debet|debet credit|d k|k d|bevetel kiadas|debit credit mark|debetas kreditas|debets kredits|deebet kreedit|дебет кредит|приход расход)$/,
  ],
  [
    'debit',
    /^(debit|debits|debit amount|amount debit|debit amt|dr|dr amount|dr amt|withdrawal dr|paid out|money out|funds out|out|outflow|withdrawal|withdrawals|withdrawal amount|spent|payment|payments|charge|charges amount|soll|belastung|ausgang|ausgaben|af|uitgaven|debet|debit eur|debit gbp|debito|cargo|cargos|debe|uscite|addebiti|addebito|sortie|montant debit|wyplata|obciazenia|paid out gbp|paid out eur|debetas|debets|deebet|расход|списание|списано|дебет|видаток|витрати)( (gbp|eur|usd|chf|czk|huf|pln|sek|nok|dkk|inr|sgd|aud|cad))?$|^(出金金額|出金金額 円|お支払金額|お引出金額|支払い金額|支払金額|支出|支出金额|借方金额|借方发生额|suma debit|debit lei)$/,
  ],
  [
    'credit',
    /^(credit|credits|credit amount|amount credit|credit amt|cr|cr amount|cr amt|deposit cr|paid in|money in|funds in|in|inflow|deposit|deposits|deposit amount|received|receipts|haben|gutschrift|eingang|einnahmen|bij|inkomsten|credito|abono|abonos|haber|entrate|accrediti|accredito|entree|montant credit|wplata|uznania|paid in gbp|paid in eur|kreditas|kredits|kreedit|приход|поступление|зачисление|зачислено|кредит|надходження)( (gbp|eur|usd|chf|czk|huf|pln|sek|nok|dkk|inr|sgd|aud|cad))?$|^(入金金額|入金金額 円|お預り金額|預かり金額|預り金額|收入|收入金额|存入|存入金额|贷方金额|贷方发生额|suma credit|credit lei)$/,
  ],
  [
    'amount',
    /^(amounts|value|valor|cash flow|cashflow|trans amount|net amount|gross|gross amount|net|amount gbp|amount eur|amount usd|amount in rs|amount in inr|amount rs|billing amount|amount \w{3}|umsatz in eur|sum|total|debit credit amount|transaction value|zauctovana castka|tranzakcio osszege|osszeg|suma|сума|сумма в валюте карты|сумма платежа|сума операціі|сумма пересчитанная в валюту счета|сумма в валюте счета операции)$|^(入出金|入出金 円|利用金額|ご利用額|ご利用金額|支払総額|金額|交易金额|人民币金额|金额|发生额|交易额|入账金额|סכום עסקה|סכום חיוב|סכום|suma)$/,
  ],
  [
    'type',
    /^(type|transaction type|trans type|txn type|tran type|type of transaction|buchungsart|umsatzart|buchungstext|mutatiesoort|code|transaction code|type operation|type d operation|tipo|tipo operazione|tipo de operacion|typ|subcategory code|typ transakce|tranzakcio tipusa|tehingu tuup|operacijos tipas|darijuma veids|тип операции|вид операции|тип)$/,
  ],
  [
    'reference',
    /^(reference|ref|ref no|reference number|payment reference|your reference|customer reference|cheque|cheque no|cheque number|chq no|chq number|cheque ref|chq ref|check|check number|checknumber|check no|num|number|referenz|referens|referanse|verifikationsnummer|verifikations nummer|kundenreferenz|mandatsreferenz|kenmerk|betalingskenmerk|reference operation|referencia|riferimento|numero|transaction reference|reference id|dok nr|dokumento nr|dokumendi number|dokumenta nr|viitenumber|arhiveerimistunnus|imokos kodas|nr операции|номер операции|номер документа|nr документа|референс|референс проводки|референс|код авторизации|номер транзакции)$/,
  ],
  [
    'currency',
    /^(currency|currency code|ccy|curr|wahrung|waehrung|munt|devise|monnaie|monn|moneda|divisa|devizanem|penznem|billing currency|balance currency|币种|币别|货币|交易货币|貨幣|valuta code|waluta|mena|buchungswahrung|mena uctu|tranzakcio devizaneme|valutacode|valiuta|valuuta|valuta|валюта|валюта счета|валюта платежа|валюта счета операции)$/,
  ],
  [
    'payee',
    /^(payee|payee name|payer|payer name|name|other party|mottagare betalare|betalare mottagare|对方户名|对方账户名称|交易对方|对方名称|对手信息|counter party|counterparty|counterparty name|counter party name|merchant|merchant name|beneficiary|auftraggeber empfanger|auftraggeber begunstigter|auftraggeber beguenstigter|zahlungspflichtiger|zahlungspflichtige|auftraggeber|empfanger|beguenstigter zahlungspflichtiger|begunstigter zahlungspflichtiger|zahlungsempfanger|naam|naam omschrijving|tegenpartij|nom|beneficiaire|ordenante|beneficiario|destinatario|source destination|to from|from to|merchant description|naam tegenpartij|tegenrekeninghouder|naam tegenrekening|handelaar|nazev protiuctu|partner neve|nadawca odbiorca|odbiorca|nadawca|kontrahent|gavejas|moketojas|gavejas moketojas|moketojas gavejas|sanemejs|maksatajs|sanemejs maksatajs|maksatajs sanemejs|saaja maksja|maksja saaja|saaja|maksja|saaja maksaja|maksaja saaja|maksaja|mottagare|avsandare|beneficiary s name|beneficiarys name|получатель|плательщик|контрагент|получатель плательщик|отримувач|платник|контрагент)$/,
  ],
  [
    'description',
    /^(descriptions|desc|narration|transaction description|trans description|merchant description|description 1|details 1|booking text|booking details|payment purpose|purpose of payment|action|descrizione completa|movimentacoes|otsikko|title|vwz\d*|notifications|libelle simplifie|popis transakcie|activity|transaction|transaction narrative|statement description|appears on your statement as|remarks|purpose|extended details|label|wording|transaktionsbeschreibung|paaiskinimai|paskirtis|mokejimo paskirtis|informacija sanemejam|maksajuma detalas|detalas|selgitus|makse selgitus|вид место совершения валюта операции|место совершения|опис|опис операціі|призначення платежу|основание|основание платежа|назначение операции)$|^(摘要|内容|入出金内容|取引内容|交易摘要|交易描述|交易说明|交易备注|附言|用途|利用店名 商品名|利用店名・商品名|שם בית העסק|תיאור|descriere|descrierea tranzactiei|detalii tranzactie|detalii)$/,
  ],
  ['note', /^(notes|note|comment|comments|user comment|personal note|my notes)$/],
  [
    'memo',
    /^(memo|reason|payment reason|reason for payment|additional description|additional information|additional info|info|information|informations complementaires|information complementaire|message|mitteilung|bemerkung|notitie|remarque|observaciones|note aggiuntive|description 2|details 2|narrative 2|original description|transaktionsbeschreibung zusatz|toelichting|zprava|poznamka|kozlemeny|tytul|tytul operacji|tytul przelewu)$/,
  ],
];

const FROM_TABLE: Record<ColumnWord, Role> = {
  date: 'date',
  bookingDate: 'date',
  valueDate: 'valueDate',
  description: 'description',
  debit: 'debit',
  credit: 'credit',
  amount: 'amount',
  balance: 'balance',
  // (A card's amount in the currency it was spent in is never the row's figure.)
  foreign: 'ignore',
};
// (Labels two languages give different roles are left out by the index: the column's values decide.)
const TABLE_ROLES = new Map([...COLUMN_WORDS].map(([w, r]) => [normHeader(w), FROM_TABLE[r]] as const));

/**
 * The role of a normalised header by the patterns above, then by the language tables' whole labels
 * (the patterns hold what the tables do not: a word the tables hold is not repeated there).
 */
export function patternRole(h: string): Role | null {
  for (const [role, re] of HEADER_PATTERNS) if (re.test(h)) return role;
  return TABLE_ROLES.get(h) ?? null;
}

/** Role of one header cell, or null when the words say nothing. */
export function roleOfHeader(cell: string): Role | null {
  const h = normHeader(cell);
  if (!h || h.length > 60) return null;
  // A dollar named by its country's code is the amount in that currency ("CAD$", "USD$": RBC).
  if (/^\s*[A-Z]{2,3}\$\s*$/.test(cell)) return 'amount';
  for (const [role, re] of HEADER_PATTERNS) if (re.test(h)) return role;
  // German gender-inclusive endings ("Zahlungsempfänger*in", "Zahlungspflichtige*r", "Empfänger:innen").
  const gendered = /^(.*[a-z])[*:_/] ?(in|innen|r)$/.exec(cell.trim().toLowerCase()) ? /^(.*) (in|innen|r)$/.exec(h) : null;
  if (gendered) return roleOfHeader(gendered[1] + (gendered[2] === 'r' ? 'r' : ''));
  // Numbered repeats of a text column ("Omschrijving-1", "Omschrijving-2", "Details 3").
  const numbered = /^(.*\D) \d$/.exec(h);
  if (numbered) {
    const r = roleOfHeader(numbered[1]);
    if (r === 'description' || r === 'memo' || r === 'payee') return r;
  }
  // Prefixed forms: "Transaction Amount (GBP)", "Amount(in Rs)", "Betrag (EUR)", "Saldo (EUR)".
  if (/\bbalance\b|saldo\b|\bkontostand\b|\bsolde\b/.test(h)) return 'balance';
  if (/^(paid out|money out|debit|withdrawal)/.test(h)) return 'debit';
  if (/^(paid in|money in|credit|deposit)/.test(h)) return 'credit';
  // German direction suffixes: "Zahlungsbetrag ausgehend" (outgoing) / "... eingehend" (incoming).
  if (/\bausgehende?$/.test(h)) return 'debit';
  if (/\beingehende?$/.test(h)) return 'credit';
  if (/^(amount|betrag|bedrag|montant|importe|importo)\b/.test(h)) return 'amount';
  if (/\bdate\b|\bdatum\b|\bfecha\b/.test(h)) return h.includes('value') || h.includes('valuta') ? 'valueDate' : 'date';
  if (/\bdescription\b|\bdetails\b|\bnarrative\b/.test(h)) return 'description';
  // "Verfügbares Guthaben", "Guthaben nach Buchung": the account balance after the booking.
  if (/\bguthaben\b/.test(h)) return 'balance';
  if (/^partner( name)?$/.test(h)) return 'payee';
  // Every language table's whole labels (src/engine/lang), after the export patterns above.
  const byTable = TABLE_ROLES.get(h);
  if (byTable) return byTable;
  // CamelCase headers ("NetAmount", "JournalDate") normalise to one word: read them as separate words.
  if (/[a-z][A-Z]/.test(cell)) return roleOfHeader(cell.replace(/([a-z])([A-Z])/g, '$1 $2'));
  return null;
}

/** Values of a direction column that mean money in / money out. */
export const CREDIT_MARKS = new RegExp(
  String.raw`^(k|kredit|credito|in|inflow|deposit|received|gutschrift|ingreso|entrata|af\s*bij:?\s*bij|${alternation(CREDIT_MARK_WORDS)})$`,
  'i',
);
export const DEBIT_MARKS = new RegExp(String.raw`^(deb|debito|out|outflow|withdrawal|lastschrift|uscita|${alternation(DEBIT_MARK_WORDS)})$`, 'i');
// A trade's side in an order column ("buy"/"sell" in a fund or broker report) is the cash it moves: a
// buy pays money out of the account, a sale brings it in.
const TRADE_SIDE: Record<string, string> = { buy: 'debit', sell: 'credit' };
/** A direction cell as a debit/credit mark: trade sides read as the cash they move, other cells as printed. */
export const directionMark = (v: string): string => TRADE_SIDE[v.toLowerCase()] ?? v;

/** Labels of figures printed around the table (preamble, trailer, or a row of its own). */
// Word ends are Unicode-aware ("ИТОГО:" ends its word like "Total:" does).
const label = (words: string): RegExp => new RegExp(`^(?:${words})(?![\\p{L}\\p{N}])`, 'iu');

// The patterned English forms and the words of languages without a table (Hungarian) are here; every
// language table's opening and closing phrases (src/engine/lang) are merged in.
export const OPENING_LABEL = label(
  'balance at (the )?(start|beginning) of (the )?period|balance b\\/?f|b\\/?f|start balance|starting balance|beginning balance|nyit[oó] egyenleg|' +
    alternation(OPENING_WORDS),
);
export const CLOSING_LABEL = label(
  'balance at (the )?end of (the )?period|balance c\\/?f|c\\/?f|end balance|final balance|z[aá]r[oó] egyenleg|' + alternation(CLOSING_WORDS),
);

/** Total lines inside or under the table: neither transactions nor skipped rows. */
export const TOTAL_LABEL = label(
  'total|totals|sum|summe|totaal|totale|totaux|gesamt|turnover|umsatz gesamt' +
    '|razem|celkem|obrat|[oö]sszesen|apyvarta|apgroz[iī]jums|k[aä]ive|kokku|итого|всего|обороты|оборот|разом|обороти',
);
/** A label a total word ends, after a word or two ("Transactions Total", "Grand total:"): on an undated row, a total. */
export const TRAILING_TOTAL_LABEL = /^\p{L}+(?: \p{L}+)? (?:total|totals|summe|totaal|totale|gesamt):?$/iu;
