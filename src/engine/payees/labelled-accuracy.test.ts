// The payee test set (test/data/payees-labelled.csv): UK description lines written for this project with
// the payee a bookkeeper would type. Reports the figure per kind of line and fails below 95% exact, or
// when any payee carries text its description does not.
import { describe, expect, it } from 'vitest';
import { drawnFrom, loadPayees, scorePayees } from '../../../test/data/payees-labelled.load.js';
import { payeesOf } from './index.js';

const KINDS = ['card', 'direct_debit', 'standing_order', 'faster_payment', 'transfer', 'cash', 'fee', 'foreign', 'credit'];

describe('labelled payee set', () => {
  const rows = loadPayees();

  it('has at least 300 lines of every kind, each with a payee', () => {
    expect(rows.length).toBeGreaterThanOrEqual(300);
    for (const r of rows) {
      expect(r.payee, r.description).not.toBe('');
      expect(KINDS, r.description).toContain(r.kind);
    }
    for (const k of KINDS) expect(rows.filter((r) => r.kind === k).length, k).toBeGreaterThanOrEqual(10);
  });

  it('every hand-written payee is itself text of its description', () => {
    for (const r of rows) expect(drawnFrom(r.payee, r.description), `${r.payee} <= ${r.description}`).toBe(true);
  });

  it('gets at least 95% exact', () => {
    const score = scorePayees(rows);
    const line = (set: string) => {
      const part = rows.filter((r) => r.set === set);
      const missed = score.misses.filter((m) => m.row.set === set).length;
      return `${set} ${part.length - missed}/${part.length}`;
    };
    console.log(`payees exact: ${(score.accuracy * 100).toFixed(1)}% (${score.exact}/${score.total}; ${line('dev')}, ${line('holdout')})`);
    for (const k of KINDS) {
      const part = rows.filter((r) => r.kind === k);
      console.log(`  ${k}: ${part.length - score.misses.filter((m) => m.row.kind === k).length}/${part.length}`);
    }
    for (const m of score.misses) console.log(`  miss: "${m.row.description}" is "${m.row.payee}", got "${m.got}"`);
    expect(score.accuracy).toBeGreaterThanOrEqual(0.95);
  });

  it('never puts text in a payee that its description does not have', () => {
    const got = payeesOf(rows.map((r) => ({ Description: r.description })));
    rows.forEach((r, i) => expect(drawnFrom(got[i], r.description), `${got[i]} <= ${r.description}`).toBe(true));
  });
});
