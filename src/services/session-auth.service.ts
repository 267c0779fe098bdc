// Web log-in and sign-up: password checks through AccountService, throttling per client address and
// slow-down per (email, address), and answers that never say whether an email has an account.
import type { FailureLimiter } from '../adapters/limiter/rate-limiter.js';
import { isAppError } from '../errors.js';
import { normaliseEmail, type AccountService } from './account.service.js';
import type { NewSession, SessionService } from './session.service.js';

export type AuthOutcome =
  | { ok: true; session: NewSession; accountId: string }
  /** invalid: wrong email or password; refused: sign-up details not accepted. */
  | { ok: false; reason: 'invalid' | 'refused'; message: string }
  | { ok: false; reason: 'throttled'; message: string; retryAfter: number };

export const LOGIN_FAILED = 'The email or password is wrong.';
// Sign-up cannot hide that an email is taken without sending email (no mail system yet), so the
// answer is the same for "taken" as for a refusal, it points to log-in, and it counts as a failure
// for the address so nobody can walk a list of emails through the sign-up form.
export const SIGNUP_REFUSED = 'An account could not be created with this email. If you already have an account, log in instead.';

export interface LoginLimiters {
  /** Failures from one address, whatever the email (the guesser's own address is stopped). */
  byAddress: FailureLimiter;
  /** Failures for one email from one address: slowed down, so the owner elsewhere is never locked out. */
  byPair: FailureLimiter;
}

export class SessionAuthService {
  constructor(
    private readonly accounts: AccountService,
    private readonly sessions: SessionService,
    private readonly limiters: LoginLimiters,
    /** Limiter errors (Redis down) are reported here; the check then fails open, as the API's does. */
    private readonly onLimiterError: (err: unknown) => void = () => {},
  ) {}

  async login(email: string, password: string, address: string): Promise<AuthOutcome> {
    const e = normaliseEmail(email).slice(0, 320);
    const pair = `${e}|${address}`;
    const wait = Math.max(await this.blocked(this.limiters.byAddress, address), await this.blocked(this.limiters.byPair, pair));
    if (wait > 0) return throttled(wait);
    const account = await this.accounts.verifyLogin(e, password.slice(0, 1000));
    if (!account) {
      await this.fail(this.limiters.byAddress, address);
      if (e) await this.fail(this.limiters.byPair, pair);
      return { ok: false, reason: 'invalid', message: LOGIN_FAILED };
    }
    return { ok: true, session: await this.sessions.create(account.id), accountId: account.id };
  }

  async signup(email: string, password: string, address: string): Promise<AuthOutcome> {
    const wait = await this.blocked(this.limiters.byAddress, address);
    if (wait > 0) return throttled(wait);
    try {
      const account = await this.accounts.create(email, password, 'free');
      return { ok: true, session: await this.sessions.create(account.id), accountId: account.id };
    } catch (err) {
      if (!isAppError(err) || err.code !== 'invalid_request') throw err;
      const taken = /already exists/.test(err.detail);
      if (taken) await this.fail(this.limiters.byAddress, address);
      return { ok: false, reason: 'refused', message: taken ? SIGNUP_REFUSED : err.detail };
    }
  }

  private async blocked(l: FailureLimiter, key: string): Promise<number> {
    try {
      return await l.blockedFor(key);
    } catch (err) {
      this.onLimiterError(err);
      return 0;
    }
  }

  private async fail(l: FailureLimiter, key: string): Promise<void> {
    try {
      await l.recordFailure(key);
    } catch (err) {
      this.onLimiterError(err);
    }
  }
}

function throttled(seconds: number): AuthOutcome {
  const wait = seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minutes`;
  return { ok: false, reason: 'throttled', retryAfter: seconds, message: `Too many attempts. Wait ${wait} and try again.` };
}
