// How responsive the server stays while each attack of issue 47 runs (batches, webhooks, fairness,
// structured files, payees, scans and workbooks): a real `ledgerline serve` on SQLite (loopback only),
// /healthz asked every 20 ms during each attack, its latency printed (p50, p99, max; the target is
// under 100 ms), with the process tree's peak memory. Figures only, nothing asserted. `npm run bench --
// batch`, or alone: `node --import tsx -e "import('./bench/batch-attacks.bench.ts').then((m) => m.run())"`.
import { probeWhile, webSession } from './attack-probe.js';
import { generateStatementPdf } from '../test/fixtures/pdf/generate.js';
import { multipart } from '../test/helpers/multipart.js';
import { receiver, silentReceiver, statementCsv } from '../test/jobs/helpers.js';
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
    // Bodies are built before an attack starts: the probe runs in this process, and building a 40 MB
    // body would hold this process's event loop and be counted against the server.
    const body = (files: { name: string; bytes: string | Uint8Array }[]) => {
      const b = multipart(files.map((f) => ({ name: 'file', value: f.bytes, filename: f.name })));
      return { headers: b.headers, bytes: new Uint8Array(b.payload) };
    };
    type Body = ReturnType<typeof body>;
    const sendJob = (b: Body, k = key) => api('/api/v1/jobs', { method: 'POST', headers: b.headers, body: b.bytes, k });
    const sendConvert = (b: Body, q = '', k = key) => api(`/api/v1/convert${q}`, { method: 'POST', headers: b.headers, body: b.bytes, k });
    const sendWeb = (b: Body, s: { cookie: string; csrf: string }) =>
      fetch(`${base}/app/jobs`, { method: 'POST', headers: { ...b.headers, cookie: s.cookie, 'x-csrf-token': s.csrf, origin: base }, body: b.bytes });
    const jobDone = async (id: string, k = key) => {
      for (;;) {
        const j = (await (await api(`/api/v1/jobs/${id}`, { k })).json()) as { status: string };
        if (j.status === 'done' || j.status === 'failed') return j;
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const idOf = async (res: Response) => (await res.json()) as { id: string; result_key: string };
    await sendConvert(body([{ name: 'warm.csv', bytes: statementCsv(1) }]));

    // Findings 1, 2 and 5: job uploads, web batches.
    const zeros = deflated('z.csv', new Uint8Array(50 * MB));
    const zip = craftZip(Array.from({ length: 10 }, (_, i) => ({ ...zeros, name: `z${i}.csv` })));
    const zipBody = body([{ name: 'zeros.zip', bytes: zip }]);
    line(
      `ZIP ${Math.round(zip.length / 1024)} KB of 10 x 50 MB zeros (API)`,
      await probeWhile(base, pid, async () => {
        const res = await sendJob(zipBody);
        const t0 = performance.now();
        const done = await jobDone((await idOf(res)).id);
        return `${res.status}; job ${done.status} in ${((performance.now() - t0) / 1000).toFixed(1)} s`;
      }),
    );
    const session = await webSession(base, 'web-batch@example.com');
    if (session) {
      line('the same ZIP through /app/jobs (free plan)', await probeWhile(base, pid, async () => `${(await sendWeb(zipBody, session)).status}`));
      const failing = body(Array.from({ length: 10 }, (_, n) => ({ name: `j${n}.csv`, bytes: 'nothing' })));
      line(
        '7 web jobs of 10 failing files',
        await probeWhile(base, pid, async () => {
          const statuses: number[] = [];
          for (let i = 0; i < 7; i++) statuses.push((await sendWeb(failing, session)).status);
          return `statuses ${statuses.join(',')}`;
        }),
      );
    }
    const hidden = (n: number) => Array.from({ length: n }, (_, i) => stored(`.h${i}`, new Uint8Array(0)));
    const zip64 = craftZip(hidden(200_000), { zip64: true });
    const zip64Body = body([{ name: 'h.zip', bytes: zip64 }]);
    line(
      `ZIP64 of 200,000 hidden entries (${Math.round(zip64.length / MB)} MB)`,
      await probeWhile(base, pid, async () => `${(await sendJob(zip64Body)).status}`),
    );

    // Finding 3: fairness between accounts.
    const slow = rowsCsv(40_000);
    const slowBody = body(Array.from({ length: 20 }, (_, i) => ({ name: `a${i}.csv`, bytes: slow })));
    const oneBody = body([{ name: 'b.csv', bytes: statementCsv(7) }]);
    line(
      "20 x 40,000-row files, then another account's 1",
      await probeWhile(base, pid, async () => {
        const big = await idOf(await sendJob(slowBody));
        const t0 = performance.now();
        await jobDone((await idOf(await sendJob(oneBody, victimKey))).id, victimKey);
        const victimS = (performance.now() - t0) / 1000;
        await api(`/api/v1/jobs/${big.id}`, { method: 'DELETE' });
        return `other account's job done in ${victimS.toFixed(1)} s`;
      }),
    );

    // Finding 4: webhooks.
    const silent = await silentReceiver();
    const good = await receiver();
    closers.push(silent.close, good.close);
    const hook = (url: string, k: string) =>
      api('/api/v1/webhooks', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ url, events: ['job.completed'] }), k });
    for (let i = 0; i < 10; i++) await hook(silent.url(i), key);
    await hook(good.url, victimKey);
    const small = [0, 1, 2].map((n) => body([{ name: `w${n}.csv`, bytes: statementCsv(n) }]));
    const victimJob = body([{ name: 'v.csv', bytes: statementCsv(9) }]);
    line(
      'ten silent endpoints, then another account',
      await probeWhile(base, pid, async () => {
        for (const b of small) await jobDone((await idOf(await sendJob(b))).id);
        const t0 = performance.now();
        await jobDone((await idOf(await sendJob(victimJob, victimKey))).id, victimKey);
        const finished = performance.now();
        while (good.received.length < 1) await new Promise((r) => setTimeout(r, 20));
        return `job done in ${((finished - t0) / 1000).toFixed(1)} s, its webhook ${((performance.now() - finished) / 1000).toFixed(2)} s later`;
      }),
    );

    // Findings 6 to 9: structured files, large results, payee rules.
    const ofx = body([{ name: 'one.ofx', bytes: oneLineOfx(50_000) }]);
    line('OFX, 50,000 transactions on one line', await probeWhile(base, pid, async () => `${(await sendConvert(ofx)).status}`));
    const hundredK = body([{ name: 'big.csv', bytes: rowsCsv(100_000) }]);
    line(
      '100,000 rows as Xero (convert)',
      await probeWhile(base, pid, async () => `${(await (await sendConvert(hundredK, '?format=xero')).arrayBuffer()).byteLength} bytes`),
    );
    const webSessionBig = await webSession(base, 'web-large@example.com');
    let webResultId = '';
    if (webSessionBig) {
      server.cli('users', 'set-plan', '--email', 'web-large@example.com', '--plan', 'business');
      line(
        "100,000 rows on the web page's convert",
        await probeWhile(base, pid, async () => {
          const res = await fetch(`${base}/app/convert`, {
            method: 'POST',
            headers: { ...hundredK.headers, cookie: webSessionBig.cookie, 'x-csrf-token': webSessionBig.csrf, origin: base },
            body: hundredK.bytes,
          });
          webResultId = ((await res.json()) as { id: string }).id;
          return `${res.status}`;
        }),
      );
      line(
        'reopening that kept result (web)',
        await probeWhile(base, pid, async () => {
          const res = await fetch(`${base}/app/conversions/${webResultId}/result`, { headers: { cookie: webSessionBig.cookie } });
          return `${res.status}, ${(await res.arrayBuffer()).byteLength} bytes`;
        }),
      );
    }
    const bigJob = await idOf(await sendJob(hundredK));
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
    const longRows = body([
      { name: 'p.csv', bytes: rowsCsv(4_000, (i) => `CARD PAYMENT TO A MERCHANT WITH A LONG NAME NUMBER ${String(i).padStart(5, '0')} LONDON GB`) },
    ]);
    line(
      '500 heavy payee rules, 4,000 rows as Xero',
      await probeWhile(base, pid, async () => `${(await sendConvert(longRows, '?format=xero', victimKey)).status}`),
    );

    // Bounded but worth closing: scans.
    const { bytes: pdf } = await generateStatementPdf({ layout: 'split', rows: 5 });
    const [scan] = await scanPages(pdf, { dpi: 640 });
    const scanBody = body([{ name: 'scan.png', bytes: scan }]);
    line('a 39.6-megapixel scan', await probeWhile(base, pid, async () => `${(await sendConvert(scanBody)).status}`));
    const loop = Buffer.alloc(364);
    loop.write('II*\0', 0, 'latin1');
    loop.writeUInt32LE(8, 4);
    loop.writeUInt16LE(1, 8);
    loop.writeUInt16LE(256, 10);
    loop.writeUInt16LE(4, 12);
    loop.writeUInt32LE(1, 14);
    loop.writeUInt32LE(100, 18);
    loop.writeUInt32LE(8, 22);
    const loopBody = body([{ name: 'loop.tif', bytes: loop }]);
    line('a 364-byte TIFF whose page chain loops', await probeWhile(base, pid, async () => `${(await sendConvert(loopBody)).status}`));
  } finally {
    for (const c of closers) await c().catch(() => {});
    await server.close();
  }
}
