// The convert use case's failure paths, on real parts: a SQLite database, the real repositories and
// quota service, the in-process engine. A failed conversion gives its quota unit back and is recorded
// with its error code; a record that cannot be written is logged, and the caller still gets the
// conversion's own error.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { createContext, type AppContext } from '../context.js';
import { AppError } from '../errors.js';
import type { ConversionRow } from '../store/conversion.repository.js';
import { ConversionService } from './conversion.service.js';
import type { ServiceLog } from './conversion.types.js';

const NOW = Date.UTC(2026, 10, 15, 12, 0, 0);
const CSV = fs.readFileSync(new URL('../../examples/statement.csv', import.meta.url));

let dir: string;
let ctx: AppContext;
let account: { id: string; plan: string };

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'll-conv-svc-'));
  const config = { ...loadConfig({}), databaseUrl: `sqlite:${path.join(dir, 'test.db')}`, redisUrl: null, logLevel: 'silent' as const };
  ctx = await createContext(config, { clock: () => NOW, converter: 'inline' });
  // The free plan's web quota is 5 a month: small enough to show units coming back.
  const row = await ctx.accounts.create('svc@example.com', 'correct horse battery', 'free');
  account = { id: row.id, plan: row.plan };
});

afterEach(async () => {
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const upload =
  (bytes: Uint8Array, filename = 'statement.csv') =>
  async () => ({ bytes, filename, bank: 'auto' });
const failedRows = async (): Promise<ConversionRow[]> => (await ctx.conversions.list(account.id)).filter((r) => r.status === 'failed');

describe('a failed conversion', () => {
  it('gives its quota unit back: more failures than the quota, and the next conversion still runs', async () => {
    const junk = new Uint8Array([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x00, 0x00]);
    for (let i = 0; i < 7; i++) {
      await expect(ctx.conversions.convert({ account, source: 'web', format: 'json', readUpload: upload(junk, 'junk.bin') })).rejects.toBeInstanceOf(AppError);
    }
    expect((await ctx.quota.status(account, 'web')).used).toBe(0);
    const ok = await ctx.conversions.convert({ account, source: 'web', format: 'json', readUpload: upload(CSV) });
    expect(ok.quota.used).toBe(1);
  });

  it('is recorded with its error code and what was known of the upload, never its content', async () => {
    const junk = new Uint8Array([0x00, 0x01, 0x02, 0xff, 0xfe, 0x00, 0x00, 0x00]);
    const err = await ctx.conversions.convert({ account, source: 'web', format: 'csv', readUpload: upload(junk, 'junk.bin') }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    const [row] = await failedRows();
    expect(row).toMatchObject({
      status: 'failed',
      error_code: (err as AppError).code,
      filename: 'junk.bin',
      file_size: 8,
      format: 'csv',
      source: 'web',
      transaction_count: null,
      reconcile_status: null,
    });
  });

  it("that fails while the upload is read is recorded with the reader's code, and its unit is given back", async () => {
    const readUpload = async () => {
      throw new AppError('file_too_large', 'The file is over the limit.');
    };
    await expect(ctx.conversions.convert({ account, source: 'web', format: 'json', readUpload })).rejects.toMatchObject({ code: 'file_too_large' });
    expect(await failedRows()).toHaveLength(1);
    expect((await failedRows())[0]).toMatchObject({ error_code: 'file_too_large', filename: '', file_size: null });
    expect((await ctx.quota.status(account, 'web')).used).toBe(0);
  });

  it("whose record cannot be written is logged, and the caller still gets the conversion's own error", async () => {
    const repo = ctx.repos.conversions;
    const broken = Object.assign(Object.create(repo) as typeof repo, { insert: () => Promise.reject(new Error('database is locked')) });
    const warnings: Array<{ obj: Record<string, unknown>; msg: string }> = [];
    const log: ServiceLog = { warn: (obj, msg) => warnings.push({ obj, msg }) };
    const service = new ConversionService(broken, ctx.quota, ctx.converter, () => NOW);
    service.setLogger(log);
    const readUpload = async () => {
      throw new AppError('invalid_request', 'Send the statement as multipart/form-data with a "file" part.');
    };
    await expect(service.convert({ account, source: 'web', format: 'json', readUpload })).rejects.toMatchObject({ code: 'invalid_request' });
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toBe('failed conversion not recorded');
    expect(warnings[0].obj).toMatchObject({ code: 'invalid_request', err: { message: 'database is locked' } });
    expect((await ctx.quota.status(account, 'web')).used).toBe(0);
  });
});
