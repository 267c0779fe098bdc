// Neutralises spreadsheet formulas in free-text cells (OWASP CSV injection, ASVS 5.0 1.2.10, CWE-1236).
// Only ever applied to text columns: amounts and dates are generated from validated values, and a `'`
// in front of a negative number would turn it into text (grafana #17363, woocommerce-payments #9303).

// `=` `+` `-` `@` start a formula in Excel, LibreOffice and Sheets; TAB, CR and NUL are on the OWASP and
// ASVS lists because some readers strip them and then see the next character. Leading spaces are
// skipped because Excel ignores them before `=` on entry.
const TRIGGER = /^[ ]*[=+\-@\t\r\0]/;

export const needsGuard = (text: string): boolean => TRIGGER.test(text);

/** The text with a leading `'` when a spreadsheet could read it as a formula. */
export const guardText = (text: string): string => (TRIGGER.test(text) ? `'${text}` : text);
