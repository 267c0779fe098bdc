// Malformed and hostile requests to POST /api/v1/convert: missing or doubled parts, huge fields,
// wrong content types, unknown query values, SQL / path-traversal / control characters in every
// field. Each one is a contract answer, recorded when auth passed, and the server stays healthy.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUpload, multipart, SAMPLE_CSV } from '../helpers/multipart.js';
import { createHostileApp, expectHealthy, expectProblem, expectRefused, type HostileApp } from './hostile-app.js';

const raw = (boundary: string, body: string) => ({
  payload: Buffer.from(body, 'latin1'),
  headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
});

describe('hostile requests', () => {
  let t: HostileApp;
  beforeAll(async () => {
    t = await createHostileApp();
  });
  afterAll(() => t.close());

  it('no file part is 400 invalid_request', async () => {
    const p = await expectRefused(t, await t.post(multipart([{ name: 'bank', value: 'auto' }])), 400, 'invalid_request');
    expect(p.detail).toMatch(/"file" part/);
  });

  it('an empty multipart body (closing boundary only) is 400 invalid_request', async () => {
    await expectRefused(t, await t.post(raw('xyz', '--xyz--\r\n')), 400, 'invalid_request');
  });

  it('two file parts are 400 invalid_request', async () => {
    const up = multipart([
      { name: 'file', value: SAMPLE_CSV, filename: 'a.csv' },
      { name: 'file', value: SAMPLE_CSV, filename: 'b.csv' },
    ]);
    expect((await expectRefused(t, await t.post(up), 400, 'invalid_request')).detail).toMatch(/one file/);
  });

  it('a file part with an empty filename still converts; a file part without a field name is refused', async () => {
    const res = await t.post(multipart([{ name: 'file', value: SAMPLE_CSV, filename: '' }]));
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    const list = (await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': t.key } })).json().conversions;
    expect(list[0].filename).toBe('statement');
    const body = `--b1\r\nContent-Disposition: form-data; filename="s.csv"\r\nContent-Type: text/csv\r\n\r\n${SAMPLE_CSV}\r\n--b1--\r\n`;
    await expectRefused(t, await t.post(raw('b1', body)), 400, 'invalid_request');
  });

  it('a file in a part not called "file" is 400 invalid_request naming it', async () => {
    const p = await expectRefused(t, await t.post(multipart([{ name: 'upload', value: SAMPLE_CSV, filename: 's.csv' }])), 400, 'invalid_request');
    expect(p.detail).toMatch(/upload/);
  });

  it('huge form fields and too many fields are 400 invalid_request', async () => {
    const big = fileUpload(SAMPLE_CSV, 's.csv', [{ name: 'bank', value: 'x'.repeat(2 * 1024 * 1024) }]);
    expect((await expectRefused(t, await t.post(big), 400, 'invalid_request')).detail).toMatch(/longer than/);
    const many = fileUpload(
      SAMPLE_CSV,
      's.csv',
      Array.from({ length: 200 }, (_, i) => ({ name: `f${i}`, value: 'v' })),
    );
    await expectRefused(t, await t.post(many), 400, 'invalid_request');
    const longName = multipart([
      { name: 'n'.repeat(100_000), value: 'v' },
      { name: 'file', value: SAMPLE_CSV, filename: 's.csv' },
    ]);
    const res = await t.post(longName);
    if (res.statusCode !== 200) await expectRefused(t, res, 400, 'invalid_request');
  });

  it('wrong Content-Type is 400 invalid_request', async () => {
    for (const [type, body] of [
      ['application/json', '{"file":"x"}'],
      ['text/plain', SAMPLE_CSV],
      ['application/x-www-form-urlencoded', 'file=abc&bank=auto'],
      ['multipart/form-data', SAMPLE_CSV], // no boundary
      ['multipart/mixed; boundary=abc', `--abc\r\n\r\nx\r\n--abc--`],
      ['application/octet-stream', SAMPLE_CSV],
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/convert', headers: { 'x-api-key': t.key, 'content-type': type }, payload: body });
      expectProblem(res, 400, 'invalid_request');
    }
    await expectHealthy(t);
  });

  it('a malformed multipart body (bad boundary, unterminated part) is 400 invalid_request', async () => {
    const cut = `--b2\r\nContent-Disposition: form-data; name="file"; filename="s.csv"\r\n\r\n${SAMPLE_CSV}`;
    await expectRefused(t, await t.post(raw('b2', cut)), 400, 'invalid_request');
    const garbage = '--b3\r\nthis is not a header\r\n\r\n\r\n--b3--\r\n';
    const res = await t.post(raw('b3', garbage));
    expectProblem(res, 400, 'invalid_request');
  });

  it('unknown query values are 400 invalid_request naming the field (a format: listing the formats)', async () => {
    for (const q of ['?format=pdf', '?format=', '?format=csv&format=json', '?format=%00']) {
      const p = expectProblem(await t.post(fileUpload(SAMPLE_CSV), q), 400, 'invalid_request');
      expect(p.detail).toMatch(/^Unknown format ".*"\. The formats are: json, csv, xlsx, xero, quickbooks, sage, freeagent, ofx, qbo, qif\.$/s);
    }
    for (const q of ['?include=everything', '?classify=maybe']) {
      const p = expectProblem(await t.post(fileUpload(SAMPLE_CSV), q), 400, 'invalid_request');
      expect(p.detail).toMatch(/querystring/);
    }
    await expectHealthy(t);
  });

  it('SQL and path-traversal text in bank is 422 unsupported_bank; tables intact', async () => {
    for (const bank of ["x'; DROP TABLE conversions;--", '../../../../etc/passwd', '..\\..\\windows\\win.ini', "' OR '1'='1", '%00', '${jndi:ldap://x}']) {
      const p = await expectRefused(t, await t.post(fileUpload(SAMPLE_CSV, 's.csv', [{ name: 'bank', value: bank }])), 422, 'unsupported_bank');
      expect(p.detail).toMatch(/banks/);
    }
  });

  it('hostile filenames are stored and echoed only in a safe form', async () => {
    const names = [
      "'; DROP TABLE conversions;--.csv",
      '../../../../etc/passwd.csv',
      '..\\..\\boot.ini.csv',
      'a\x1b[31mred\x07\x00\x7f.csv',
      'evil\u202egpj.csv',
      '<script>alert(1)</script>.csv',
      `${'x'.repeat(5000)}.csv`,
    ];
    for (const name of names) {
      const res = await t.post(fileUpload(SAMPLE_CSV, name), '?format=csv');
      expect(res.statusCode, `${name.slice(0, 40)}: ${res.body.slice(0, 200)}`).toBe(200);
      const cd = String(res.headers['content-disposition']);
      expect(cd).toMatch(/^attachment; filename="[A-Za-z0-9._-]+"; filename\*=UTF-8''[A-Za-z0-9._%-]+$/);
      const list = (await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': t.key } })).json().conversions;
      const stored: string = list[0].filename;
      expect(stored).not.toMatch(/[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/);
      expect(stored).not.toMatch(/[/\\]/);
      expect(stored.length).toBeLessThanOrEqual(255);
    }
    const tables = await t.ctx.dbh.db
      .selectFrom('conversions')
      .select((eb) => eb.fn.countAll().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(tables.n)).toBeGreaterThan(0);
  });

  it('SQL text in the password field and unknown fields is inert', async () => {
    const res = await t.post(
      fileUpload(SAMPLE_CSV, 's.csv', [
        { name: 'password', value: "' OR 1=1;--" },
        { name: 'note', value: '../../etc/shadow' },
      ]),
    );
    expect(res.statusCode).toBe(200);
  });

  it('hostile X-Api-Key values are 401 or the brute-force 429, never a 500', async () => {
    for (const key of ["' OR '1'='1", 'll_live_' + 'A'.repeat(32), 'll_live_../../../etc', 'x'.repeat(8000)]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/convert',
        headers: { ...fileUpload(SAMPLE_CSV).headers, 'x-api-key': key },
        payload: fileUpload(SAMPLE_CSV).payload,
      });
      expectProblem(res, 401, 'invalid_api_key');
    }
  });
});
