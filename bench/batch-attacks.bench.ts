// How responsive the server stays while each attack of issue 47 runs (batches, webhooks, fairness,
// structured files, payees, scans and workbooks): a real `ledgerline serve` on SQLite (loopback only),
// /healthz asked every 20 ms during each attack, its latency printed (p50, p99, max; the target is
// under 100 ms), with the process tree's peak memory. Figures only, nothing asserted. `npm run bench --
// batch`, or alone: `node --import tsx -e "import('./bench/batch-attacks.bench.ts').then((m) => m.run())"`.
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { probeWhile, webSession } from './attack-probe.js';
import { generateStatementPdf } from '../test/fixtures/pdf/generate.js';
import { multipart } from '../test/helpers/multipart.js';
import { statementCsv } from '../test/jobs/helpers.js';
import { scanPages } from '../test/ocr/scan-fixture.js';
import { ServerProcess } from '../test/hostile/server-process.js';
import { craftZip, deflated, stored } from '../test/hostile/zip-craft.js';

const MB = 1024 * 1024;

function rowsCsv(n: number, description = (i: number) => `CARD PAYMENT TO MERCHANT ${i} LONDON GB`): string {
  const lines = ['Date,Description,Amount,Balance'];
  for (let i = 1; i <= n; i++) lines.push(`01/03/2024,${description(i)},-1.00,${(1_000_000 - i).toFixed(2)}`);
  return lines.join('\n') + '\n';
}

function oneLineOfx(n: number): string {
  const rows: string[] = [];
  for (let i = 0; i < n; i++) rows.push(`<STMTTRN><TRNTYPE>DEBIT<DTPOSTED>20240301<TRNAMT>-1.00<FITID>${i}<NAME>SHOP ${i}</STMTTRN>`);
  return (
    'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>GBP<BANKACCTFROM><BANKID>1<ACCTID>2<ACCTTYPE>CHECKING</BANKACCTFROM>' +
    `<BANKTRANLIST><DTSTART>20240301<DTEND>20240331${rows.join('')}</BANKTRANLIST><LEDGERBAL><BALAMT>100.00<DTASOF>20240331</LEDGERBAL></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>`
  );
}

/** A receiver that never answers (its sockets are ended by close()). */
async function silentServer() {
  const sockets = new Set<Socket>();
  const server = http.createServer(() => {});
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: (i: number) => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook${i}`,
    close: () => new Promise<void>((r) => (sockets.forEach((s) => s.destroy()), server.close(() => r()))),
  };
}

async function answeringServer() {
  let got = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      got++;
      res.end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    received: () => got,
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}

export async function run(): Promise<void> {
  const server = new ServerProcess({
    CONVERT_WORKERS: '2',
    RATE_LIMIT_PER_HOUR: '100000',
    LOG_LEVEL: 'warn',
    WEBHOOK_ALLOW_LOOPBACK: 'true',
    WEBHOOK_RETRY_BASE_MS: '600000',
  });
  const closers: (() => Promise<void>)[] = [];
  try {
    const key = server.setup();
    server.cli('users', 'create', '--email', 'victim@example.com', '--password', 'correct horse battery', '--plan', 'business');
    const victimKey = server.cli('keys', 'create', '--email', 'victim@example.com');
    const { proc, port } = await server.serve();
    const base = `http://127.0.0.1:${port}`;
    const pid = proc.pid!;
    const line = (name: string, text: string) => console.log(`batch attacks: ${name.padEnd(40)} ${text}`);
    const api = async (path: string, init: RequestInit & { k?: string } = {}) =>
      fetch(`${base}${path}`, { ...init, headers: { 'x-api-key': init.k ?? key, ...(init.headers ?? {}) } });
    const job = async (files: { name: string; bytes: string | Uint8Array }[], k = key) => {
      const body = multipart(files.map((f) => ({ name: 'file', value: f.bytes, filename: f.name })));
      return api('/api/v1/jobs', { method: 'POST', headers: body.headers, body: new Uint8Array(body.payload), k });
    };
    const convert = async (bytes: string | Uint8Array, name: string, q = '', k = key) => {
      const body = multipart([{ name: 'file', value: bytes, filename: name }]);
      return api(`/api/v1/convert${q}`, { method: 'POST', headers: body.headers, body: new Uint8Array(body.payload), k });
    };
    const jobDone = async (id: string, k = key) => {
      for (;;) {
        const j = (await (await api(`/api/v1/jobs/${id}`, { k })).json()) as { status: string };
        if (j.status === 'done' || j.status === 'failed') return j;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    await convert(statementCsv(1), 'warm.csv');

    // 1, 2: job uploads.
    const zeros = deflated('z.csv', new Uint8Array(50 * MB));
    const zip = craftZip(Array.from({ length: 10 }, (_, i) => ({ ...zeros, name: `z${i}.csv` })));
    line(
      `ZIP ${Math.round(zip.length / 1024)} KB of 10 x 50 MB zeros (API)`,
      await probeWhile(base, pid, async () => {
        const res = await job([{ name: 'zeros.zip', bytes: zip }]);
        const { id } = (await res.json()) as { id: string };
        const t0 = performance.now();
        const done = await jobDone(id);
        return `${res.status}; job ${done.status} in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
      }),
    );
    const session = await webSession(base, 'web-batch@example.com');
    if (session) {
      line(
        'the same ZIP through /app/jobs (free plan)',
        await probeWhile(base, pid, async () => {
          const body = multipart([{ name: 'file', value: zip, filename: 'zeros.zip' }]);
          const res = await fetch(`${base}/app/jobs`, {
            method: 'POST',
            headers: { ...body.headers, cookie: session.cookie, 'x-csrf-token': session.csrf, origin: base },
            body: new Uint8Array(body.payload),
          });
          return `${res.status}`;
        }),
      );
      line(
        '7 web jobs of 10 failing files',
        await probeWhile(base, pid, async () => {
          const statuses: number[] = [];
          for (let i = 0; i < 7; i++) {
            const body = multipart(Array.from({ length: 10 }, (_, n) => ({ name: 'file', value: 'nothing', filename: `j${n}.csv` })));
            const res = await fetch(`${base}/app/jobs`, {
              method: 'POST',
              headers: { ...body.headers, cookie: session.cookie, 'x-csrf-token': session.csrf, origin: base },
              body: new Uint8Array(body.payload),
            });
            statuses.push(res.status);
          }
          return `statuses ${statuses.join(',')}`;
        }),
      );
    }
    const hidden = (n: number) => Array.from({ length: n }, (_, i) => stored(`.h${i}`, new Uint8Array(0)));
    const zip64 = craftZip(hidden(200_000), { zip64: true });
    line(
      `ZIP64 of 200,000 hidden entries (${Math.round(zip64.length / MB)} MB)`,
      await probeWhile(base, pid, async () => `${(await job([{ name: 'h.zip', bytes: zip64 }])).status}`),
    );

    // 3: fairness between accounts.
    const slow = rowsCsv(40_000);
    line(
      "20 x 40,000-row files, then another account's 1",
      await probeWhile(base, pid, async () => {
        const big = (await (await job(Array.from({ length: 20 }, (_, i) => ({ name: `a${i}.csv`, bytes: slow })))).json()) as { id: string };
        const t0 = performance.now();
        const small = (await (await job([{ name: 'b.csv', bytes: statementCsv(7) }], victimKey)).json()) as { id: string };
        await jobDone(small.id, victimKey);
        const victimS = (performance.now() - t0) / 1000;
        await api(`/api/v1/jobs/${big.id}`, { method: 'DELETE' });
        return `other account's job done in ${victimS.toFixed(1)} s`;
      }),
    );

    // 4: webhooks.
    const silent = await silentServer();
    const good = await answeringServer();
    closers.push(silent.close, good.close);
    for (let i = 0; i < 10; i++)
      await api('/api/v1/webhooks', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ url: silent.url(i), events: ['job.completed'] }),
      });
    await api('/api/v1/webhooks', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ url: good.url, events: ['job.completed'] }),
      k: victimKey,
    });
    line(
      'ten silent endpoints, then another account',
      await probeWhile(base, pid, async () => {
        for (let n = 0; n < 3; n++) await jobDone(((await (await job([{ name: `w${n}.csv`, bytes: statementCsv(n) }])).json()) as { id: string }).id);
        const t0 = performance.now();
        await jobDone(((await (await job([{ name: 'v.csv', bytes: statementCsv(9) }], victimKey)).json()) as { id: string }).id, victimKey);
        const finished = performance.now();
        while (good.received() < 1) await new Promise((r) => setTimeout(r, 20));
        return `job done in ${((finished - t0) / 1000).toFixed(1)} s, its webhook ${((performance.now() - finished) / 1000).toFixed(2)} s later`;
      }),
    );

    // 6, 7, 9: files.
    const ofx = oneLineOfx(50_000);
    line('OFX, 50,000 transactions on one line', await probeWhile(base, pid, async () => `${(await convert(ofx, 'one.ofx')).status}`));
    const hundredK = rowsCsv(100_000);
    line(
      '100,000 rows as Xero (convert)',
      await probeWhile(base, pid, async () => `${(await (await convert(hundredK, 'big.csv', '?format=xero')).arrayBuffer()).byteLength} bytes`),
    );
    const bigJob = (await (await job([{ name: 'big.csv', bytes: hundredK }])).json()) as { id: string; result_key: string };
    await jobDone(bigJob.id);
    line(
      '100,000 rows as Xero (job file)',
      await probeWhile(base, pid, async () => {
        const res = await api(`/api/v1/jobs/${bigJob.id}/files/0?format=xero`, { headers: { 'x-job-key': bigJob.result_key } });
        return `${res.status}, ${(await res.arrayBuffer()).byteLength} bytes`;
      }),
    );
    for (let i = 0; i < 500; i++)
      await api('/api/v1/payees/rules', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pattern: '/.{0,99}.{0,99}.{0,99}.{0,99}.{0,99}X/', payee: `P${i}` }),
        k: victimKey,
      });
    line(
      '500 heavy payee rules, 4,000 rows as Xero',
      await probeWhile(base, pid, async () => `${(await convert(rowsCsv(4_000), 'p.csv', '?format=xero', victimKey)).status}`),
    );

    const { bytes: pdf } = await generateStatementPdf({ layout: 'split', rows: 5 });
    const [scan] = await scanPages(pdf, { dpi: 640 });
    line('a 39.6-megapixel scan', await probeWhile(base, pid, async () => `${(await convert(scan, 'scan.png')).status}`));
    const loop = Buffer.alloc(364);
    loop.write('II*\0', 0, 'latin1');
    loop.writeUInt32LE(8, 4);
    loop.writeUInt16LE(1, 8);
    loop.writeUInt16LE(256, 10);
    loop.writeUInt16LE(4, 12);
    loop.writeUInt32LE(1, 14);
    loop.writeUInt32LE(100, 18);
    loop.writeUInt32LE(8, 22);
    line('a 364-byte TIFF whose page chain loops', await probeWhile(base, pid, async () => `${(await convert(loop, 'loop.tif')).status}`));
  } finally {
    for (const c of closers) await c().catch(() => {});
    await server.close();
  }
}
