// Text clean-up shared by writers whose fields are one line with a length limit.

/** Control characters and line breaks become single spaces; the result is trimmed. */
export const oneLine = (text: string): string =>
  text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').replace(/ {2,}/g, ' ').trim();

/** At most `max` characters (code points, so a surrogate pair is never split). */
export function cut(text: string, max: number): string {
  const cps = Array.from(text);
  return cps.length <= max ? text : cps.slice(0, max).join('').trimEnd();
}

/** Escapes the three characters OFX (SGML and XML) reserves. */
export const xmlEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
