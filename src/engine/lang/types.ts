// One language's statement words, as data. Words are written as printed, lower case; the index folds
// them (accents stripped) the way each reader folds what it looks up.

/** The column roles a header word can name. */
/** `foreign`: a card's amount in the currency it was spent in, printed beside the account's own: never the row's figure. */
export type ColumnWord = 'date' | 'bookingDate' | 'valueDate' | 'description' | 'debit' | 'credit' | 'amount' | 'balance' | 'foreign';

export interface LanguageTable {
  /** ISO 639-1 code. */
  code: string;
  name: string;
  /**
   * Whole header labels by the role they name. A booking date is the row's date and wins over a value
   * date printed beside it; a label two languages give different roles is ambiguous and left to the
   * columns' own evidence (the index drops it).
   */
  columns: Partial<Record<ColumnWord, string[]>>;
  /** Phrases naming the balance before the period's first row / after its last. */
  opening?: string[];
  closing?: string[];
  /** A balance carried over a page break (printed at a page's foot, and again atop the next). */
  carried?: string[];
  /** Totals of one direction printed under the table ("Suma obciążeń" / "Suma uznań"). */
  totalOut?: string[];
  totalIn?: string[];
  /** One totals label over both figure columns ("Summe Soll/Haben"): each figure is its own column's total. */
  totalBoth?: string[];
  /** Marks printed after a figure, or in a column of their own, that say its direction ("S" / "H"). */
  debitMarks?: string[];
  creditMarks?: string[];
  /** Twelve lists: full month names and the abbreviations banks print (genitive forms too). */
  months?: string[][];
  /**
   * The currency the language points to when nothing else on a statement does (a language spoken in
   * one currency's countries only); none where it is spoken across currencies (English, Portuguese).
   */
  currency?: string;
}
