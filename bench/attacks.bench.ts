// How responsive the server stays while each attack of issue 15 runs: a real `ledgerline serve` on
// SQLite (loopback only), /healthz asked every 20 ms during each attack, its latency printed (p50, p99,
// max), with the process tree's peak memory. Figures only, nothing asserted. `npm run bench`, or alone:
// `node --import tsx -e "import('./bench/attacks.bench.ts').then((m) => m.run())"`.
import { probeWhile, webSession } from './attack-probe.js';
import { fileUpload, SAMPLE_CSV } from '../test/helpers/multipart.js';
import { imageFlaggedBombPdf } from '../test/hostile/pdf-craft.js';
import { ServerProcess } from '../test/hostile/server-process.js';

export async function run(): Promise<void> {
  const server = new ServerProcess({ CONVERT_WORKERS: '2', RATE_LIMIT_PER_HOUR: '100000', LOG_LEVEL: 'warn' });
  try {
    const key = server.setup();
    const { proc, port } = await server.serve();
    const base = `http://127.0.0.1:${port}`;
    const pid = proc.pid!;
    const api = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, { ...init, headers: { 'x-api-key': key, ...(init.headers ?? {}) } });
    const upload = (bytes: string | Uint8Array, name: string, k = key, q = '') => {
      const up = fileUpload(bytes, name);
      return fetch(`${base}/api/v1/convert${q}`, { method: 'POST', headers: { ...up.headers, 'x-api-key': k }, body: new Uint8Array(up.payload) });
    };
    await upload(SAMPLE_CSV, 'warm.csv');
    const line = (name: string, text: string) => console.log(`attacks: ${name.padEnd(34)} ${text}`);

    line('idle', await probeWhile(base, pid, () => new Promise((r) => setTimeout(() => r('-'), 3000))));

    for (const pattern of ['/.{0,99}.{0,99}.{0,99}.{0,99}.{0,99}X/', '/.*.*.*X/']) {
      await api('/api/v1/classify/rules', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pattern, category: 'other' }),
      });
    }
    const row = (d: string) => ({ Date: '01/03/2024', Description: d, Amount: '-1.00' });
    const rows = [row('A'.repeat(100)), ...Array.from({ length: 4 }, () => row('B'.repeat(512)))];
    line(
      'classify: the two rules, 10 calls',
      await probeWhile(base, pid, async () => {
        const codes: number[] = [];
        for (let i = 0; i < 10; i++)
          codes.push(
            (await api('/api/v1/classify', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ transactions: rows }) }))
              .status,
          );
        return `statuses ${[...new Set(codes)].join(',')}`;
      }),
    );

    const bomb = imageFlaggedBombPdf({ inflatedMb: 2048 });
    line(
      'PDF bomb (2 MB -> 2 GB), two at once',
      await probeWhile(base, pid, async () => {
        const r = await Promise.all([upload(bomb, 'a.pdf'), upload(bomb, 'b.pdf')]);
        return `statuses ${r.map((x) => x.status).join(',')}`;
      }),
    );

    const cr = ['Date,Description,Amount,Balance\r'];
    for (let i = 1; i <= 600_000; i++) cr.push(`01/02/2024,SHOP ${i},-1.00,${(1_000_000 - i).toFixed(2)}${i % 5000 ? '\r' : '\n'}`);
    const crFile = cr.join('');
    line('600,000 CR rows', await probeWhile(base, pid, async () => `status ${(await upload(crFile, 'cr.csv')).status}`));

    const mid = ['Date,Description,Amount,Balance'];
    for (let i = 1; i <= 20_000; i++) mid.push(`01/02/2024,CARD PAYMENT SHOP ${i},-1.00,${(1_000_000 - i).toFixed(2)}`);
    const midCsv = mid.join('\n') + '\n';
    server.cli('users', 'create', '--email', 'victim@example.com', '--password', 'correct horse battery', '--plan', 'business');
    const victimKey = server.cli('keys', 'create', '--email', 'victim@example.com');
    line(
      '34 parallel uploads, one account',
      await probeWhile(base, pid, async () => {
        const burst = Array.from({ length: 34 }, (_, i) => upload(midCsv, `m${i}.csv`));
        await new Promise((r) => setTimeout(r, 200));
        const t0 = performance.now();
        const mine = await upload(SAMPLE_CSV, 'victim.csv', victimKey);
        const victimMs = performance.now() - t0;
        const statuses = (await Promise.all(burst)).map((r) => r.status);
        const count = (s: number) => statuses.filter((x) => x === s).length;
        return `attacker 200 x${count(200)}, 503 x${count(503)}, 400 x${count(400)}; other account ${mine.status} in ${victimMs.toFixed(0)} ms`;
      }),
    );

    const sessions = (await Promise.all([0, 1, 2, 3].map((i) => webSession(base, `render${i}@example.com`)))).filter((s) => s !== null);
    const transactions = Array.from({ length: 30_000 }, (_, i) => ({
      Date: '01/03/2024',
      Description: `CARD PAYMENT TO SOME MERCHANT ${i}`,
      Type: 'debit',
      Debit: '1.00',
      Credit: '',
      Amount: '-1.00',
      Balance: (1e6 - i - 1).toFixed(2),
      Reference: `R${i}`,
      Currency: 'GBP',
    }));
    const body = JSON.stringify({
      filename: 's',
      result: {
        bank: 'generic',
        reconcile_status: 'PASS',
        reconcile_diff: 0,
        transactions,
        warnings: [],
        meta: {
          inputKind: 'csv',
          pageCount: null,
          currency: 'GBP',
          currencyExponent: 2,
          openingBalance: '1000000.00',
          closingBalance: null,
          periodStart: null,
          periodEnd: null,
          accountId: null,
          bankId: null,
          accountType: 'bank',
        },
      },
    });
    line(
      `${sessions.length} x 30,000-row XLSX renders (web)`,
      await probeWhile(base, pid, async () => {
        const r = await Promise.all(
          sessions.map((s) =>
            fetch(`${base}/app/render?format=xlsx`, {
              method: 'POST',
              headers: { 'content-type': 'application/json', cookie: s.cookie, 'x-csrf-token': s.csrf, origin: base },
              body,
            }),
          ),
        );
        return `statuses ${r.map((x) => x.status).join(',')}`;
      }),
    );

    line(
      '25 sign-ups from one address',
      await probeWhile(base, pid, async () => {
        const r = await Promise.all(Array.from({ length: 25 }, (_, i) => webSession(base, `burst${i}@example.com`)));
        return `${r.filter(Boolean).length} accounts created`;
      }),
    );
  } finally {
    await server.close();
  }
}
