// The row reader's rows: one object a row, kept until the result is built.

/**
 * A row as read, and the default reading's DraftRow as it stands (the reconciler takes these objects
 * themselves when a reading changes no amount): one object a row instead of three, kept until the
 * result is built.
 */
export interface ReadRow {
  date: string; // ISO
  /**
   * The row's text parts (a single one as the string itself: no array a row on the usual export); the
   * table drops those its type code repeats (see settleTexts).
   */
  description: string | string[];
  typeCode: string;
  reference: string;
  currency: string;
  /** Signed as the file prints it (amount column) or credit - debit. */
  amount: bigint;
  /** Where the sign came from: an amount column as printed, debit/credit columns, or a direction column. */
  signFrom: 'amount' | 'columns' | 'direction';
  fee: bigint | null;
  balance: bigint | null;
  /** Printed balance before the row (ASN Bank), turned into balances after rows by the table. */
  balanceBefore: bigint | null;
  /** The other reading of a row whose printed labels disagree (a minus beside a credit mark), as DraftRow's. */
  alternatives?: bigint[];
  provenance: { page: number; lines: number[] };
}

/**
 * ReadRow's objects, made by a constructor rather than a literal: V8 allocates a literal whose objects
 * mostly survive straight into the old generation, where every young value stored into it (bigints,
 * strings, the provenance) costs a write-barrier entry; young rows cost a copy instead, which measured
 * 3-8% less CPU on a 100,000-row export.
 */
export class Row implements ReadRow {
  date = '';
  alternatives: bigint[] | undefined = undefined;
  provenance: { page: number; lines: number[] };
  constructor(
    public description: string | string[],
    public typeCode: string,
    public reference: string,
    public currency: string,
    public amount: bigint,
    public signFrom: ReadRow['signFrom'],
    public fee: bigint | null,
    public balance: bigint | null,
    public balanceBefore: bigint | null,
    line: number,
  ) {
    this.provenance = { page: 1, lines: [line] };
  }
}
