// The verdicts in a bookkeeper's words, in one place for every reader: the converter page and its batch
// table (served as /engine/verdict-words.js), Recent conversions, and the XLSX summary. Plain JavaScript
// with no imports, like verdict-rule.js, so a browser runs it as it is.
export const VERDICT_WORDS = {
  PASS: { badge: 'Checked', title: 'Checked: the balances add up' },
  RECONCILE_WARN: { badge: 'Check it', title: 'Check before you use this' },
  NO_BAL: { badge: 'Not checked', title: 'Not checked' },
};
