// The page shell shared by every web page: head, skip link, navigation and the log-out form.
import { html, jsonData, type Html } from './html.js';

export interface ShellUser {
  email: string;
  csrfToken: string;
}

export interface ShellOptions {
  title: string;
  user?: ShellUser | null;
  /** Which navigation entry is the current page. */
  current?: 'convert' | 'conversions' | 'account' | 'login' | 'signup';
  /** Module scripts of this page (paths under /static/js/). */
  scripts?: string[];
  /** A wide page (the converter's table beside the statement page). */
  wide?: boolean;
  /** Data the page's scripts read (JSON script elements in the head: id -> value). */
  data?: Record<string, unknown>;
  body: Html;
}

function nav(o: ShellOptions): Html {
  const link = (href: string, label: string, key: ShellOptions['current']) =>
    html`<li><a href="${href}" ${o.current === key ? html` aria-current="page"` : ''}>${label}</a></li>`;
  if (!o.user) {
    return html`<ul class="nav">
      ${link('/login', 'Log in', 'login')}${link('/signup', 'Sign up', 'signup')}
    </ul>`;
  }
  return html`<ul class="nav">
    ${link('/app/convert', 'Converter', 'convert')} ${link('/app/conversions', 'Recent conversions', 'conversions')}
    ${link('/app/account', 'Account', 'account')}
    <li>
      <form method="post" action="/logout" class="inline">
        <input type="hidden" name="_csrf" value="${o.user.csrfToken}" />
        <button type="submit" class="link-button">Log out</button>
      </form>
    </li>
  </ul>`;
}

export function page(o: ShellOptions): string {
  // eslint-disable-next-line @typescript-eslint/restrict-template-expressions -- Html is escaped markup; its toString is the markup
  return `<!doctype html>\n${html`<html lang="en">
    <head>
      <meta charset="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="referrer" content="same-origin" />
      ${o.user ? html`<meta name="csrf-token" content="${o.user.csrfToken}" />` : ''}
      <title>${o.title} · Ledgerline</title>
      <link rel="stylesheet" href="/static/app.css" />
      <link rel="icon" href="data:," />
      ${Object.entries(o.data ?? {}).map(([id, value]) => jsonData(id, value))}
      ${(o.scripts ?? []).map((s) => html`<script type="module" src="/static/js/${s}"></script>`)}
    </head>
    <body>
      <a class="skip" href="#main">Skip to content</a>
      <header class="top">
        <a class="brand" href="/">Ledgerline</a>
        <nav aria-label="Main">${nav(o)}</nav>
        ${o.user ? html`<span class="who" title="Logged in as">${o.user.email}</span>` : ''}
      </header>
      <main id="main" tabindex="-1" ${o.wide ? html` class="wide"` : ''}>${o.body}</main>
      <footer class="foot"><p>Ledgerline converts bank statements and says plainly when the numbers do not add up.</p></footer>
    </body>
  </html>`}`;
}
