// Issue 15, finding 1: a classify rule froze the whole server. Rule patterns were JavaScript regular
// expressions run on the main thread: `/.{0,99}.{0,99}.{0,99}.{0,99}.{0,99}X/` on one 100-character
// description held /healthz 55 s, `/.*.*.*X/` on four 512-character rows 39 s, and convert?classify=true
// ran the same rules. Now patterns run on RE2 (linear time), where conversions run (never on the event
// loop), and rules x rows x length is bounded before matching starts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_RULE_WORK } from '../../src/engine/classify/index.js';
import { ClassifyRuleRepository } from '../../src/store/classify-rule.repository.js';
import { accountWithKey } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';
import { createHostileApp, duringAttack, expectProblem, type HostileApp } from './hostile-app.js';

const FIVE_REPEATS = '/.{0,99}.{0,99}.{0,99}.{0,99}.{0,99}X/';
const row = (description: string) => ({
  Date: '01/03/2024',
  Description: description,
  Type: 'debit',
  Debit: '1.00',
  Credit: '',
  Amount: '-1.00',
  Balance: '',
  Reference: '',
  Currency: 'GBP',
});

describe('classify rules cannot freeze the server', () => {
  let t: HostileApp;
  beforeAll(async () => {
    t = await createHostileApp();
  });
  afterAll(() => t.close());

  const addRule = (key: string, pattern: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/classify/rules', headers: { 'x-api-key': key }, payload: { pattern, category: 'other' } });
  const classify = (key: string, transactions: unknown[]) =>
    t.app.inject({ method: 'POST', url: '/api/v1/classify', headers: { 'x-api-key': key }, payload: { transactions } });

  it("the issue's two rules are accepted and answered at once, /healthz answering meanwhile", async () => {
    const { key } = await accountWithKey(t, 'business');
    expect((await addRule(key, FIVE_REPEATS)).statusCode).toBe(201);
    expect((await addRule(key, '/.*.*.*X/')).statusCode).toBe(201);
    const rows = [row('A'.repeat(100)), ...Array.from({ length: 4 }, () => row('B'.repeat(512)))];
    const { value: res, answeredDuring } = await duringAttack(t.app, () => classify(key, rows));
    expect(answeredDuring).toBeGreaterThan(0);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json().transactions.every((x: { reason: string }) => !/Your rule/.test(x.reason))).toBe(true);
  });

  it('convert?classify=true runs the same rules off the event loop', async () => {
    const { key } = await accountWithKey(t, 'business');
    await addRule(key, FIVE_REPEATS);
    await addRule(key, '/tesco.*stores/');
    const up = fileUpload(SAMPLE_CSV);
    const { value: res, answeredDuring } = await duringAttack(t.app, () =>
      t.app.inject({ method: 'POST', url: '/api/v1/convert?classify=true', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload }),
    );
    expect(answeredDuring).toBeGreaterThan(0);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.json().classifications[0].reason).toMatch(/Your rule "\/tesco/);
  });

  it(
    'heavy but allowed work (50 large regex rules x 2,000 rows of 512 characters) runs in a conversion process while /healthz answers',
    { timeout: 120_000 },
    async () => {
      const { account, key } = await accountWithKey(t, 'business');
      const repo = new ClassifyRuleRepository(t.ctx.dbh.db);
      for (let i = 0; i < 50; i++) {
        await repo.insert({
          id: `rule_heavy_${i}`,
          account_id: account.id,
          pattern: `/.{0,99}.{0,99}.{0,99}.{0,9${i % 10}}Z${i}/`,
          category: 'other',
          classification: null,
          created_at: new Date(2026, 0, 1, 0, 0, i).toISOString(),
        });
      }
      const rows = Array.from({ length: 2000 }, (_, i) => row(`${'C'.repeat(500)} ${i}`));
      const { value: res, answeredDuring } = await duringAttack(t.app, () => classify(key, rows));
      expect(answeredDuring).toBeGreaterThan(0);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    },
  );

  it(`rules x rows x length past the bound (${MAX_RULE_WORK.toExponential()} units) are refused with 400, before matching`, { timeout: 120_000 }, async () => {
    const { account, key } = await accountWithKey(t, 'business');
    const repo = new ClassifyRuleRepository(t.ctx.dbh.db);
    for (let i = 0; i < 400; i++) {
      await repo.insert({
        id: `rule_many_${i}`,
        account_id: account.id,
        pattern: FIVE_REPEATS,
        category: 'other',
        classification: null,
        created_at: new Date(2026, 0, 1, 0, i).toISOString(),
      });
    }
    const rows = Array.from({ length: 10_000 }, () => row('D'.repeat(512)));
    const res = await classify(key, rows);
    expect(expectProblem(res, 400, 'invalid_request').detail).toMatch(/400 rules over 10,000 transactions need more work/);
  });
});
