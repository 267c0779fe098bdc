// The hostile suite's test app: the REAL worker pool with small limits (a hang is cut by the per-file
// timeout), and the checks every case repeats: contract problem, server healthy, failure recorded.
import { expect } from 'vitest';
import type { Config } from '../../src/config.js';
import { ERROR_TABLE } from '../../src/errors.js';
import { accountWithKey, createTestApp, type TestApp } from '../helpers/app.js';
import { fileUpload, SAMPLE_CSV } from '../helpers/multipart.js';

// Generous for a busy 2-core machine, still short enough that a hang fails the test instead of stalling it.
export const HOSTILE_TIMEOUT_MS = 30_000;

export type InjectResponse = { statusCode: number; headers: Record<string, unknown>; body: string; json(): any };

export interface HostileApp extends TestApp {
  key: string;
  post(up: { payload: Buffer; headers: Record<string, string> }, query?: string, headers?: Record<string, string>): Promise<InjectResponse>;
}

export async function createHostileApp(config: Partial<Config> = {}): Promise<HostileApp> {
  const t = await createTestApp({
    config: { convertTimeoutMs: HOSTILE_TIMEOUT_MS, convertWorkers: 2, convertWorkerMemoryMb: 512, convertQueueMax: 8, ...config },
    overrides: { converter: 'pool' },
  });
  const { key } = await accountWithKey(t, 'business');
  return {
    ...t,
    key,
    post: (up, query = '', headers = {}) =>
      t.app.inject({ method: 'POST', url: `/api/v1/convert${query}`, headers: { ...up.headers, 'x-api-key': key, ...headers }, payload: up.payload }),
  };
}

interface ResLike {
  statusCode: number;
  headers: Record<string, unknown>;
  body: string;
}

/** The contract's problem+json: the status and code asked for, a useful detail, no stack, no 500. */
export function expectProblem(res: ResLike, status: number, code: string | string[]): { code: string; detail: string } {
  const codes = Array.isArray(code) ? code : [code];
  const p = JSON.parse(res.body);
  expect(res.statusCode, `${res.statusCode} ${res.body.slice(0, 300)}`).toBe(status);
  expect(String(res.headers['content-type'])).toContain('application/problem+json');
  expect(codes, res.body.slice(0, 300)).toContain(p.code);
  expect(p.status).toBe(status);
  expect(ERROR_TABLE[p.code as keyof typeof ERROR_TABLE]?.status).toBe(status);
  expect(p.detail.length).toBeGreaterThan(10);
  expect(p.request_id).toMatch(/^req_/);
  expect(res.body).not.toMatch(/\.(ts|mjs|js):\d+|node_modules|at async /);
  return p;
}

/** Any contract outcome of a conversion: 200, or one of the error table's 4xx (never a 500). */
export function expectContractOutcome(res: ResLike): void {
  if (res.statusCode === 200) return;
  const p = JSON.parse(res.body);
  expect(res.statusCode, res.body.slice(0, 300)).toBeLessThan(500);
  expectProblem(res, res.statusCode, p.code);
}

/** The server still answers /healthz and converts a normal statement. */
export async function expectHealthy(t: HostileApp): Promise<void> {
  const h = await t.app.inject({ url: '/healthz' });
  expect(h.statusCode).toBe(200);
  const ok = await t.post(fileUpload(SAMPLE_CSV, 'ok.csv'));
  expect(ok.statusCode, ok.body.slice(0, 300)).toBe(200);
  expect(ok.json().transaction_count).toBe(3);
}

/** The newest record (called right after the failing request) in GET /api/v1/conversions is a failure with this code. */
export async function expectRecordedFailure(t: HostileApp, code: string, key = t.key): Promise<Record<string, unknown>> {
  const res = await t.app.inject({ url: '/api/v1/conversions', headers: { 'x-api-key': key } });
  expect(res.statusCode).toBe(200);
  const failed = res.json().conversions[0];
  expect(failed?.status, 'the newest record is this failed conversion').toBe('failed');
  expect(failed.error_code).toBe(code);
  return failed;
}

/** Status + code + detail, the failure recorded, and the server healthy afterwards. */
export async function expectRefused(t: HostileApp, res: ResLike, status: number, code: string | string[]): Promise<{ code: string; detail: string }> {
  const p = expectProblem(res, status, code);
  await expectRecordedFailure(t, p.code);
  await expectHealthy(t);
  return p;
}

/**
 * Runs `attack` while /healthz is asked every 20 ms. The server must answer /healthz (200) at least once
 * before the attack settles: its event loop was free while the attack ran. `slowestMs` is reported for
 * the record only (tests make no timing assertions; `npm run bench` measures).
 */
export async function duringAttack<T>(
  app: { inject: TestApp['app']['inject'] },
  attack: () => Promise<T>,
): Promise<{ value: T; answeredDuring: number; slowestMs: number }> {
  let settled = false;
  let answeredDuring = 0;
  let slowestMs = 0;
  const probes: Promise<void>[] = [];
  const probe = async () => {
    const started = performance.now();
    const res = await app.inject({ url: '/healthz' });
    expect(res.statusCode).toBe(200);
    slowestMs = Math.max(slowestMs, performance.now() - started);
    if (!settled) answeredDuring++;
  };
  probes.push(probe());
  const timer = setInterval(() => probes.push(probe()), 20);
  try {
    const value = await attack();
    settled = true;
    return { value, answeredDuring, slowestMs };
  } finally {
    settled = true;
    clearInterval(timer);
    await Promise.all(probes);
  }
}
