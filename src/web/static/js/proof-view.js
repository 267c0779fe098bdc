// "Why this is checked": the equations behind the verdict (the result's proof), in words a person can
// redo with a calculator from the statement: the printed figure before, plus the rows' amounts, gives
// the printed figure after. The same equations the page's re-check uses (recheck.js).
import { $, el } from './dom.js';
import { formatMoney, formatUnits, toUnits } from './money.js';

/** Equations listed at most; the rest are counted (a long export has one a row). */
const SHOWN = 40;

const rowsText = (rows) => {
  if (!rows.length) return 'No rows';
  const contiguous = rows.every((r, i) => i === 0 || r === rows[i - 1] + 1);
  if (rows.length === 1) return `Row ${rows[0]}`;
  return contiguous ? `Rows ${rows[0]} to ${rows[rows.length - 1]}` : `${rows.length} rows (${rows.slice(0, 6).join(', ')}${rows.length > 6 ? ' …' : ''})`;
};

/**
 * @param {{ rows: number[], start: string, end: string, start_label: string, end_label: string, currency: string, holds: boolean, implied?: boolean }[]} proof
 * @param {{ Amount: string }[]} transactions the rows as they stand (1-based in the proof)
 * @param {number} digits the currency's minor digits
 */
export function renderProof(proof, transactions, digits) {
  const box = $('proof');
  const checked = proof.filter((e) => !e.implied);
  box.hidden = checked.length === 0;
  if (box.hidden) return;
  const holding = proof.filter((e) => e.holds).length;
  $('proof-summary').textContent =
    holding === proof.length
      ? `Why this is checked: ${proof.length === 1 ? 'one sum' : `${proof.length.toLocaleString('en-GB')} sums`} of printed figures, all adding up`
      : `What was checked: ${proof.length.toLocaleString('en-GB')} sums of printed figures, ${(proof.length - holding).toLocaleString('en-GB')} not adding up`;
  const items = proof.slice(0, SHOWN).map((e) => {
    let sum = 0n;
    for (const r of e.rows) sum += toUnits(transactions[r - 1]?.Amount ?? '');
    const text = `${rowsText(e.rows)}: ${formatMoney(e.start, digits)} (${e.start_label}) plus ${formatUnits(sum, digits)} gives ${formatMoney(e.end, digits)} ${e.currency} (${e.end_label})`;
    return el('li', { 'data-holds': String(e.holds) }, text, ' ', el('strong', {}, e.holds ? '✓ adds up' : '✗ does not add up'));
  });
  const more =
    proof.length > SHOWN ? [el('li', {}, `… and ${(proof.length - SHOWN).toLocaleString('en-GB')} more (include=proof in the API gives them all).`)] : [];
  $('proof-list').replaceChildren(...items, ...more);
}
