// The console's accounts, sign-in and sessions through HTTP, on every backend: the one-time link, the
// password rules, sign-in without user enumeration, throttling, the session cookie, sign-out, CSRF and the
// Origin check, a disabled account on a second instance, and no secret in any log line.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { logLines } from '../helpers/log-lines.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import {
  consoleBrowser,
  cookieSet,
  csrfOf,
  sessionCookieName,
  signedInAs,
  strongPassword,
} from '../helpers/console.js';

const refusedText = 'The email or password is not right. Check them and try again.';

for (const backend of backends) {
  describe(`console sign-in on ${backend.name}`, () => {
    let t: TestApp;
    let now = Date.now();
    const log = logLines();
    before(async () => {
      t = await startTestApp(backend, { logLevel: 'info' }, { clock: () => now, logStream: log.stream });
    });
    after(() => t.close());

    test('every console page but sign-in and the link sends a browser to sign in; none is cached or framed', async () => {
      const browser = consoleBrowser(t);
      for (const path of ['/console', '/console/account', '/console/no-such-page']) {
        const res = await browser.get(path);
        assert.equal(res.statusCode, 303, path);
        assert.match(res.headers.location as string, /^\/console\/sign-in/);
      }
      const page = await browser.get('/console/sign-in');
      assert.equal(page.statusCode, 200);
      assert.equal(page.headers['cache-control'], 'no-store');
      assert.equal(page.headers['x-frame-options'], 'DENY');
      assert.match(page.headers['content-security-policy'] as string, /frame-ancestors 'none'/);
      assert.doesNotMatch(page.headers['content-security-policy'] as string, /unsafe-inline/);
      assert.match(page.body, /<label for="f-email">Email<\/label>/);
      assert.match(page.body, /<label for="f-password">Password<\/label>/);
      assert.match(page.body, /<button type="submit" class="button">Sign in<\/button>/);
    });

    test('a one-time link sets the password once, signs in with a cookie of the right attributes, and is then used', async () => {
      const { token } = await t.app.services.staff.accounts.create({
        email: `Link.${process.pid}@Example.org`,
        name: 'Lin',
        role: 'volunteer',
      });
      const browser = consoleBrowser(t);
      const page = await browser.get(`/console/welcome?token=${token}`);
      assert.equal(page.statusCode, 200);
      assert.match(page.body, /Welcome, Lin/);
      const short = await browser.post('/console/welcome', { token, password: 'too short' });
      assert.equal(short.statusCode, 400);
      assert.match(short.body, /Enter a password of at least 12 characters/);
      assert.match(short.body, /aria-invalid="true"/);
      const common = await browser.post('/console/welcome', { token, password: 'qwerty123456' });
      assert.equal(common.statusCode, 400);
      assert.match(common.body, /one of the most common/);
      const set = await browser.post('/console/welcome', { token, password: strongPassword });
      assert.equal(set.statusCode, 303);
      assert.equal(set.headers.location, '/console');
      const cookie = ([] as string[])
        .concat(set.headers['set-cookie']!)
        .find((c) => c.startsWith(sessionCookieName))!;
      for (const attribute of ['Path=/', 'Secure', 'HttpOnly', 'SameSite=Lax'])
        assert.ok(cookie.includes(attribute), attribute);
      assert.doesNotMatch(cookie, /Domain=/i);
      assert.match(browser.sessionId!, /^[A-Za-z0-9_-]{43}$/);
      assert.equal((await browser.get('/console')).statusCode, 200);
      const again = await consoleBrowser(t).get(`/console/welcome?token=${token}`);
      assert.equal(again.statusCode, 410);
      assert.match(again.body, /This link was used already/);
    });

    test('a link expires after 24 hours, and a reset makes the older link stop working', async () => {
      const email = `expire.${process.pid}@example.org`;
      const { token } = await t.app.services.staff.accounts.create({ email, name: 'Ex', role: 'staff' });
      now += 24 * 3_600_000 + 1;
      const expired = await consoleBrowser(t).get(`/console/welcome?token=${token}`);
      assert.equal(expired.statusCode, 410);
      assert.match(expired.body, /This link has expired/);
      const reset = await t.app.services.staff.accounts.reset(email);
      const fresh = await consoleBrowser(t).get(`/console/welcome?token=${reset.token}`);
      assert.equal(fresh.statusCode, 200);
      const second = await t.app.services.staff.accounts.reset(email);
      assert.equal((await consoleBrowser(t).get(`/console/welcome?token=${reset.token}`)).statusCode, 404);
      assert.equal((await consoleBrowser(t).get(`/console/welcome?token=${second.token}`)).statusCode, 200);
      assert.equal((await consoleBrowser(t).get('/console/welcome?token=nonsense')).statusCode, 404);
    });

    test('an unknown email and a wrong password get the same page, in about the same time', async () => {
      const { email } = await signedInAs(t, 'staff');
      const attempt = async (address: string, password: string) => {
        const started = process.hrtime.bigint();
        const res = await consoleBrowser(t).post('/console/sign-in', { email: address, password });
        return { res, ms: Number(process.hrtime.bigint() - started) / 1e6 };
      };
      const times = { unknown: [] as number[], wrong: [] as number[] };
      for (let i = 0; i < 11; i++) {
        // Each unknown email is new, and a day passes between rounds, so that no throttle takes part; the
        // order alternates, and the first round only warms up.
        const unknown = () => attempt(`nobody.${i}.${process.pid}@example.org`, 'a wrong password!');
        const wrong = () => attempt(email, `a wrong password ${i}`);
        const [first, second] =
          i % 2 === 0 ? [await unknown(), await wrong()] : [await wrong(), await unknown()];
        const [u, w] = i % 2 === 0 ? [first, second] : [second, first];
        assert.equal(u.res.statusCode, 401);
        assert.equal(w.res.statusCode, 401);
        assert.ok(u.res.body.includes(refusedText) && w.res.body.includes(refusedText));
        assert.equal(cookieSet(u.res), undefined);
        if (i > 0) {
          times.unknown.push(u.ms);
          times.wrong.push(w.ms);
        }
        now += 25 * 3_600_000;
      }
      const median = (values: number[]) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
      const ratio = median(times.unknown) / median(times.wrong);
      // Both compute one argon2id hash (tens of milliseconds); without it an unknown email took 0.17 ×,
      // so the wide bounds hold on a loaded machine and still catch it.
      assert.ok(
        ratio > 0.33 && ratio < 3,
        `unknown ${median(times.unknown)} ms, wrong ${median(times.wrong)} ms`,
      );
    });

    test('signing in issues a new session id, never the one the browser brought', async () => {
      const { email } = await signedInAs(t, 'volunteer');
      const planted = 'A'.repeat(43);
      const browser = consoleBrowser(t, { sessionId: planted });
      const res = await browser.post('/console/sign-in', { email, password: strongPassword });
      assert.equal(res.statusCode, 303);
      assert.ok(browser.sessionId && browser.sessionId !== planted);
      assert.equal((await consoleBrowser(t, { sessionId: planted }).get('/console')).statusCode, 303);
      // Signing in again while signed in gives yet another id.
      const before = browser.sessionId;
      const second = consoleBrowser(t, { sessionId: before });
      const again = await second.post(
        '/console/sign-in',
        { email, password: strongPassword },
        { csrf: null },
      );
      assert.equal(again.statusCode, 303, again.body.slice(0, 2000));
      assert.notEqual(second.sessionId, before);
    });

    test('after signing out, the same cookie sent again is signed out; sign out everywhere ends every session', async () => {
      const { browser, email } = await signedInAs(t, 'staff');
      const kept = browser.sessionId!;
      const out = await browser.post('/console/sign-out', {});
      assert.equal(out.statusCode, 303);
      assert.equal(cookieSet(out), '');
      assert.equal((await consoleBrowser(t, { sessionId: kept }).get('/console')).statusCode, 303);
      // A POST with the ended session is asked to sign in, and then goes to the list: nothing to carry back.
      const late = await consoleBrowser(t, { sessionId: kept }).post('/console/sign-out', {}, { csrf: null });
      assert.equal(late.statusCode, 401);
      assert.match(late.body, /name="next" value="\/console"/);
      assert.doesNotMatch(late.body, /name="carried\./);

      const phone = consoleBrowser(t);
      const laptop = consoleBrowser(t);
      for (const device of [phone, laptop])
        assert.equal(
          (await device.post('/console/sign-in', { email, password: strongPassword })).statusCode,
          303,
        );
      assert.equal((await phone.post('/console/account/sign-out-everywhere', {})).statusCode, 303);
      assert.equal((await laptop.get('/console')).statusCode, 303);
    });

    test('a form posted from another site, or without the session’s token, is refused with 403 and changes nothing', async () => {
      const { browser } = await signedInAs(t, 'staff');
      const sessionId = browser.sessionId!;
      const csrf = csrfOf((await browser.get('/console')).body)!;
      const crossSite = await browser.post('/console/sign-out', {}, { origin: 'https://evil.example', csrf });
      assert.equal(crossSite.statusCode, 403);
      const noOrigin = await browser.post('/console/sign-out', {}, { origin: null, csrf });
      assert.equal(noOrigin.statusCode, 403);
      const noToken = await browser.post('/console/sign-out', {}, { csrf: null });
      assert.equal(noToken.statusCode, 403);
      const wrongToken = await browser.post(
        '/console/sign-out',
        {},
        { csrf: csrf.replace(/^./, (c) => (c === 'A' ? 'B' : 'A')) },
      );
      assert.equal(wrongToken.statusCode, 403);
      const otherSession = (await signedInAs(t, 'staff')).browser;
      const stolen = await browser.post(
        '/console/sign-out',
        {},
        { csrf: csrfOf((await otherSession.get('/console')).body)! },
      );
      assert.equal(stolen.statusCode, 403);
      // Still signed in: none of them did anything.
      assert.equal((await consoleBrowser(t, { sessionId }).get('/console')).statusCode, 200);
      const signIn = await consoleBrowser(t).post(
        '/console/sign-in',
        { email: 'x@example.org', password: 'y' },
        { origin: 'https://evil.example' },
      );
      assert.equal(signIn.statusCode, 403);
    });

    test('bad input is an HTML page of its status, never a 500: a crafted next, a JSON body, a body too large', async () => {
      const { browser } = await signedInAs(t, 'staff');
      const cookie = `${sessionCookieName}=${browser.sessionId}`;
      for (const next of [
        '/console?a\r\nX-Evil: 1',
        '//evil.example',
        'https://evil.example/',
        '/console\\x',
      ]) {
        const res = await t.request({
          url: `/console/sign-in?next=${encodeURIComponent(next)}`,
          headers: { cookie },
        });
        assert.equal(res.statusCode, 303, next);
        assert.equal(res.headers.location, '/console', next);
      }
      const csrf = csrfOf((await browser.get('/console')).body)!;
      const json = await t.request({
        method: 'POST',
        url: '/console/account/password',
        headers: { cookie, origin: 'http://localhost:80', 'content-type': 'application/json' },
        payload: { csrf, current: 5, next: ['x'] },
      });
      assert.equal(json.statusCode, 415);
      assert.match(json.headers['content-type'] as string, /^text\/html/);
      const large = await browser.post('/console/account/password', {
        current: 'x'.repeat(70_000),
        next: 'y',
      });
      assert.equal(large.statusCode, 413);
      assert.match(large.headers['content-type'] as string, /^text\/html/);
      assert.match(large.body, /<h1>/);
    });

    test('after 5 failures every attempt waits, longer each time, and the page says how long', async () => {
      const { email } = await signedInAs(t, 'staff');
      const browser = consoleBrowser(t);
      const attempt = (password: string) => browser.post('/console/sign-in', { email, password });
      for (let i = 0; i < 5; i++) assert.equal((await attempt(`wrong password ${i}`)).statusCode, 401);
      const held = await attempt(strongPassword);
      assert.equal(held.statusCode, 429, 'even the right password waits');
      assert.equal(held.headers['retry-after'], '1');
      assert.match(held.body, /Wait 1 second, then try again/);
      now += 1_000;
      assert.equal((await attempt('wrong password 6')).statusCode, 401);
      const longer = await attempt(strongPassword);
      assert.equal(longer.statusCode, 429);
      assert.equal(longer.headers['retry-after'], '2');
      now += 2_000;
      assert.equal((await attempt(strongPassword)).statusCode, 303);
      // The address keeps its count: another account from it waits too, until its delay has passed.
      const other = (await signedInAs(t, 'volunteer')).email;
      assert.equal(
        (await browser.post('/console/sign-in', { email: other, password: 'wrong again!!' })).statusCode,
        401,
      );
      assert.equal(
        (await browser.post('/console/sign-in', { email: other, password: strongPassword })).statusCode,
        429,
      );
      now += 24 * 3_600_000;
    });

    test('a disabled account cannot sign in, and its session is refused on a second instance at once', async () => {
      const { browser, email } = await signedInAs(t, 'volunteer');
      const other = await t.instance({ clock: () => now });
      try {
        const there = consoleBrowser(other, { sessionId: browser.sessionId });
        assert.equal((await there.get('/console')).statusCode, 200);
        await t.app.services.staff.accounts.disable(email);
        assert.equal((await there.get('/console')).statusCode, 303);
        const again = await consoleBrowser(other).post('/console/sign-in', {
          email,
          password: strongPassword,
        });
        assert.equal(again.statusCode, 403);
        assert.match(again.body, /This account is disabled/);
        await t.app.services.staff.accounts.enable(email);
        assert.equal(
          (await consoleBrowser(other).post('/console/sign-in', { email, password: strongPassword }))
            .statusCode,
          303,
        );
      } finally {
        await other.close();
      }
    });

    test('sessions end after 8 idle hours, and 7 days after signing in however busy', async () => {
      const { browser } = await signedInAs(t, 'volunteer');
      now += 8 * 3_600_000 - 60_000;
      assert.equal((await browser.get('/console')).statusCode, 200);
      now += 8 * 3_600_000;
      assert.equal((await browser.get('/console')).statusCode, 303);
      const busy = (await signedInAs(t, 'volunteer')).browser;
      for (let hours = 0; hours < 7 * 24; hours += 6) {
        now += 6 * 3_600_000;
        const res = await busy.get('/console');
        assert.equal(res.statusCode, hours + 6 < 7 * 24 ? 200 : 303, `after ${hours + 6} hours`);
      }
    });

    test('changing the password ends every other session and keeps this one', async () => {
      const { browser, email } = await signedInAs(t, 'staff');
      const other = consoleBrowser(t);
      await other.post('/console/sign-in', { email, password: strongPassword });
      const wrong = await browser.post('/console/account/password', {
        current: 'not it at all',
        next: 'a brand new passphrase',
      });
      assert.equal(wrong.statusCode, 400);
      assert.match(wrong.body, /The current password is not right/);
      const changed = await browser.post('/console/account/password', {
        current: strongPassword,
        next: 'a brand new passphrase',
      });
      assert.equal(changed.statusCode, 303);
      assert.equal((await browser.get('/console')).statusCode, 200);
      assert.equal((await other.get('/console')).statusCode, 303);
      const old = await consoleBrowser(t).post('/console/sign-in', { email, password: strongPassword });
      assert.equal(old.statusCode, 401);
    });

    test('no password, session id, link token or CSRF token is ever in a log line', async () => {
      const { token } = await t.app.services.staff.accounts.create({
        email: `logs.${process.pid}@example.org`,
        name: 'Lo',
        role: 'admin',
      });
      const browser = consoleBrowser(t);
      await browser.get(`/console/welcome?token=${token}`);
      await browser.post('/console/welcome', { token, password: strongPassword });
      const csrf = csrfOf((await browser.get('/console')).body)!;
      await browser.post('/console/sign-in', {
        email: `logs.${process.pid}@example.org`,
        password: 'the wrong one!',
      });
      await browser.post('/console/sign-out', {}, { csrf });
      const text = JSON.stringify(log.lines);
      assert.ok(
        log.lines.some((line) => String(line.url ?? '').startsWith('/console/welcome')),
        'the requests were logged',
      );
      for (const secret of [token, strongPassword, 'the wrong one!', browser.sessionId ?? csrf, csrf])
        assert.ok(!text.includes(secret), `a log line holds ${secret.slice(0, 6)}…`);
    });
  });
}
