// Integrity signals (issue 18, `include=integrity`): facts about a file that an edit after the bank
// made it tends to leave. Signals, not accusations: every one has innocent causes, listed in
// docs/integrity-signals.md, and the level only says how many and how strong they are.

export type IntegrityCode =
  | 'incremental_update' // the file was saved again after it was first written (appended revisions)
  | 'editor_producer' // an editing tool wrote the file, after another program (the bank's) created it
  | 'modified_after_creation' // the file's modification date is later than its creation date
  | 'text_over_text' // other text painted on top of text
  | 'figure_style' // a figure in a size or typeface unlike the rest of its column
  | 'arithmetic_break'; // a row whose arithmetic breaks while the rows around it chain

export interface IntegritySignal {
  code: IntegrityCode;
  message: string;
  /** 1-based page, when the signal is about one place. */
  page?: number;
}

export interface IntegrityReport {
  level: 'none' | 'low' | 'high';
  signals: IntegritySignal[];
}

/** Signals that rarely have an innocent cause on a bank's own statement. */
const STRONG: ReadonlySet<IntegrityCode> = new Set(['editor_producer', 'text_over_text']);

/** none: no signal; high: a strong signal, or three kinds of signal together; low: anything else. */
export function integrityOf(signals: IntegritySignal[]): IntegrityReport {
  const kinds = new Set(signals.map((s) => s.code));
  const level = !signals.length ? 'none' : [...kinds].some((k) => STRONG.has(k)) || kinds.size >= 3 ? 'high' : 'low';
  return { level, signals };
}
