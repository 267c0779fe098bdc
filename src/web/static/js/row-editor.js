// The row editor (a dialog): correct a row, add one the engine missed, delete one. The page's
// `Review` holds the rows; `changed()` redraws everything (and so runs the check again).
import { $ } from './dom.js';
import { formatMoney } from './money.js';
import { rowFromFields } from './review.js';

/** @param {{review: () => any, selectedKey: () => number|null, changed: (key?: number) => void}} page */
export function setupEditor(page) {
  const dialog = $('row-editor');
  let editing = null; // { index } of the row being corrected, or { after } for a new row

  function openEditor(index, adding = false) {
    const r = page.review();
    if (!r) return;
    editing = adding ? { after: index } : { index };
    const x = adding ? null : r.rows[index];
    const digits = r.meta.currencyExponent;
    $('row-editor-title').textContent = adding ? 'Add a row' : `Correct row ${index + 1}`;
    $('ed-after-field').hidden = !adding;
    $('ed-after').value = String(index);
    $('ed-after').max = String(r.rows.length);
    $('ed-date').value = x ? x.t.Date : (r.rows[index - 1]?.t.Date ?? '');
    $('ed-description').value = x ? x.t.Description : '';
    $('ed-out').value = x ? formatMoney(x.t.Debit, digits) : '';
    $('ed-in').value = x ? formatMoney(x.t.Credit, digits) : '';
    $('ed-balance').value = x ? formatMoney(x.t.Balance, digits) : '';
    $('ed-delete').hidden = adding;
    $('ed-error').hidden = true;
    dialog.showModal();
    (adding ? $('ed-date') : $('ed-out')).focus();
  }

  function closeEditor() {
    dialog.close();
    editing = null;
  }

  $('add-row').addEventListener('click', () => {
    const review = page.review();
    if (!review) return;
    const key = page.selectedKey();
    const sel = key === null ? -1 : review.rows.findIndex((x) => x.key === key);
    openEditor(sel >= 0 ? sel + 1 : review.rows.length, true);
  });
  $('ed-cancel').addEventListener('click', closeEditor);
  $('ed-delete').addEventListener('click', () => {
    if (!editing || editing.index === undefined) return;
    page.review().remove(editing.index);
    closeEditor();
    page.changed();
  });
  $('row-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const r = page.review();
    const base = editing.index !== undefined ? r.rows[editing.index].t : null;
    const out = rowFromFields(
      { date: $('ed-date').value, description: $('ed-description').value, out: $('ed-out').value, in: $('ed-in').value, balance: $('ed-balance').value },
      base,
      r.meta,
    );
    if (out.error) {
      $('ed-error').textContent = out.error;
      $('ed-error').hidden = false;
      $(`ed-${out.field}`).focus();
      return;
    }
    let key;
    if (editing.index !== undefined) {
      r.update(editing.index, out.t);
      key = r.rows[editing.index].key;
    } else {
      const after = Math.max(0, Math.min(r.rows.length, Number($('ed-after').value) || 0));
      r.insert(after, out.t);
      key = r.rows[after].key;
    }
    closeEditor();
    page.changed(key);
  });
  return { open: openEditor };
}
