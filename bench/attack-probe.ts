// What the attack benches share: /healthz asked every 20 ms while an attack runs on a real server
// (latency p50 / p99 / max, and the peak memory of the server and its conversion processes), and a
// browser-like web session.
import { fork } from 'node:child_process';
import fs from 'node:fs';

const rssMb = (pid: number): number => {
  try {
    return (Number(fs.readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * 4096) / 1048576;
  } catch {
    return 0;
  }
};
const treeMb = (pid: number): number => {
  let sum = rssMb(pid);
  try {
    for (const task of fs.readdirSync(`/proc/${pid}/task`)) {
      for (const c of fs.readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean)) sum += treeMb(Number(c));
    }
  } catch {
    /* gone */
  }
  return sum;
};

const pct = (xs: number[], p: number) => (xs.length ? [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))] : NaN);

/**
 * Runs `attack` while a probe in its own process (healthz-probe.mjs) asks /healthz every 20 ms, so only
 * the server's stalls are counted; this process samples the server's memory meanwhile.
 */
export async function probeWhile(base: string, pid: number, attack: () => Promise<string>): Promise<string> {
  let peak = treeMb(pid);
  const probe = fork(new URL('./healthz-probe.mjs', import.meta.url), [base], { stdio: 'ignore' });
  await new Promise((resolve) => probe.once('message', resolve));
  const sampler = setInterval(() => (peak = Math.max(peak, treeMb(pid))), 20);
  const started = performance.now();
  let outcome: string;
  try {
    outcome = await attack();
  } finally {
    clearInterval(sampler);
  }
  const seconds = (performance.now() - started) / 1000;
  const reply = new Promise<{ latencies: number[] }>((resolve) => probe.once('message', (m) => resolve(m as { latencies: number[] })));
  probe.send('stop');
  const lat = (await reply).latencies;
  return `${seconds.toFixed(1)} s; /healthz n=${lat.length} p50 ${pct(lat, 50).toFixed(1)} ms, p99 ${pct(lat, 99).toFixed(1)} ms, max ${Math.max(...lat).toFixed(1)} ms; peak RSS of server + conversion processes ${Math.round(peak)} MB; ${outcome}`;
}

/** A browser-like session on the web pages: sign-up, then the CSRF token of the account page. */
export async function webSession(base: string, email: string): Promise<{ cookie: string; csrf: string } | null> {
  const page = await fetch(`${base}/signup`);
  const pre = /ll_csrf=([^;]+)/.exec(page.headers.get('set-cookie') ?? '')?.[1];
  const token = /name="_csrf" value="([^"]+)"/.exec(await page.text())?.[1];
  const res = await fetch(`${base}/signup`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: base, cookie: `ll_csrf=${pre}` },
    body: new URLSearchParams({ _csrf: token ?? '', email, password: 'correct horse battery' }).toString(),
  });
  const session = /ll_session=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1];
  if (!session) return null;
  const cookie = `ll_session=${session}`;
  const account = await (await fetch(`${base}/app/account`, { headers: { cookie } })).text();
  return { cookie, csrf: /name="csrf-token" content="([^"]+)"/.exec(account)?.[1] ?? /name="_csrf" value="([^"]+)"/.exec(account)?.[1] ?? '' };
}
