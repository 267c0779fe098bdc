// Description parts as the readers collect them: whitespace tidied, and no part repeated inside another
// (banks often write the counterparty into the purpose too, or the purpose into the booking text).

export const tidy = (s: string): string => s.replace(/\s+/g, ' ').trim();

const isWordChar = (c: string | undefined) => !!c && /[\p{L}\p{N}]/u.test(c);

/** True when `small` occurs in `big` as whole words (case-insensitive): "X" is not inside "&EXT;". */
export function containsWords(big: string, small: string): boolean {
  const b = big.toUpperCase(),
    s = small.toUpperCase();
  for (let i = b.indexOf(s); i >= 0; i = b.indexOf(s, i + 1)) {
    const edgeL = !isWordChar(s[0]) || !isWordChar(b[i - 1]);
    const edgeR = !isWordChar(s[s.length - 1]) || !isWordChar(b[i + s.length]);
    if (edgeL && edgeR) return true;
  }
  return false;
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
