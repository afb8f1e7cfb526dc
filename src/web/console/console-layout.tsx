// The frame of every console page: the head (title, the one stylesheet, never indexed), a header that names
// the console with its navigation and a "Sign out" button once signed in, and the main content.
import type { ComponentChildren } from 'preact';
import { allows } from '../../domain/scopes.js';
import { administers } from '../../domain/staff-roles.js';
import type { SignedIn } from '../../services/staff/sessions.js';
import type { Messages } from '../messages/en.js';
import { csrfField } from './csrf.js';

export interface ConsoleLayoutProps {
  messages: Messages;
  title: string;
  stylesheetHref: string;
  scriptHref: string;
  signedIn?: SignedIn | undefined;
  /** The count of new applications, for the badge; undefined when the role does not read them, or on a POST's answer. */
  newApplications?: number | undefined;
  children: ComponentChildren;
}

export function ConsoleLayout({
  messages,
  title,
  stylesheetHref,
  scriptHref,
  signedIn,
  newApplications,
  children,
}: ConsoleLayoutProps) {
  const m = messages.console;
  return (
    <html lang={messages.lang}>
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex, nofollow" />
        <title>{`${title} – ${m.name}`}</title>
        <link rel="stylesheet" href={stylesheetHref} />
        <script src={scriptHref} defer></script>
      </head>
      <body>
        <a class="skip" href="#main">
          {m.skip}
        </a>
        <header class="site-header">
          <div class="wrap console-header">
            <a href="/console">{m.name}</a>
            {signedIn && (
              <nav class="console-nav" aria-label={m.name}>
                <a href="/console">{m.nav.animals}</a>
                <a href="/console/catalogue">{m.catalogue.title}</a>
                {allows(signedIn.scopes, 'listApplications') && (
                  <a href="/console/applications">
                    {m.applications.nav}
                    {newApplications !== undefined && newApplications > 0 && (
                      <>
                        {' '}
                        <span class="nav-badge">{m.applications.badge(newApplications)}</span>
                      </>
                    )}
                  </a>
                )}
                {allows(signedIn.scopes, 'approveOrder') && (
                  <a href="/console/adoptions">{m.adoptions.nav}</a>
                )}
                {allows(signedIn.scopes, 'listEvents') && <a href="/console/activity">{m.nav.activity}</a>}
                {administers(signedIn.account.role) && (
                  <>
                    <a href="/console/admin/staff">{m.nav.staff}</a>
                    <a href="/console/admin/keys">{m.keys.nav}</a>
                  </>
                )}
                <a href="/console/account">{m.nav.account}</a>
                <form method="post" action="/console/sign-out">
                  <input type="hidden" name={csrfField} value={signedIn.csrfToken} />
                  <button type="submit" class="link-button">
                    {m.nav.signOut}
                  </button>
                </form>
              </nav>
            )}
          </div>
        </header>
        <main id="main" tabIndex={-1}>
          <div class="wrap">
            {signedIn && (
              <p class="signed-in">{m.signedInAs(signedIn.account.name, m.roles[signedIn.account.role])}</p>
            )}
            {children}
          </div>
        </main>
      </body>
    </html>
  );
}
