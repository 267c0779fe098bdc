// Which single-byte code page a non-UTF-8 export was written in. UK and Western European banks use
// Windows-1252 / ISO-8859-1 (Nationwide's "£" is 0xA3); Czech, Slovak, Polish, Hungarian and Croatian
// banks use Windows-1250 or ISO-8859-2, where the same bytes are "č", "ř", "ł", "ő"... Read the wrong way,
// "Zaúčtovaná částka" becomes "Zaúètovaná èástka" and no header word matches, so the file answers 422.
//
// The bytes alone do not say which page it is, but the decoded words do: a real word takes its accented
// letters from one language's alphabet ("zaúčtování" is all Czech), while a wrong decoding mixes
// alphabets ("zaúètování": Czech ú and á next to French è) or yields characters the page leaves undefined.
// Each candidate decoding is scored that way; Windows-1252 wins ties, so Western files never change.
//
// Cyrillic (Windows-1251, KOI8-R, DOS 866) and Baltic (Windows-1257, ISO-8859-13) pages join the same
// contest. A Cyrillic word must be Cyrillic throughout ("Cafй", a French "Café" read as Windows-1251, is
// no word), and the Cyrillic pages, which all decode to Cyrillic letters, are told apart by how common
// the letters are: Russian, Ukrainian and Bulgarian text is mostly о е а и н т с р в л, while a wrong
// Cyrillic page shuffles letters into rare ones (ъ ё щ ф э ц ю ы ш).
import iconv from 'iconv-lite';

export type CodePage =
  'windows-1252' | 'windows-1250' | 'iso-8859-2' | 'iso-8859-15' | 'windows-1251' | 'koi8-r' | 'cp866' | 'windows-1257' | 'iso-8859-13' | 'cp852';

/** Candidates in order of preference: earlier ones win ties. */
export const CODE_PAGES: readonly CodePage[] = [
  'windows-1252',
  'windows-1250',
  'iso-8859-2',
  'iso-8859-15',
  'windows-1251',
  'koi8-r',
  'cp866',
  'windows-1257',
  'iso-8859-13',
  'cp852',
];

// Accented letters of each Latin-script language a bank export is likely to be written in (lowercase).
const ALPHABETS: readonly string[] = [
  'äöüß', // German
  'àâæçéèêëîïôœùûüÿ', // French
  'áéíñóúü', // Spanish
  'àèéìíîòóùú', // Italian
  'áâãàçéêíóôõú', // Portuguese
  'éëïöüèáó', // Dutch
  'åäöæøéü', // Danish, Norwegian, Swedish, Finnish
  'áðéíóúýþæö', // Icelandic
  'áčďéěíňóřšťúůýž', // Czech
  'áäčďéíĺľňóôŕšťúýž', // Slovak
  'ąćęłńóśźż', // Polish
  'áéíóöőúüű', // Hungarian
  'ăâîșțşţ', // Romanian
  'čćđšž', // Croatian, Slovene, Bosnian
  'çë', // Albanian
  'äöüšžõ', // Estonian
  'ąčęėįšųūž', // Lithuanian
  'āčēģīķļņšūž', // Latvian
];

// Cyrillic alphabets: every letter of the word must come from one (no Latin letters mixed in).
const CYRILLIC: readonly string[] = [
  'абвгдеёжзийклмнопрстуфхцчшщъыьэюя', // Russian
  'абвгґдеєжзиіїйклмнопрстуфхцчшщьюя', // Ukrainian
  'абвгдежзийклмнопрстуфхцчшщъьюя', // Bulgarian
  'абвгдђежзијклљмнњопрстћуфхцчџш', // Serbian
  'абвгдѓежзѕијклљмнњопрстќуфхцчџш', // Macedonian
  'абвгдеёжзійклмнопрстуўфхцчшыьэюя', // Belarusian
];
const CYRILLIC_LETTER = /[\u0400-\u04ff]/;
// The ten most common letters of Russian, Ukrainian and Bulgarian text (about two thirds of all letters),
// and the rarest ones: a wrong Cyrillic page trades the first for the second.
const COMMON_CYRILLIC = 'оеаинтсрвл';
const RARE_CYRILLIC = 'ъёщфэцюышжхйчзь';

// "µ" (micro sign) counts as a letter in Unicode but is a symbol in bank text.
const WORD = /(?:(?!\u00b5)\p{L})+/gu;
const NON_ASCII = /[^\x00-\x7f]/;
// Bytes the code page leaves undefined (U+FFFD from iconv) or maps to C1 control characters.
const UNDEFINED = /[\ufffd\u0080-\u009f]/g;
// A currency sign against a figure ("£12.30", "12,30 €"): right when the page puts the sign there.
const CURRENCY_FIGURE = /[£€¥]\s?\d|\d\s?[£€]/g;
// A symbol wedged between two letters ("a±b"): in a word, an accented letter read as a symbol.
const SYMBOL_IN_WORD = /\p{L}[\u00a1-\u00bf\u00d7\u00f7\u02c7\u02d8\u02d9\u02db\u02dd]\p{L}/gu;

/** How plausible a decoded text is as Latin-script prose: higher is better. */
export function plausibility(text: string): number {
  // A statement is written in one language: the decoding under which one alphabet explains the most
  // words wins ("šek" read as "ąek" is Polish, "žádost" read as "ľádost" Slovak, in a Czech file).
  const fits = new Array<number>(ALPHABETS.length + CYRILLIC.length).fill(0);
  let score = 0;
  let common = 0,
    rare = 0,
    words = 0,
    none = 0;
  for (const m of text.matchAll(WORD)) {
    const w = m[0];
    if (!NON_ASCII.test(w)) continue;
    // A lone accented capital ("Ł" where "£" was meant) is no word in any of these languages.
    if (w.length === 1) {
      score -= w === w.toLowerCase() ? 0 : 1;
      continue;
    }
    words++;
    const low = [...w.toLowerCase()];
    const accented = low.filter((c) => NON_ASCII.test(c));
    let any = false;
    ALPHABETS.forEach((a, i) => {
      if (accented.every((c) => a.includes(c))) {
        fits[i]++;
        any = true;
      }
    });
    if (CYRILLIC_LETTER.test(w) && !caseBroken(w)) {
      CYRILLIC.forEach((a, i) => {
        if (low.every((c) => a.includes(c))) {
          fits[ALPHABETS.length + i]++;
          any = true;
        }
      });
      for (const c of low) {
        if (COMMON_CYRILLIC.includes(c)) common++;
        else if (RARE_CYRILLIC.includes(c)) rare++;
      }
    }
    if (!any) {
      score -= 1;
      none++;
    }
  }
  const best = Math.max(...fits);
  // Words that fit some other language but not the best one's count against the reading too: a
  // Lithuanian "pradžiai" read as Windows-1252 is "pradþiai", Icelandic, next to French "Gavëjas".
  score += best - (words - none - best);
  // Letter frequencies tell one Cyrillic page from another; worth up to a quarter of the words.
  if (common + rare > 0) score += (fits.slice(ALPHABETS.length).reduce((a, b) => Math.max(a, b), 0) * (common - 2 * rare)) / (4 * (common + rare));
  score -= 3 * (text.match(UNDEFINED)?.length ?? 0);
  score -= 2 * (text.match(SYMBOL_IN_WORD)?.length ?? 0);
  score += text.match(CURRENCY_FIGURE)?.length ?? 0;
  return score;
}

/** A capital after a small letter inside a word ("дЮММШИ"): a case-swapping page (KOI8 read as 1251). */
const caseBroken = (w: string): boolean => /\p{Ll}\p{Lu}/u.test(w);

/** Only the lines holding bytes above 0x7F tell the pages apart; the first 256 KB of them are enough. */
function telling(bytes: Uint8Array): Uint8Array {
  const limit = Math.min(bytes.length, 256 * 1024);
  const parts: number[] = [];
  let start = 0;
  let high = false;
  for (let i = 0; i <= limit; i++) {
    const b = i < limit ? bytes[i] : 10;
    if (b > 0x7f) high = true;
    if (b === 10 || b === 13) {
      if (high) for (let k = start; k <= i && k < limit; k++) parts.push(bytes[k]);
      if (high && i >= limit) parts.push(10);
      start = i + 1;
      high = false;
    }
  }
  return Uint8Array.from(parts);
}

/** Candidate code pages for bytes that are not UTF-8, best first (stable: ties keep CODE_PAGES order). */
export function rankCodePages(bytes: Uint8Array): CodePage[] {
  const sample = Buffer.from(telling(bytes));
  if (!sample.length) return [...CODE_PAGES];
  // Windows-1252 is what most exports are: another page must win clearly, not by one garbled word
  // (a file mangled before export, "Versicher?\xb5ng", reads as nothing in any page).
  const scored = CODE_PAGES.map((cp, i) => ({ cp, i, score: plausibility(iconv.decode(sample, cp)) + (i === 0 ? 1.5 : 0) }));
  scored.sort((a, b) => b.score - a.score || a.i - b.i);
  return scored.map((s) => s.cp);
}

export function decodeCodePage(bytes: Uint8Array, cp: CodePage): string {
  return iconv.decode(Buffer.from(bytes), cp);
}
