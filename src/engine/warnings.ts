// The one table of warning codes. Every warning the engine, the services or the web page can give is
// declared here once, with the words people see and what it does to the verdict; the verdict
// (verdict.ts), the page's re-check and downloads (sent to the browser as data), every writer's
// summary, the OpenAPI description and the README's list all read it. A code missing from this table
// is a type error in TypeScript and a failing test for the plain-JavaScript pages (warnings.test.ts).
//
// `severity` is for people: a `note` says what the engine did (nothing to do), `check` asks them to
// look at something the statement could not settle, `error` says printed figures disagree.
// `blocks` says whether the warning keeps a result from PASS: `true` always, `false` never, or
// `'instance'` where the warning itself says (`Warning.blocks`), because the same event is sometimes
// settled by printed figures and sometimes not (a line left out that a balance accounts for, or not).

export type Severity = 'note' | 'check' | 'error';

export interface WarningSpec {
  /** Plain words for a person, as a heading: no codes, no jargon. */
  title: string;
  severity: Severity;
  blocks: boolean | 'instance';
  /** One sentence: when the engine gives it and what it means for the rows. */
  means: string;
}

export const WARNINGS = {
  balance_mismatch: {
    title: 'A balance does not add up',
    severity: 'error',
    blocks: true,
    means:
      'A printed balance is not the one before it plus the rows between them (or the statement prints a balance the rows never reach); the row and page are named.',
  },
  totals_mismatch: {
    title: 'The totals do not add up',
    severity: 'error',
    blocks: true,
    means: 'Printed totals of money in or out differ from the sum of the rows.',
  },
  rows_unverified: {
    title: 'Rows not checked against a balance',
    severity: 'check',
    blocks: true,
    means: 'Some rows sit inside no equation between printed figures, so nothing printed confirms them.',
  },
  rows_skipped: {
    title: 'Lines left out',
    severity: 'check',
    blocks: 'instance',
    means:
      'Lines were left out of the rows; it keeps the result from PASS unless printed figures show they move no money (entries not booked, lists that are not the account).',
  },
  rows_undecided: {
    title: 'A line may or may not be a transaction',
    severity: 'check',
    blocks: true,
    means:
      'A line that reads like a total, a subtotal or a balance carried forward could also be a transaction, and neither the balances nor the table decide; its text is kept and named.',
  },
  grouping_uncertain: {
    title: 'Row text grouped by guess',
    severity: 'check',
    blocks: true,
    means: 'The table does not show for sure which printed lines belong to which row; check the descriptions named.',
  },
  text_unplaced: {
    title: 'Printed text not placed in a row',
    severity: 'check',
    blocks: true,
    means: 'A printed line inside the table belongs to no row and nothing in the table shows it belongs to none.',
  },
  page_unread: {
    title: 'A page could not be read',
    severity: 'check',
    blocks: true,
    means: 'A page gave no text, or text the table reader could not place, so its rows may be missing.',
  },
  date_unsupported: {
    title: 'Date taken from another row',
    severity: 'check',
    blocks: true,
    means: "A row's date is not printed on the row or at the head of its group, or the dates' order is not one the statement supports.",
  },
  date_invalid: {
    title: 'Impossible date turned round',
    severity: 'check',
    blocks: true,
    means: 'A printed date is impossible as read (month 13, 31 April); it was read another way.',
  },
  date_order_ambiguous: {
    title: 'Day and month order guessed',
    severity: 'check',
    blocks: 'instance',
    means:
      'Every date reads both day-first and month-first; they were read in the order of the currency printed (month first for US dollars), or, where none is printed, guessed: then the result is not PASS.',
  },
  year_inferred: {
    title: 'Year worked out',
    severity: 'note',
    blocks: 'instance',
    means: 'The dates print no year; it was taken from the statement period. Where nothing printed gives it, the dates are a guess and the result is not PASS.',
  },
  decimal_ambiguous: {
    title: 'Decimal point guessed',
    severity: 'check',
    blocks: true,
    means: 'Every amount could read with a thousands separator or with three decimals.',
  },
  direction_ambiguous: {
    title: 'Money in and out guessed',
    severity: 'check',
    blocks: true,
    means: 'Nothing printed says which way the amounts go, and the balances agree either way.',
  },
  currency_assumed: {
    title: 'Currency assumed',
    severity: 'note',
    blocks: false,
    means: 'The statement names no currency; the one given was assumed (state it with the currency field).',
  },
  currency_inferred: {
    title: 'Currency inferred',
    severity: 'note',
    blocks: false,
    means:
      "The statement prints no currency with its figures; it was taken from its IBAN, its bank's country, a number format or its language (state it with the currency field).",
  },
  duplicate_rows_suspected: {
    title: 'Possible duplicate rows',
    severity: 'check',
    blocks: false,
    means: 'Rows repeat another row exactly.',
  },
  multiple_accounts: {
    title: 'More than one account',
    severity: 'note',
    blocks: false,
    means: 'The file holds statements of several accounts, each reconciled on its own (see statements).',
  },
  multiple_statements: {
    title: 'More than one statement',
    severity: 'note',
    blocks: false,
    means: 'The file holds several statements of one account, each reconciled on its own; the verdict is the worst of them.',
  },
  continuity_gap: {
    title: 'Gap after the previous statement',
    severity: 'check',
    blocks: false,
    means: "The statement does not start where the account's previous statement ended (days or money missing between them).",
  },
  statement_overlap: {
    title: 'Overlaps an earlier upload',
    severity: 'note',
    blocks: false,
    means: 'The period overlaps a statement of the same account converted before; rows dated in the overlap may be duplicates.',
  },
  ocr_used: {
    title: 'Read from a scan',
    severity: 'note',
    blocks: false,
    means: 'Pages were read by text recognition; figures are checked against the printed balances.',
  },
  ocr_repaired: {
    title: 'Scan reading corrected',
    severity: 'note',
    blocks: false,
    means: 'A figure the scan reading got wrong was corrected because the printed balances then agree exactly.',
  },
  ocr_repaired_pair: {
    title: 'Scan figures corrected together',
    severity: 'check',
    blocks: true,
    means:
      'Two figures of one balance break were corrected together: the only pair of look-alike readings with which the printed balances agree. Two slips cannot be told from three by the balances, so check the rows.',
  },
  ocr_ambiguous: {
    title: 'Scan figures unsure',
    severity: 'check',
    blocks: true,
    means: 'A balance break could be closed by more than one reading of the scanned figures, so none was chosen.',
  },
  ocr_unsure_text: {
    title: 'Scan words unsure',
    severity: 'check',
    blocks: true,
    means: 'Text recognition was unsure of date or description words; the balances check figures, not words.',
  },
  rows_corrected: {
    title: 'Rows corrected by a person',
    severity: 'note',
    blocks: false,
    means:
      'A person corrected rows after the statement was read (the result lists each one, as printed and as corrected); the balances were checked again with the corrected rows.',
  },
} as const satisfies Record<string, WarningSpec>;

export type WarningCode = keyof typeof WARNINGS;

export const WARNING_CODES = Object.keys(WARNINGS) as WarningCode[];

export const isWarningCode = (code: string): code is WarningCode => Object.hasOwn(WARNINGS, code);

/** The table as plain data for the browser and the API description (the same object, never a copy of its words). */
export const warningTable = (): Record<string, WarningSpec> => WARNINGS;

const BLOCKS_WORDS = { true: 'yes', false: 'no', instance: 'decided per warning (its `blocks`)' } as const;

/** The table in Markdown (code, title, severity, blocks PASS, meaning): the API description and the README show this. */
export function warningTableMarkdown(): string {
  const rows = WARNING_CODES.map((code) => {
    const w: WarningSpec = WARNINGS[code];
    return `| \`${code}\` | ${w.title} | ${w.severity} | ${BLOCKS_WORDS[String(w.blocks) as keyof typeof BLOCKS_WORDS]} | ${w.means} |`;
  });
  return ['| code | in plain words | severity | blocks PASS | meaning |', '|---|---|---|---|---|', ...rows].join('\n');
}
