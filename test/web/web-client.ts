// A cookie-keeping client over app.inject for the web routes: reads CSRF tokens from pages and
// posts forms the way a browser on the same origin would.
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../helpers/app.js';

export const PASSWORD = 'correct horse battery';

let clients = 0;

export class WebClient {
  readonly cookies = new Map<string, string>();
  /** Each client has its own address (as separate people would), so per-address limits do not add up across tests. */
  constructor(
    readonly t: TestApp,
    readonly origin = 'http://localhost:80',
    readonly address = `198.18.${(++clients >> 8) & 255}.${clients & 255}`,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  async request(o: InjectOptions): Promise<LightMyRequestResponse> {
    const headers = { host: 'localhost:80', ...(o.headers ?? {}) } as Record<string, string>;
    if (this.cookies.size && !('cookie' in headers)) headers.cookie = this.cookieHeader();
    const res = await this.t.app.inject({ remoteAddress: this.address, ...o, headers });
    const set = res.headers['set-cookie'];
    for (const c of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair, ...attrs] = c.split(';');
      const i = pair.indexOf('=');
      const name = pair.slice(0, i).trim();
      const value = pair.slice(i + 1).trim();
      const expired = attrs.some((a) => /max-age=0\b/i.test(a.trim()) || /expires=thu, 01 jan 1970/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  async form(url: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
    return this.request({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: this.origin, ...headers },
      payload: new URLSearchParams(fields).toString(),
    });
  }

  /** The CSRF token of a page (hidden form field or meta tag). */
  static csrfOf(body: string): string {
    const m = /name="_csrf" value="([^"]+)"/.exec(body) ?? /name="csrf-token" content="([^"]+)"/.exec(body);
    if (!m) throw new Error('no CSRF token on the page');
    return m[1];
  }

  async signup(email: string, password = PASSWORD) {
    const page = await this.get('/signup');
    return this.form('/signup', { _csrf: WebClient.csrfOf(page.body), email, password });
  }

  async login(email: string, password = PASSWORD) {
    const page = await this.get('/login');
    return this.form('/login', { _csrf: WebClient.csrfOf(page.body), email, password });
  }

  /** The CSRF token of the logged-in session (from any app page). */
  async csrf(): Promise<string> {
    return WebClient.csrfOf((await this.get('/app/account')).body);
  }
}
