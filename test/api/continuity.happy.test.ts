// Continuity across uploads (issue 18): two overlapping statements of one account converted in turn
// (overlap flagged, ids equal for shared rows and different for a changed row), a later statement with
// days missing and another opening, another user's statements kept apart, and the history deleted with
// the user's account. Runs on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateMultiStatementPdf, type StatementPart } from '../fixtures/pdf/multi-statement.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload } from '../helpers/multipart.js';
import { ContinuityRepository } from '../../src/store/continuity.repository.js';

const JAN: StatementPart = {
  number: '12345678',
  from: '2024-01-01',
  to: '2024-01-31',
  opening: 100000,
  fixedRows: [
    { date: '2024-01-05', desc: 'TESCO STORES 2041', amount: -1000 },
    { date: '2024-01-10', desc: 'SALARY ACME CORP', amount: 50000 },
    { date: '2024-01-20', desc: 'SHELL PETROL', amount: -2550 },
    { date: '2024-01-25', desc: 'COSTA COFFEE', amount: -320 },
  ],
};
// 16 January to 15 February: the SHELL row again, the COSTA row printed differently, one new row.
const MID: StatementPart = {
  number: '12345678',
  from: '2024-01-16',
  to: '2024-02-15',
  opening: 149000,
  fixedRows: [
    { date: '2024-01-20', desc: 'SHELL PETROL', amount: -2550 },
    { date: '2024-01-25', desc: 'COSTA COFFEE LONDON', amount: -320 },
    { date: '2024-02-03', desc: 'TFL TRAVEL', amount: -4000 },
  ],
};
// March: 16 February to 29 February missing, and an opening that is not February's closing.
const MAR: StatementPart = {
  number: '12345678',
  from: '2024-03-01',
  to: '2024-03-31',
  opening: 100000,
  fixedRows: [{ date: '2024-03-04', desc: 'BRITISH GAS', amount: -6000 }],
};

describe('continuity across uploads', () => {
  let t: TestApp;
  let key: string;
  let accountId: string;
  beforeAll(async () => {
    t = await createTestApp();
    const a = await accountWithKey(t, 'starter');
    key = a.key;
    accountId = a.account.id;
  });
  afterAll(() => t.close());

  const post = async (part: StatementPart, apiKey = key, query = '?include=ids') => {
    const { bytes } = await generateMultiStatementPdf([part]);
    const up = fileUpload(bytes, 'statement.pdf');
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/convert${query}`, headers: { ...up.headers, 'x-api-key': apiKey }, payload: up.payload });
    expect(res.statusCode).toBe(200);
    return res;
  };

  it('flags the overlap of two statements converted in turn; shared rows keep their ids, a changed row gets another', async () => {
    const jan = (await post(JAN)).json();
    expect(jan.reconcile_status).toBe('PASS');
    expect(jan.continuity).toEqual([{ statement: 1, status: 'first', previous: null, missing: null, opening_difference: null, overlaps: [] }]);
    expect(jan.ids).toHaveLength(4);
    expect(jan.warnings.map((w: { code: string }) => w.code)).not.toContain('statement_overlap');

    const mid = (await post(MID)).json();
    expect(mid.reconcile_status).toBe('PASS');
    const overlap = mid.warnings.find((w: { code: string }) => w.code === 'statement_overlap');
    expect(overlap.message).toMatch(/2024-01-16 to 2024-01-31|overlaps/);
    expect(overlap.row).toBe(1);
    expect(mid.continuity[0].status).toBe('overlap');
    expect(mid.continuity[0].overlaps).toEqual([
      {
        conversion_id: expect.stringMatching(/^conv_/),
        period: { from: '2024-01-01', to: '2024-01-31' },
        closing_balance: '1461.30',
        rows: { first: 1, last: 2, count: 2 },
      },
    ]);
    expect(mid.ids[0]).toBe(jan.ids[2]); // SHELL PETROL, in both
    expect(mid.ids[1]).not.toBe(jan.ids[3]); // COSTA COFFEE printed differently
    // The full number is never in the answer, nor in the ids.
    expect(JSON.stringify(mid)).not.toContain('12345678');
  });

  it('names a statement converted again once, however often it was converted before', async () => {
    const a = await accountWithKey(t, 'starter');
    await post(JAN, a.key);
    for (let i = 0; i < 3; i++) await post(JAN, a.key);
    const again = (await post(JAN, a.key)).json();
    // Four earlier conversions of the same January statement: one overlap, the latest of them.
    expect(again.warnings.filter((w: { code: string }) => w.code === 'statement_overlap')).toHaveLength(1);
    expect(again.continuity[0].overlaps).toHaveLength(1);
  });

  it('the OFX FITIDs are the same ids', async () => {
    const res = await post(MID, key, '?format=ofx');
    const fitids = [...res.body.matchAll(/<FITID>([^<\r\n]*)/g)].map((m) => m[1]);
    const again = (await post(MID)).json();
    expect(fitids).toEqual(again.ids);
  });

  it('flags missing days and an opening that is not the previous closing', async () => {
    const mar = (await post(MAR)).json();
    const gaps = mar.warnings.filter((w: { code: string }) => w.code === 'continuity_gap');
    expect(gaps).toHaveLength(2);
    expect(mar.continuity[0]).toMatchObject({
      status: 'gap',
      missing: { from: '2024-02-16', to: '2024-02-29' },
      opening_difference: '-421.30',
      previous: { period: { from: '2024-01-16', to: '2024-02-15' }, closing_balance: '1421.30' },
    });
  });

  it("keeps another user's statements apart, and deletes them with the user's account", async () => {
    const other = await accountWithKey(t, 'starter');
    const first = (await post(JAN, other.key)).json();
    expect(first.continuity[0].status).toBe('first');
    const repo = new ContinuityRepository(t.ctx.dbh.db);
    expect(await repo.countForAccount(other.account.id)).toBe(1);
    expect(await repo.countForAccount(accountId)).toBeGreaterThan(2);
    const db = t.ctx.dbh.db.withTables<{ accounts: { id: string } }>();
    await db.deleteFrom('accounts').where('id', '=', other.account.id).execute();
    expect(await repo.countForAccount(other.account.id)).toBe(0);
  });
});
