// Log-in, sign-up and error pages.
import { html, type Html } from './html.js';
import { page, type ShellUser } from './layout.page.js';

function alert(message: string | undefined, kind: 'error' | 'ok' = 'error'): Html | '' {
  if (!message) return '';
  return html`<p class="alert alert-${kind}" role="${kind === 'error' ? 'alert' : 'status'}">${message}</p>`;
}

export interface AuthFormState {
  csrf: string;
  email?: string;
  error?: string;
  notice?: string;
  next?: string;
}

export function loginPage(s: AuthFormState): string {
  return page({
    title: 'Log in',
    current: 'login',
    body: html`<section class="card narrow">
      <h1>Log in</h1>
      ${alert(s.notice, 'ok')}${alert(s.error)}
      <form method="post" action="/login" class="stack">
        <input type="hidden" name="_csrf" value="${s.csrf}" />
        <input type="hidden" name="next" value="${s.next ?? ''}" />
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${s.email ?? ''}" />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="current-password" required maxlength="200" />
        <button type="submit" class="primary">Log in</button>
      </form>
      <p>No account yet? <a href="/signup">Sign up</a>. It is free: 5 web conversions a month.</p>
      <details class="help">
        <summary>Forgot your password?</summary>
        <p>
          There is no email reset yet. Ask the administrator of this Ledgerline server to set a new one with
          <code>ledgerline users set-password --email you@example.com --password 'new password'</code>.
        </p>
      </details>
    </section>`,
  });
}

export function signupPage(s: AuthFormState): string {
  return page({
    title: 'Sign up',
    current: 'signup',
    body: html`<section class="card narrow">
      <h1>Create an account</h1>
      ${alert(s.error)}
      <form method="post" action="/signup" class="stack">
        <input type="hidden" name="_csrf" value="${s.csrf}" />
        <label for="email">Email</label>
        <input id="email" name="email" type="email" autocomplete="username" required maxlength="320" value="${s.email ?? ''}" />
        <label for="password">Password</label>
        <input id="password" name="password" type="password" autocomplete="new-password" required minlength="10" maxlength="200" aria-describedby="pw-hint" />
        <p id="pw-hint" class="hint">At least 10 characters. A few unrelated words make a good one.</p>
        <button type="submit" class="primary">Create account</button>
      </form>
      <p>New accounts start on the free plan: 5 conversions a month in this web converter. The API needs a paid plan.</p>
      <p>Already have an account? <a href="/login">Log in</a>.</p>
    </section>`,
  });
}

export function errorPage(status: number, message: string, user: ShellUser | null): string {
  const title =
    status === 404
      ? 'Not found'
      : status === 403
        ? 'Refused'
        : status === 401
          ? 'Please log in'
          : status === 429
            ? 'Too many requests'
            : status >= 500
              ? 'Something went wrong'
              : 'That did not work';
  return page({
    title,
    user,
    body: html`<section class="card narrow">
      <h1>${title}</h1>
      <p class="alert alert-error" role="alert">${message}</p>
      <p>${status === 401 ? html`<a href="/login">Log in</a>` : html`<a href="${user ? '/app/convert' : '/'}">Back to the start</a>`}</p>
    </section>`,
  });
}
