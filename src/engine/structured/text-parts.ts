// Description parts as the readers collect them: whitespace tidied, and no part repeated inside another
// (banks often write the counterparty into the purpose too, or the purpose into the booking text).

export const tidy = (s: string): string => s.replace(/\s+/g, ' ').trim();

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

/** True when `small` occurs in `big` as whole words (case-insensitive): "X" is not inside "&EXT;". */
export function containsWords(big: string, small: string): boolean {
  const b = big.toUpperCase(),
    s = small.toUpperCase();
  const bounded = (i: number) => (!isWordChar(s[0]) || !isWordChar(b[i - 1])) && (!isWordChar(s[s.length - 1]) || !isWordChar(b[i + s.length]));
  const first = b.indexOf(s);
  if (first < 0) return false;
  if (bounded(first)) return true;
  // Later occurrences, found in one pass: searching again from each hit re-read the part every time,
  // |big| x |small| on repetitive text (two 64 KB runs of one letter in an MT940 :86: field: 3.4 s).
  for (const i of occurrences(b, s, first + 1)) if (bounded(i)) return true;
  return false;
}

/** Every start of `s` in `b` from `from` on, in one pass over `b` (Knuth-Morris-Pratt). */
function* occurrences(b: string, s: string, from: number): Generator<number> {
  if (!s) return;
  const fail = new Int32Array(s.length);
  for (let i = 1, k = 0; i < s.length; i++) {
    while (k > 0 && s[i] !== s[k]) k = fail[k - 1];
    if (s[i] === s[k]) k++;
    fail[i] = k;
  }
  for (let i = from, k = 0; i < b.length; i++) {
    while (k > 0 && b[i] !== s[k]) k = fail[k - 1];
    if (b[i] === s[k]) k++;
    if (k === s.length) {
      yield i - s.length + 1;
      k = fail[k - 1];
    }
  }
}

/** Keeps the parts in order, dropping empty ones and any that another part already contains as whole words. */
export function distinct(parts: string[]): string[] {
  const out: string[] = [];
  for (const raw of parts) {
    const p = tidy(raw);
    if (!p) continue;
    if (out.some((o) => containsWords(o, p))) continue;
    for (let i = out.length - 1; i >= 0; i--) if (containsWords(p, out[i])) out.splice(i, 1);
    out.push(p);
  }
  return out;
}

/**
 * A payee and a memo (OFX NAME and MEMO, QIF P and M), neither repeated inside the other (case aside):
 * a payee the memo already holds ("British Gas" in "DD BRITISH GAS & ELECTRIC") gives the memo alone.
 */
export function nameAndMemo(name: string, memo: string): string[] {
  const n = name.trim(),
    m = memo.trim();
  if (!m) return n ? [n] : [];
  if (!n) return [m];
  const nu = n.toUpperCase(),
    mu = m.toUpperCase();
  if (mu.includes(nu)) return [m];
  if (nu.includes(mu)) return [n];
  return [n, m];
}
