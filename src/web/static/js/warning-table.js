// The engine's one table of warnings (src/engine/warnings.ts), as the page received it: data in the page's
// head, read once. Words for people and what blocks a PASS come from here, never from a copy in this file.
let table = null;

/** The table: code -> { title, severity: 'note' | 'check' | 'error', blocks, means }. */
export function warningTable() {
  if (table === null) {
    const el = globalThis.document?.getElementById('ll-warnings');
    table = el ? JSON.parse(el.textContent) : {};
  }
  return table;
}

/** A warning's heading in plain words ('Note' for a code the table does not know). */
export const warningTitle = (code) => warningTable()[code]?.title ?? 'Note';

/** 'note' | 'check' | 'error' ('check' for a code the table does not know: it is taken as blocking too). */
export const severityOf = (code) => warningTable()[code]?.severity ?? 'check';
