// The real server process (bin/ledgerline.mjs serve on SQLite) killed with SIGKILL in the middle of
// conversions, and the CLI killed in the middle of key creation: after a restart the database passes
// PRAGMA integrity_check, and the month's quota equals the successful conversions recorded (none
// lost, none counted twice).
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateStatementPdf } from '../fixtures/pdf/generate.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';
import { killed, postFile, ServerProcess } from './server-process.js';

// Eight conversions in flight from one account: above the default per-account cap of 4, raised here so
// that every one of them is in the pool when the kill lands.
const server = new ServerProcess({ CONVERT_WORKERS: '2', CONVERT_TIMEOUT_MS: '20000', CONVERT_PER_ACCOUNT: '16' });

const convert = async (port: number, key: string, bytes: string | Uint8Array, name: string): Promise<number> =>
  (await postFile(port, key, fileUpload(bytes, name))).status;

function inspect(): { integrity: string; used: number; succeeded: number; failed: number; keys: number; badKeys: number } {
  const db = new SQLite(server.dbFile);
  try {
    const integrity = (db.pragma('integrity_check', { simple: true }) as string) ?? '';
    const used = (db.prepare('SELECT COALESCE(SUM(used), 0) AS n FROM monthly_usage').get() as { n: number }).n;
    const succeeded = (db.prepare("SELECT COUNT(*) AS n FROM conversions WHERE status = 'succeeded'").get() as { n: number }).n;
    const failed = (db.prepare("SELECT COUNT(*) AS n FROM conversions WHERE status = 'failed'").get() as { n: number }).n;
    const keys = (db.prepare('SELECT COUNT(*) AS n FROM api_keys').get() as { n: number }).n;
    const badKeys = (db.prepare("SELECT COUNT(*) AS n FROM api_keys WHERE length(key_hash) <> 64 OR prefix NOT LIKE 'll_live_%'").get() as { n: number }).n;
    return { integrity, used, succeeded, failed, keys, badKeys };
  } finally {
    db.close();
  }
}

describe('SIGKILL during conversions and key creation', () => {
  let key: string;
  beforeAll(() => {
    key = server.setup();
    expect(key).toMatch(/^ll_live_/);
  });
  afterAll(() => server.close());

  it('kill -9 with conversions in flight: consistent database, quota equals successes after restart', async () => {
    const { bytes: pdf } = await generateStatementPdf({ layout: 'split', rows: 160, rowsPerPage: 40 });
    for (let round = 0; round < 2; round++) {
      const { proc, port } = await server.serve();
      expect(await convert(port, key, SAMPLE_CSV, 'warm.csv')).toBe(200);
      // A burst of slow PDFs and quick CSVs; the kill lands while some are running and some queued.
      const inFlight = Array.from({ length: 8 }, (_, i) => convert(port, key, i % 2 ? pdf : SAMPLE_CSV, `f${i}.${i % 2 ? 'pdf' : 'csv'}`));
      await new Promise((r) => setTimeout(r, 400 + round * 300));
      await killed(proc);
      const statuses = await Promise.all(inFlight);
      expect(statuses.every((s) => s === 0 || s === 200)).toBe(true);
    }
    // Restart: the server repairs what the kills left, then must agree with its own records.
    const { proc, port } = await server.serve();
    expect(await convert(port, key, SAMPLE_CSV, 'after.csv')).toBe(200);
    const health = await fetch(`http://127.0.0.1:${port}/readyz`);
    expect(health.status).toBe(200);
    await killed(proc);
    const s = inspect();
    expect(s.integrity).toBe('ok');
    expect(s.used).toBe(s.succeeded);
  }, 240_000);

  it('kill -9 during key creation: every stored key is whole, and the database is intact', async () => {
    for (let i = 0; i < 6; i++) {
      const proc = server.spawn(['keys', 'create', '--email', 'k@example.com', '--name', `k${i}`]);
      await new Promise((r) => setTimeout(r, 300 + i * 250));
      await killed(proc);
    }
    const s = inspect();
    expect(s.integrity).toBe('ok');
    expect(s.badKeys).toBe(0);
    expect(s.keys).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
