// Text clean-up shared by writers whose fields are one line with a length limit.

/** Control characters and line breaks become single spaces; the result is trimmed. */
export const oneLine = (text: string): string =>
  text
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim();

/** At most `max` characters (code points, so a surrogate pair is never split). */
export function cut(text: string, max: number): string {
  const cps = Array.from(text);
  return cps.length <= max ? text : cps.slice(0, max).join('').trimEnd();
}

/** At most `max` characters, ending at a word boundary when the cut would split a word. */
export function cutWords(text: string, max: number): string {
  const cps = Array.from(text);
  if (cps.length <= max) return text;
  const head = cps.slice(0, max).join('');
  const space = head.lastIndexOf(' ');
  return (cps[max] === ' ' || space < 1 ? head : head.slice(0, space)).trimEnd();
}

/** Escapes the three characters OFX (SGML and XML) reserves. */
export const xmlEscape = (text: string): string => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** Removes what XML 1.0 cannot hold at all: lone surrogates and the non-characters U+FFFE and U+FFFF. */
export const xmlSafe = (text: string): string => text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]|[\ufffe\uffff]/g, '');
