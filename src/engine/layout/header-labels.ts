// The role a header label names ("Money out" -> debit), read from the layout's own words and then
// the export headers' lexicon. Header detection asks about the same texts many times: every run of
// words of a candidate line (twice, for short and long descriptions), every page's repeated header,
// small print naming a "date" on every page. A LabelRoles remembers its answers for one walk over a
// statement's lines and is dropped with it: the texts are the customer's, never kept past the
// conversion (no module-level cache).
import { normHeader, patternRole, type Role } from '../csv/header-words.js';
import { FREE_TEXT_CURRENCY_CODES } from '../currencies.js';
import { foldText, labelRole } from './lexicon.js';
import type { ColumnRole } from './types.js';

const NUMERIC_ROLES: ColumnRole[] = ['debit', 'credit', 'amount', 'balance', 'foreign'];
export const isNumericRole = (r: ColumnRole) => NUMERIC_ROLES.includes(r);

// A currency code or name printed in a label ("Gutschrift CHF", "Amount GBP", "Débit euros", "Amount in
// dollars") says nothing about the role; the "in" of "Paid in" / "Money in" is the role's own word.
const CURRENCY_WORD = new RegExp(
  `\\b(?:(?<!\\b(?:paid|money|payments|cash|transfers) )(?:en|in) )?(${FREE_TEXT_CURRENCY_CODES.join('|').toLowerCase()}|euros?|dollars?|pounds?|sterling|francs?)\\b(?!['’])`,
  'g',
);

// What cleanLabel removes or squeezes; a folded label with none of it (nearly every one) is clean as it is.
const TO_CLEAN = /[(£€$:*]|^\s|\s$|\s\s|[^\S ]/;
const CURRENCY_WORD_ANY = new RegExp(CURRENCY_WORD.source);

export function cleanLabel(s: string): string {
  const folded = foldText(s);
  if (!TO_CLEAN.test(folded) && !CURRENCY_WORD_ANY.test(folded)) return folded;
  return folded
    .replace(/\(.*?\)/g, ' ')
    .replace(/[£€$]/g, ' ')
    .replace(CURRENCY_WORD, ' ')
    .replace(/[:*]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

// The export headers' lexicon (about 115 banks' CSV layouts) names columns a statement prints too
// ("Debit Amt", "Withdrawal Amount", "Verwendungszweck"): it is read after the layout's own words.
const FROM_EXPORT_WORDS: Partial<Record<Role, ColumnRole>> = {
  date: 'date',
  valueDate: 'valuedate',
  description: 'description',
  payee: 'description',
  memo: 'description',
  amount: 'amount',
  debit: 'debit',
  credit: 'credit',
  balance: 'balance',
  type: 'type',
  reference: 'reference',
};

/** What is known of one label text; each part is read on first use (undefined: not read yet). */
interface LabelFacts {
  clean: string;
  /** Role by the layout's own words (language tables, then HEADER_ROLES) of the cleaned label. */
  own?: ColumnRole | null;
  /** Role by the export headers' words, asked only when the own words name none. */
  exported?: ColumnRole | null;
  /** exactRole with single-word descriptions only, and with longer ones. */
  exactShort?: ColumnRole | null;
  exactLong?: ColumnRole | null;
}

/** Label roles, remembered per label text for the life of this object (one walk over a statement). */
export class LabelRoles {
  private readonly known = new Map<string, LabelFacts>();

  private facts(label: string): LabelFacts {
    let f = this.known.get(label);
    if (!f) this.known.set(label, (f = { clean: cleanLabel(label) }));
    return f;
  }

  /** The role a label names; `exportWords` false reads the layout's own words only. */
  roleOf(label: string, exportWords = true): ColumnRole | null {
    const f = this.facts(label);
    if (!f.clean) return null;
    f.own ??= ownRole(f.clean);
    if (f.own || !exportWords) return f.own;
    return (f.exported ??= exportRole(label));
  }

  /**
   * Role of a label when splitting a cell. The description pattern is a "contains" test, so several
   * words count only when they end in a description word and do not start with another role's word
   * ("Merchant Name or Transaction Description", never "Date Description").
   */
  exactRole(label: string, longDescriptions: boolean): ColumnRole | null {
    const f = this.facts(label);
    if (longDescriptions) return f.exactLong !== undefined ? f.exactLong : (f.exactLong = this.readExact(label, f, true));
    return f.exactShort !== undefined ? f.exactShort : (f.exactShort = this.readExact(label, f, false));
  }

  private readExact(label: string, f: LabelFacts, longDescriptions: boolean): ColumnRole | null {
    const r = this.roleOf(label);
    if (r !== 'description') return r;
    const words = f.clean.split(' ');
    if (words.length === 1) return r;
    if (!longDescriptions) return null;
    // (The statement's own words only: an export word such as "Payment" must not block "Payment type and details".)
    // Nor may its first words make a date or a figure column's label ("Trans Date Description of
    // Transaction" is two columns; "Payment type and details" is one).
    for (let k = 1; k < words.length; k++) {
      const head = this.roleOf(words.slice(0, k).join(' '), false);
      if (head === 'date' || head === 'valuedate' || (head && isNumericRole(head))) return null;
    }
    return this.roleOf(words[words.length - 1], false) === 'description' ? r : null;
  }
}

function ownRole(clean: string): ColumnRole | null {
  return labelRole(clean);
}

function exportRole(label: string): ColumnRole | null {
  const r = patternRole(normHeader(label));
  return r ? (FROM_EXPORT_WORDS[r] ?? null) : null;
}
