// The console's API keys, through HTTP on every backend: admins alone; a refused form comes back with every
// value kept; a key made is shown once and works at once with the scopes chosen; a change of scopes applies
// from the key's next request; revoking, behind its confirmation page, refuses the key's next request; the
// list never shows a key; and the making and the revoking are events with the admin as actor.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { signedInAs, type ConsoleBrowser } from '../helpers/console.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const keyOf = (html: string) => /<code id="issued-key">([^<]+)<\/code>/.exec(html)?.[1];

for (const backend of backends) {
  describe(`console API keys on ${backend.name}`, () => {
    let t: TestApp;
    let admin: ConsoleBrowser;
    before(async () => {
      t = await startTestApp(backend);
      admin = (await signedInAs(t, 'admin')).browser;
    });
    after(() => t.close());

    const withKey = (key: string, method: 'GET' | 'POST', url: string) =>
      t.request({
        method,
        url,
        headers: { authorization: `Bearer ${key}` },
        ...(method === 'POST' ? { payload: { name: 'Kit', categoryId: 1 } } : {}),
      });

    test('volunteers and staff get 403 for every page and form, and no link', async () => {
      const [someKey] = await t.app.services.apiKeys.list();
      for (const role of ['volunteer', 'staff'] as const) {
        const { browser } = await signedInAs(t, role);
        for (const url of [
          '/console/admin/keys',
          `/console/admin/keys/${someKey!.id}`,
          `/console/admin/keys/${someKey!.id}/revoke`,
        ])
          assert.equal((await browser.get(url)).statusCode, 403, `${role} ${url}`);
        const made = await browser.post('/console/admin/keys', {
          name: 'X',
          plan: 'free',
          'scope.pets:read': 'yes',
        });
        assert.equal(made.statusCode, 403, role);
        assert.equal(
          (await browser.post(`/console/admin/keys/${someKey!.id}/revoke`, {})).statusCode,
          403,
          role,
        );
        assert.doesNotMatch((await browser.get('/console')).body, /admin\/keys/, role);
      }
      assert.equal((await t.app.services.apiKeys.get(someKey!.id)).revokedAt, null);
      assert.match((await admin.get('/console')).body, /href="\/console\/admin\/keys">API keys</);
    });

    test('a refused form keeps every value, each error beside its field', async () => {
      const res = await admin.post('/console/admin/keys', {
        name: 'A'.repeat(101),
        plan: 'free',
        expires: '2020-01-01',
      });
      assert.equal(res.statusCode, 400);
      assert.match(res.body, /There is a problem/);
      assert.match(res.body, /Enter at most 100 characters/);
      assert.match(res.body, /Choose at least one thing the key may do/);
      assert.match(res.body, /Enter a date in the future/);
      assert.match(res.body, new RegExp(`id="f-name"[^>]*value="${'A'.repeat(101)}"`));
      assert.match(res.body, /id="f-expires"[^>]*value="2020-01-01"/);
      const noDate = await admin.post('/console/admin/keys', {
        name: 'Kept',
        plan: 'pro',
        'scope.events:read': 'yes',
        expires: '2031-02-30',
      });
      assert.equal(noDate.statusCode, 400);
      assert.match(noDate.body, /Enter a date in the future/);
      assert.match(noDate.body, /name="scope\.events:read" value="yes" checked/);
      assert.match(noDate.body, /<option value="pro" selected>/);
    });

    test('made, shown once, working at once; scopes changed; revoked; every step an event', async () => {
      const made = await admin.post('/console/admin/keys', {
        name: 'Rescue partner',
        plan: 'free',
        'scope.pets:read': 'yes',
        expires: '2031-01-01',
      });
      assert.equal(made.statusCode, 200);
      assert.equal(made.headers['cache-control'], 'no-store');
      const key = keyOf(made.body);
      assert.ok(key, 'the key is on the page');
      assert.match(made.body, /It will not be shown again/);
      assert.match(made.body, /data-copy="issued-key"/);
      const list = await admin.get('/console/admin/keys');
      assert.ok(!list.body.includes(key!), 'the list never shows the key');
      assert.match(list.body, /<h3>Rescue partner<\/h3>/);

      assert.equal((await withKey(key!, 'GET', '/v1/pets')).statusCode, 200);
      assert.equal((await withKey(key!, 'POST', '/v1/pets')).statusCode, 403);
      const info = (await t.app.services.apiKeys.list()).find((k) => k.name === 'Rescue partner')!;
      assert.equal(info.expiresAt, '2031-01-01T00:00:00.000Z');

      const changed = await admin.post(`/console/admin/keys/${info.id}`, {
        plan: 'free',
        'scope.pets:read': 'yes',
        'scope.pets:write': 'yes',
        expires: '',
      });
      assert.equal(changed.statusCode, 303, changed.body.slice(0, 300));
      assert.equal(
        (await withKey(key!, 'POST', '/v1/pets')).statusCode,
        201,
        'applies from the next request',
      );
      assert.equal((await t.app.services.apiKeys.get(info.id)).expiresAt, null);

      const confirm = await admin.get(`/console/admin/keys/${info.id}/revoke`);
      assert.equal(confirm.statusCode, 200);
      assert.match(confirm.body, /Revoke the key for Rescue partner\?/);
      assert.equal(
        (await withKey(key!, 'GET', '/v1/pets')).statusCode,
        200,
        'the confirmation changes nothing',
      );
      const revoked = await admin.post(`/console/admin/keys/${info.id}/revoke`, {});
      assert.equal(revoked.statusCode, 303);
      assert.equal((await withKey(key!, 'GET', '/v1/pets')).statusCode, 401);

      const { events } = await t.app.services.events.recent({ beforeId: undefined, limit: 1000 });
      const mine = events
        .filter((event) => (event.data as { id: unknown }).id === info.id)
        .reverse()
        .map((event) => [event.type, event.actor?.type === 'staff' ? event.actor.name : event.actor?.type]);
      assert.deepEqual(mine, [
        ['key.created', 'A admin'],
        ['key.revoked', 'A admin'],
      ]);
      assert.ok(!JSON.stringify(events).includes(key!), 'no event holds the key');
      const activity = await admin.get('/console/activity');
      assert.match(activity.body, /Created the API key “Rescue partner”/);
      assert.match(activity.body, /Revoked the API key “Rescue partner”/);
    });
  });
}
