// The console's staff administration, through HTTP on every backend: admins alone (a volunteer and staff get
// 403 and no link); an invitation shows its one-time link once, on the page that answers it, and the link
// works; a bad or taken email comes back beside its field with the values kept; a role changes; disabling
// ends the account's sessions at once; the last enabled admin cannot be disabled; names are inert.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { consoleBrowser, signedInAs, strongPassword, type ConsoleBrowser } from '../helpers/console.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { unescaped } from './page-html.js';

const probe = '<img src=x onerror=alert(1)>';
const linkOf = (html: string) =>
  /<code>(http[^<]*\/console\/welcome\?token=[A-Za-z0-9_-]+)<\/code>/.exec(html)?.[1];

for (const backend of backends) {
  describe(`console staff administration on ${backend.name}`, () => {
    let t: TestApp;
    let admin: ConsoleBrowser;
    before(async () => {
      t = await startTestApp(backend);
      admin = (await signedInAs(t, 'admin')).browser;
    });
    after(() => t.close());

    test('volunteers and staff get 403 for every page and form, and no link to them', async () => {
      for (const role of ['volunteer', 'staff'] as const) {
        const { browser } = await signedInAs(t, role);
        assert.equal((await browser.get('/console/admin/staff')).statusCode, 403, role);
        const invite = await browser.post('/console/admin/staff', {
          name: 'X',
          email: 'x@example.org',
          role: 'admin',
        });
        assert.equal(invite.statusCode, 403, role);
        assert.equal((await browser.post('/console/admin/staff/1/disable', {})).statusCode, 403, role);
        // Refused before its body is read: a bad role shows nothing of the accounts either.
        const badRole = await browser.post('/console/admin/staff/1/role', { role: 'owner' });
        assert.equal(badRole.statusCode, 403, role);
        assert.doesNotMatch(badRole.body, /@example\.org/, role);
        assert.doesNotMatch((await browser.get('/console')).body, /admin\/staff/, role);
      }
      assert.ok(!(await t.app.services.staff.accounts.list()).some((a) => a.email === 'x@example.org'));
      assert.match((await admin.get('/console')).body, /href="\/console\/admin\/staff">Staff</);
    });

    test('an invitation shows its link once; the link sets a password and signs in', async () => {
      const email = `new.${process.pid}@example.org`;
      const invited = await admin.post('/console/admin/staff', { name: 'Nia New', email, role: 'staff' });
      assert.equal(invited.statusCode, 200);
      assert.equal(invited.headers['cache-control'], 'no-store');
      const link = linkOf(invited.body);
      assert.ok(link, 'the link is on the page');
      assert.match(invited.body, /Nia New was invited/);
      assert.equal(linkOf((await admin.get('/console/admin/staff')).body), undefined, 'shown once');
      assert.match(
        (await admin.get('/console/admin/staff')).body,
        /Nia New<\/h3><p>[^<]*invited, no password yet/,
      );
      const person = consoleBrowser(t);
      const set = await person.post(new URL(link!).pathname, {
        token: new URL(link!).searchParams.get('token')!,
        password: strongPassword,
      });
      assert.equal(set.statusCode, 303);
      assert.equal((await person.get('/console/activity')).statusCode, 200, 'signed in, as staff');
    });

    test('a bad email, a taken one or no role comes back in the form, values kept', async () => {
      const bad = await admin.post('/console/admin/staff', {
        name: 'Bo',
        email: 'not an email',
        role: 'volunteer',
      });
      assert.equal(bad.statusCode, 400);
      assert.match(bad.body, /There is a problem/);
      assert.match(bad.body, /Enter an email address/);
      assert.match(bad.body, /id="f-email"[^>]*value="not an email"/);
      assert.match(bad.body, /id="f-name"[^>]*value="Bo"/);
      const email = `taken.${process.pid}@example.org`;
      await t.app.services.staff.accounts.create({ email, name: 'Taken', role: 'volunteer' });
      const taken = await admin.post('/console/admin/staff', {
        name: 'Bo',
        email: email.toUpperCase(),
        role: 'volunteer',
      });
      assert.equal(taken.statusCode, 409);
      assert.match(taken.body, /exists already/);
      const noRole = await admin.post('/console/admin/staff', {
        name: 'Bo',
        email: 'bo@example.org',
        role: 'owner',
      });
      assert.equal(noRole.statusCode, 400);
      assert.equal(linkOf(bad.body) ?? linkOf(taken.body) ?? linkOf(noRole.body), undefined);
    });

    test('a role changes; disabling ends the sessions at once; enabling lets the account sign in again', async () => {
      const { browser, id } = await signedInAs(t, 'volunteer');
      const role = await admin.post(`/console/admin/staff/${id}/role`, { role: 'staff' });
      assert.equal(role.statusCode, 303);
      assert.equal((await t.app.services.staff.accounts.find(String(id))).role, 'staff');
      assert.equal((await browser.get('/console/activity')).statusCode, 200, 'the new role at once');
      const disabled = await admin.post(`/console/admin/staff/${id}/disable`, {});
      assert.equal(disabled.statusCode, 303);
      const after = await browser.get('/console');
      assert.equal(after.statusCode, 303, 'signed out');
      assert.match(String(after.headers.location), /^\/console\/sign-in/);
      assert.equal((await t.app.services.staff.accounts.find(String(id))).status, 'disabled');
      assert.equal((await admin.post(`/console/admin/staff/${id}/enable`, {})).statusCode, 303);
      assert.equal((await t.app.services.staff.accounts.find(String(id))).status, 'active');
      const reset = await admin.post(`/console/admin/staff/${id}/reset`, {});
      assert.equal(reset.statusCode, 200);
      assert.match(reset.body, /A new sign-in link for A volunteer/);
      assert.ok(linkOf(reset.body));
      assert.equal((await admin.post('/console/admin/staff/999999/disable', {})).statusCode, 404);
    });

    test('each account lists its sessions with when they began and were last used, never their ids', async () => {
      const { browser, email } = await signedInAs(t, 'volunteer', `sessions.${process.pid}@example.org`);
      const second = consoleBrowser(t);
      assert.equal(
        (await second.post('/console/sign-in', { email, password: strongPassword })).statusCode,
        303,
      );
      /** The list under the account of `email`, up to the next account. */
      const listOf = (html: string) => {
        const start = html.indexOf(email);
        return html.slice(start, html.indexOf('</li>', html.indexOf('class="inline-form"', start)));
      };
      const page = (await admin.get('/console/admin/staff')).body;
      assert.equal(
        [...listOf(page).matchAll(/<li>Signed in since \d{4}-\d{2}-\d{2} \d{2}:\d{2} UTC, last used /g)]
          .length,
        2,
      );
      for (const id of [browser.sessionId!, second.sessionId!])
        assert.ok(!page.includes(id), 'no session id');
      await second.post('/console/sign-out', {});
      assert.equal(
        [...listOf((await admin.get('/console/admin/staff')).body).matchAll(/<li>Signed in since/g)].length,
        1,
        'a session that ended is not listed',
      );
      await browser.post('/console/sign-out', {});
      assert.match(listOf((await admin.get('/console/admin/staff')).body), /Not signed in anywhere/);
    });

    test('the last enabled admin cannot be disabled or demoted', async () => {
      const admins = (await t.app.services.staff.accounts.list()).filter(
        (a) => a.role === 'admin' && a.status !== 'disabled',
      );
      for (const other of admins.slice(1)) await t.app.services.staff.accounts.disable(String(other.id));
      const only = admins[0]!;
      const refused = await admin.post(`/console/admin/staff/${only.id}/disable`, {});
      assert.equal(refused.statusCode, 409);
      assert.match(refused.body, /This is the only enabled admin/);
      const demoted = await admin.post(`/console/admin/staff/${only.id}/role`, { role: 'staff' });
      assert.equal(demoted.statusCode, 409);
      assert.equal((await t.app.services.staff.accounts.find(String(only.id))).role, 'admin');
    });

    test('a name with markup is inert', async () => {
      const res = await admin.post('/console/admin/staff', {
        name: probe,
        email: `probe.${process.pid}@example.org`,
        role: 'volunteer',
      });
      assert.equal(res.statusCode, 200);
      for (const html of [res.body, (await admin.get('/console/admin/staff')).body]) {
        assert.ok(!html.includes('<img src=x'));
        assert.ok(unescaped(html).includes(probe));
      }
    });
  });
}
