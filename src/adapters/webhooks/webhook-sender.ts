// One webhook delivery attempt: the URL is checked (https; no credentials), its host resolved now,
// every address it resolves to must be public (loopback only under WEBHOOK_ALLOW_LOOPBACK), and the
// request goes to the address that was checked. Redirects are not followed; the answer's body is
// read up to 64 KB and thrown away.
import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { addressAllowed, isLoopback } from './address-guard.js';

export interface SendOptions {
  allowLoopback: boolean;
  timeoutMs: number;
}

export interface AttemptResult {
  /** HTTP status, or null when no answer came. */
  statusCode: number | null;
  /** Why the attempt failed (null when it succeeded): no status code, a non-2xx one, or a refused address. */
  error: string | null;
  durationMs: number;
}

export class WebhookUrlError extends Error {}

/** Syntax and scheme checks shared by registration and delivery. */
export function checkUrlShape(raw: string, allowLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new WebhookUrlError('The webhook URL is not a valid absolute URL.');
  }
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) throw new WebhookUrlError('The webhook URL must use https.');
  if (url.username || url.password) throw new WebhookUrlError('The webhook URL must not carry a user name or password.');
  if (!url.hostname) throw new WebhookUrlError('The webhook URL has no host.');
  return url;
}

/**
 * The one answer to a host that is not public or does not resolve. It names neither the addresses a
 * name resolves to nor which of the two it was, so registration cannot be used to map internal DNS
 * ("host vm resolves to 127.0.0.1" told a client what the server's resolver knows).
 */
export const HOST_REFUSED = 'The webhook host is not a public address (or does not resolve); webhooks go to public https endpoints only.';

/** Resolves the URL's host now and returns one address every check passed, or throws WebhookUrlError. */
export async function resolveAllowed(url: URL, allowLoopback: boolean): Promise<{ address: string; family: number }> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) addresses = [{ address: host, family: isIP(host) }];
  else {
    try {
      addresses = await dns.promises.lookup(host, { all: true, verbatim: true });
    } catch {
      throw new WebhookUrlError(HOST_REFUSED);
    }
  }
  if (!addresses.length || addresses.some((a) => !addressAllowed(a.address, allowLoopback))) throw new WebhookUrlError(HOST_REFUSED);
  // Plain http is only ever allowed to loopback (tests), never over a network.
  if (url.protocol === 'http:' && !addresses.every((a) => isLoopback(a.address))) throw new WebhookUrlError('The webhook URL must use https.');
  return addresses[0];
}

export async function sendWebhook(rawUrl: string, body: string, headers: Record<string, string>, opts: SendOptions): Promise<AttemptResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const late = () => ({ statusCode: null, error: `No answer within ${Math.round(opts.timeoutMs / 1000)} s.`, durationMs: elapsed() });
  let url: URL;
  let target: { address: string; family: number };
  // The name lookup counts against the attempt's time too: a name that takes long to resolve must not
  // hold a dispatcher longer than an endpoint that does not answer.
  let stop: NodeJS.Timeout | undefined;
  const deadline = new Promise<null>((resolve) => {
    stop = setTimeout(() => resolve(null), opts.timeoutMs);
  });
  try {
    url = checkUrlShape(rawUrl, opts.allowLoopback);
    const resolved = await Promise.race([resolveAllowed(url, opts.allowLoopback), deadline]);
    if (!resolved) return late();
    target = resolved;
  } catch (e) {
    return { statusCode: null, error: e instanceof WebhookUrlError ? e.message : 'The webhook URL could not be checked.', durationMs: elapsed() };
  } finally {
    clearTimeout(stop);
  }
  const remainingMs = Math.max(1, opts.timeoutMs - elapsed());
  // Pins the connection to the checked address (also under Node's happy-eyeballs, which asks for all).
  const lookup = ((_host: string, options: { all?: boolean }, cb: (...args: unknown[]) => void) => {
    if (options?.all) cb(null, [target]);
    else cb(null, target.address, target.family);
  }) as unknown as LookupFunction;
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<AttemptResult>((resolve) => {
    let settled = false;
    const finish = (r: Omit<AttemptResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...r, durationMs: elapsed() });
    };
    const req = client.request(
      url,
      {
        method: 'POST',
        lookup,
        headers: { ...headers, 'Content-Type': 'application/json', 'Content-Length': String(Buffer.byteLength(body)), 'User-Agent': 'Ledgerline-Webhooks/1.0' },
        agent: false,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        let seen = 0;
        res.on('data', (c: Buffer) => {
          seen += c.length;
          if (seen > 64 * 1024) res.destroy();
        });
        const done = () => finish({ statusCode: status, error: status >= 200 && status < 300 ? null : `The endpoint answered HTTP ${status}.` });
        res.on('end', done);
        res.on('close', done);
        res.on('error', done);
      },
    );
    const timer = setTimeout(() => {
      req.destroy();
      finish(late());
    }, remainingMs);
    req.on('error', (e: NodeJS.ErrnoException) => finish({ statusCode: null, error: `The request failed (${e.code ?? 'error'}).` }));
    req.end(body);
  });
}
