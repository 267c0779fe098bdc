import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';

const run = promisify(execFile);
const BIN = path.resolve('bin/ledgerline.mjs');

describe('ledgerline convert and the API', () => {
  let t: TestApp;
  let key: string;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp();
    ({ key } = await accountWithKey(t, 'pro'));
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-cli-'));
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('give identical JSON results', async () => {
    const file = path.join(dir, 'statement.csv');
    fs.writeFileSync(file, SAMPLE_CSV);
    const { stdout } = await run(process.execPath, [BIN, 'convert', file, '--format', 'json']);
    const up = fileUpload(SAMPLE_CSV, 'statement.csv');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    expect(JSON.parse(stdout)).toEqual(res.json());
  });

  it('writes the same file bytes as the API (csv)', async () => {
    const file = path.join(dir, 'statement.csv');
    const out = path.join(dir, 'out.csv');
    await run(process.execPath, [BIN, 'convert', file, '--format', 'csv', '--out', out]);
    const up = fileUpload(SAMPLE_CSV, 'statement.csv');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert?format=csv', headers: { ...up.headers, 'x-api-key': key }, payload: up.payload });
    expect(fs.readFileSync(out).equals(res.rawPayload)).toBe(true);
  });

  it('exits 2 with a 400 problem on stderr for a bad file, 3 for no transactions', async () => {
    const png = path.join(dir, 'x.pdf');
    fs.writeFileSync(png, Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]));
    const bad = await run(process.execPath, [BIN, 'convert', png]).catch((e) => e);
    expect(bad.code).toBe(2);
    expect(JSON.parse(bad.stderr).status).toBe(400);
    const txt = path.join(dir, 'notes.txt');
    fs.writeFileSync(txt, 'nothing to see here\n');
    const none = await run(process.execPath, [BIN, 'convert', txt]).catch((e) => e);
    expect(none.code).toBe(3);
    expect(JSON.parse(none.stderr)).toMatchObject({ status: 422, code: 'no_transactions_found' });
  });
});
