// A word-level trie over every dictionary and keyword phrase, built once. Matching a description walks the
// trie from each word, so the cost per row is (words x longest phrase) map look-ups with no regex per row.

/**
 * Words of letters and digits. A run of 3+ letters is split from digits glued to it ("TESCO1234" reads as
 * TESCO + 1234), but short mixes stay whole, so a reference or postcode such as "BT12345" or "SE1" never
 * reads as the telco BT or the code SE, while "O2" and "C2C" stay names.
 */
export const TOKEN_RE = /[A-Z]{3,}(?=[0-9])|[0-9]+(?=[A-Z]{3})|[A-Z0-9]+/g;
const APOSTROPHES_RE = /['\u2019`]/g;
const AMPERSAND_RE = /&/g;
const NON_ASCII_RE = /[^\x00-\x7f]/;
const COMBINING_RE = /[\u0300-\u036f]/g;

export function tokenize(text: string): string[] {
  let s = text.toUpperCase();
  // Accented letters ("CAFÉ") would otherwise split the word.
  if (NON_ASCII_RE.test(s)) s = s.normalize('NFD').replace(COMBINING_RE, '');
  s = s.replace(APOSTROPHES_RE, '').replace(AMPERSAND_RE, ' AND ');
  return s.match(TOKEN_RE) ?? [];
}

export interface PhraseHit<P> {
  payload: P;
  /** Index of the first word in the token list. */
  start: number;
  /** Number of words matched (prefix entries count as one). */
  length: number;
}

interface Node<P> {
  next: Map<string, Node<P>> | null;
  payloads: P[] | null;
}

const PREFIX_MIN = 3;

export class PhraseMatcher<P> {
  private readonly root = new Map<string, Node<P>>();
  /** Single-word prefix entries ("AMZN*"), bucketed by their first three letters. */
  private readonly prefixes = new Map<string, { prefix: string; payload: P }[]>();

  add(phrase: string, payload: P): void {
    const isPrefix = phrase.endsWith('*');
    const words = tokenize(isPrefix ? phrase.slice(0, -1) : phrase);
    if (words.length === 0) throw new Error(`Empty phrase "${phrase}"`);
    if (isPrefix) {
      if (words.length !== 1 || words[0].length < PREFIX_MIN) throw new Error(`Prefix entries must be one word of ${PREFIX_MIN}+ characters: "${phrase}"`);
      const key = words[0].slice(0, PREFIX_MIN);
      const bucket = this.prefixes.get(key) ?? [];
      bucket.push({ prefix: words[0], payload });
      this.prefixes.set(key, bucket);
      return;
    }
    let level = this.root;
    let node: Node<P> | undefined;
    for (const w of words) {
      node = level.get(w);
      if (!node) {
        node = { next: null, payloads: null };
        level.set(w, node);
      }
      node.next ??= new Map();
      level = node.next;
    }
    (node!.payloads ??= []).push(payload);
  }

  /** Every phrase occurrence in `tokens`, in order of start position then length. */
  findAll(tokens: readonly string[]): PhraseHit<P>[] {
    const hits: PhraseHit<P>[] = [];
    for (let i = 0; i < tokens.length; i++) {
      let level: Map<string, Node<P>> | null = this.root;
      for (let j = i; j < tokens.length && level; j++) {
        const node: Node<P> | undefined = level.get(tokens[j]);
        if (!node) break;
        if (node.payloads) for (const payload of node.payloads) hits.push({ payload, start: i, length: j - i + 1 });
        level = node.next;
      }
      const tok = tokens[i];
      if (tok.length > PREFIX_MIN) {
        const bucket = this.prefixes.get(tok.slice(0, PREFIX_MIN));
        if (bucket)
          for (const p of bucket) if (tok.length > p.prefix.length && tok.startsWith(p.prefix)) hits.push({ payload: p.payload, start: i, length: 1 });
      }
    }
    return hits;
  }
}
