// The reference a description labels ("REF 985543", "Reference: 48081950", "Ref: RENT U94",
// "CHQ 100234"): the contract's Reference is a reference or cheque number printed in its own column or
// clearly labelled. The description keeps its text whole (the label and the value stay in it); the
// value is read into Reference only where no reference column gave one. Pure: text in, text out.

/** The longest reference a payment carries: SEPA's remittance and end-to-end ids (35 characters). */
const REFERENCE_MAX = 35;

/** "REF", "Ref.", "Reference:", "REF NO", "Reference number #": a label, then the value. */
const REF_LABEL = /\bref(?:erence)?\b(?:\s*(?:no\b|number\b|#))?\.?\s*[:#]?\s*(?=\S)/gi;
/** A cheque's serial: "CHQ 100234", "CHEQUE NO. 100234", "Cheque number 100234" (UK serials are six digits). */
const CHEQUE = /\b(?:chq|cheque)(?:\s*(?:no\b|number\b|#))?\.?\s*[:#]?\s*(\d{6})(?!\S)/i;
/** Words that end a reference: they start the next part of the line ("REF.GIFT FROM L HUGHES", "MANDATE NO 14"). */
const ENDS = new Set(['FROM', 'TO', 'ON', 'VIA', 'AT', 'BY', 'MANDATE', 'CARD', 'DATE', 'REF', 'REFERENCE']);
/** A separator that ends a reference: a comma, semicolon or bar, with or without a space before it. */
const SEPARATOR = /^[,;|]|[,;|]$/;

/** The value after one label: words up to a separator, an ending word or the length a reference has. */
function valueAt(text: string, from: number): string {
  const words: string[] = [];
  let length = 0;
  for (const raw of text.slice(from).split(/\s+/)) {
    if (!raw || /^[,;|]/.test(raw)) break;
    const word = raw.replace(/[,;|.:]+$/, '');
    if (!word || (words.length && ENDS.has(word.toUpperCase()))) break;
    if (!words.length && ENDS.has(word.toUpperCase())) return '';
    if (length + word.length + (words.length ? 1 : 0) > REFERENCE_MAX) break;
    words.push(word);
    length += word.length + (words.length > 1 ? 1 : 0);
    if (SEPARATOR.test(raw)) break;
  }
  // A value needs a letter or a digit: "Ref: -" labels nothing.
  const value = words.join(' ');
  return /[\p{L}\p{N}]/u.test(value) ? value : '';
}

/** The reference the description labels, or "" when it labels none. */
export function labelledReference(description: string): string {
  if (!description) return '';
  for (const m of description.matchAll(REF_LABEL)) {
    const value = valueAt(description, m.index + m[0].length);
    if (value) return value;
  }
  return CHEQUE.exec(description)?.[1] ?? '';
}
