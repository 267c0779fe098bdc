// Neutralises spreadsheet formulas in free-text cells (OWASP CSV injection, ASVS 5.0 1.2.10, CWE-1236).
// Only ever applied to text columns: amounts and dates are generated from validated values, and a `'`
// in front of a negative number would turn it into text (grafana #17363, woocommerce-payments #9303).

// `=` `+` `-` `@` start a formula in Excel, LibreOffice and Sheets; TAB, CR, LF and NUL are on the OWASP
// and ASVS lists because some readers strip them and then see the next character. `|` starts a DDE
// command in some readers (`|calc'!A0`), and so does a bare `cmd|' /C calc'!A0`. Full-width and small
// forms (`＝` U+FF1D, `＋` `－` `＠`, `﹦` `﹢` `﹣` `﹫`) are read as their ASCII twins by Excel with East Asian
// input. Leading white space of any kind (spaces, no-break and ideographic spaces) is skipped because
// Excel ignores it before `=` on entry.
const TRIGGER = /^[\s\u00a0\u3000]*[=+\-@|\t\r\n\0\uff1d\uff0b\uff0d\uff20\ufe66\ufe62\ufe63\ufe6b]/;
const DDE = /^[\s\u00a0\u3000]*[A-Za-z0-9_.]+\|[^!]*!/;

export const needsGuard = (text: string): boolean => TRIGGER.test(text) || DDE.test(text);

/** The text with a leading `'` when a spreadsheet could read it as a formula. */
export const guardText = (text: string): string => (needsGuard(text) ? `'${text}` : text);
