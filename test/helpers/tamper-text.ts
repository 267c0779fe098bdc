// Tampering with what no balance checks: a statement's text and dates (test/engine/tamper-text.security
// .test.ts, bench/tamper-sweep.ts --text). A generated statement (render-statement.ts) is printed again
// with one edit to its pages, and the rows it now prints are worked out beside it; a PASS must read
// exactly those. The edits:
//
// - drop-line: a row's further description line is not printed;
// - move-line: two rows' further description lines trade places (each printed where the other was);
// - move-date: two dated rows' date cells trade places;
// - drop-date: a row's date cell left blank: in a table printing a date once a day the row stands in
//   the day above's group, as printed; in one printing every row's date it has none, and no PASS may
//   give it one;
// - date-down: a day's date printed on its second row instead of its first (a table that prints a date
//   once a day): the first row then stands in the day above's group, as printed;
// - merge-text: a row's first description line printed at the end of the row above's first line.
//
// Classes per edit: caught (not PASS), read (PASS, every row as printed), suspect (PASS, a row read
// otherwise than printed).
import { convert } from '../../src/engine/convert.js';
import type { BankStyle, Item, RenderOptions } from '../fixtures/pdf/render-statement.js';
import { renderStatement } from '../fixtures/pdf/render-statement.js';
import type { TruthRow } from '../fixtures/pdf/generate.js';

export type TextEdit = 'drop-line' | 'move-line' | 'move-date' | 'drop-date' | 'date-down' | 'merge-text';
export const TEXT_EDITS: TextEdit[] = ['drop-line', 'move-line', 'move-date', 'drop-date', 'date-down', 'merge-text'];

export interface TextFinding {
  edit: TextEdit;
  site: number;
  cls: 'caught' | 'read' | 'suspect';
  /** For a suspect: the first row read otherwise than printed. */
  detail?: string;
}

type Tagged = Item & { tag: NonNullable<Item['tag']> };
const tagged = (pages: Item[][]): Tagged[] => pages.flat().filter((it): it is Tagged => !!it.tag);
const descLine = (items: Tagged[], row: number, line: number) => items.find((it) => it.tag.part === 'desc' && it.tag.row === row && it.tag.line === line);
const dateOf = (items: Tagged[], row: number) => items.find((it) => it.tag.part === 'date' && it.tag.row === row);
const squeeze = (s: string) => s.replace(/\s+/g, ' ').trim();

/** Replaces the last whole-word occurrence of `what` (a printed line) in a description. */
function replaceLine(desc: string, what: string, by: string): string {
  const at = desc.lastIndexOf(what);
  return at < 0 ? desc : squeeze(`${desc.slice(0, at)} ${by} ${desc.slice(at + what.length)}`);
}

interface Planned {
  /** Edits the printed pages (given the tagged items of the same pages). */
  apply: (items: Tagged[]) => void;
  /** The rows as now printed. */
  expect: (rows: TruthRow[]) => TruthRow[];
}

/** The `site`-th place the edit applies to in a printed statement, or null past the last. */
function plan(edit: TextEdit, items: Tagged[], rows: number, site: number, style: BankStyle): Planned | null {
  const sites: Planned[] = [];
  const further = (row: number) => items.filter((it) => it.tag.part === 'desc' && it.tag.row === row && (it.tag.line ?? 0) > 0);
  for (let k = 0; k < rows; k++) {
    if (edit === 'drop-line') {
      for (const it of further(k)) {
        const text = it.text;
        sites.push({
          apply: (all) => (all.find((x) => x.tag.row === k && x.tag.part === 'desc' && x.tag.line === it.tag.line)!.text = ''),
          expect: (t) => t.map((r, i) => (i === k ? { ...r, Description: replaceLine(r.Description, text, '') } : r)),
        });
      }
    } else if (edit === 'move-line') {
      const a = further(k)[0];
      const j = [...Array(rows).keys()].find((x) => x > k + 1 && further(x).length > 0 && further(x)[0].text !== a?.text);
      if (!a || j === undefined) continue;
      const b = further(j)[0];
      // (Texts taken now: the edit changes the items themselves.)
      const [at, bt] = [a.text, b.text];
      sites.push({
        apply: (all) => {
          const [x, y] = [descLine(all, k, a.tag.line!)!, descLine(all, j, b.tag.line!)!];
          [x.text, y.text] = [bt, at];
        },
        expect: (t) =>
          t.map((r, i) =>
            i === k ? { ...r, Description: replaceLine(r.Description, at, bt) } : i === j ? { ...r, Description: replaceLine(r.Description, bt, at) } : r,
          ),
      });
    } else if (edit === 'move-date' && !style.bookingSecond) {
      const [x, y] = [dateOf(items, k), dateOf(items, k + 1)];
      if (!x || !y || x.text === y.text) continue;
      sites.push({
        apply: (all) => {
          const [p, q] = [dateOf(all, k)!, dateOf(all, k + 1)!];
          [p.text, q.text] = [q.text, p.text];
        },
        // (Rows below that print no date of their own stand in the group of the date now printed above them.)
        expect: (t) => {
          let last = k + 2;
          while (last < t.length && !dateOf(items, last)) last++;
          return t.map((r, i) => (i === k ? { ...r, Date: t[k + 1].Date } : i > k && i < last ? { ...r, Date: t[k].Date } : r));
        },
      });
    } else if (edit === 'drop-date' && !style.bookingSecond && k > 0) {
      if (!dateOf(items, k)) continue;
      sites.push({
        apply: (all) => {
          dateOf(all, k)!.text = '';
        },
        expect: (t) => {
          let last = k + 1;
          while (last < t.length && !dateOf(items, last)) last++;
          const date = style.dateOnce ? t[k - 1].Date : '(none printed)';
          return t.map((r, i) => (i >= k && i < last ? { ...r, Date: date } : r));
        },
      });
    } else if (edit === 'date-down' && style.dateOnce && !style.bookingSecond && k > 0) {
      const d = dateOf(items, k);
      const below = descLine(items, k + 1, 0);
      if (!d || dateOf(items, k + 1) || !below || Math.abs(below.y - d.y) < 1) continue;
      // (Only a row on the same page as the row above: atop a page, an undated row has no group above.)
      sites.push({
        apply: (all) => {
          const [p, q] = [dateOf(all, k)!, descLine(all, k + 1, 0)!];
          p.y = q.y;
        },
        expect: (t) => t.map((r, i) => (i === k ? { ...r, Date: t[k - 1].Date } : r)),
      });
    } else if (edit === 'merge-text' && k > 0) {
      const [up, own] = [descLine(items, k - 1, 0), descLine(items, k, 0)];
      // (Short enough to stay in the description column, and on the same page.)
      if (!up || !own || up.text.length + own.text.length > 34 || own.y - up.y > 40 || own.y < up.y) continue;
      const [ut, ot] = [up.text, own.text];
      sites.push({
        apply: (all) => {
          const [p, q] = [descLine(all, k - 1, 0)!, descLine(all, k, 0)!];
          p.text = `${ut} ${ot}`;
          q.text = '';
        },
        expect: (t) =>
          t.map((r, i) =>
            i === k - 1
              ? { ...r, Description: replaceLine(r.Description, ut, `${ut} ${ot}`) }
              : i === k
                ? { ...r, Description: replaceLine(r.Description, ot, '') }
                : r,
          ),
      });
    }
  }
  return sites[site] ?? null;
}

const key = (r: Pick<TruthRow, 'Date' | 'Description' | 'Amount'>) => `${r.Date} | ${r.Description} | ${r.Amount}`;

/** Prints the statement with each edit at up to `sites` places and classes what the engine reads. */
export async function tamperText(style: BankStyle, opts: RenderOptions & { as: 'pdf' | 'text' }, edits: TextEdit[], sites = 3): Promise<TextFinding[]> {
  const base = await renderStatement(style, opts);
  const out: TextFinding[] = [];
  for (const edit of edits) {
    for (let site = 0; site < sites; site++) {
      let planned: Planned | null = null;
      const { bytes, truth } = await renderStatement(style, {
        ...opts,
        edit: (pages) => {
          const items = tagged(pages);
          planned = plan(edit, items, base.truth.transactions.length, site, style);
          if (planned) planned.apply(items);
          for (const p of pages) p.splice(0, p.length, ...p.filter((it) => it.text !== ''));
        },
      });
      if (!planned) break;
      const want = (planned as Planned).expect(truth.transactions).map(key);
      const r = await convert(bytes, { filename: opts.as === 'pdf' ? 's.pdf' : 's.txt' }).catch(() => null);
      if (!r || r.reconcile_status !== 'PASS') {
        out.push({ edit, site, cls: 'caught' });
        continue;
      }
      const got = r.transactions.map(key);
      const bad = got.length !== want.length ? `${got.length} rows, printed ${want.length}` : got.findIndex((g, i) => g !== want[i]);
      if (bad === -1) out.push({ edit, site, cls: 'read' });
      else out.push({ edit, site, cls: 'suspect', detail: typeof bad === 'string' ? bad : `row ${bad + 1}: read ${got[bad]}, printed ${want[bad]}` });
    }
  }
  return out;
}
