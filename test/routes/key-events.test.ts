// A key's creation and revocation are events, on every backend: `key.created` and `key.revoked` carry the
// key's id, name, plan, scopes and expiry, and never the key itself, its hash or its hint; a key revoked
// twice, or by two callers at once, records one revocation.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface FeedEvent {
  type: string;
  data: Record<string, unknown>;
  actor?: { type: string };
}

for (const backend of backends) {
  describe(`key events on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    async function keyEvents(id: string): Promise<FeedEvent[]> {
      const res = await t.request({ url: '/v1/events?type=key.*&limit=100', headers: t.auth });
      assert.equal(res.statusCode, 200, res.body);
      return (res.json() as FeedEvent[]).filter((event) => event.data.id === id);
    }

    test('creation and revocation, with what the key may do and never the key', async () => {
      const expiresAt = Date.UTC(2030, 0, 1);
      const issued = await t.app.services.apiKeys.create({
        name: 'Partner site',
        plan: 'free',
        scopes: ['pets:read', 'applications:submit'],
        expiresAt,
      });
      await Promise.all([t.app.services.apiKeys.revoke(issued.id), t.app.services.apiKeys.revoke(issued.id)]);
      await t.app.services.apiKeys.revoke(issued.id);
      const events = await keyEvents(issued.id);
      assert.deepEqual(
        events.map((event) => event.type),
        ['key.created', 'key.revoked'],
      );
      for (const event of events) {
        assert.deepEqual(event.data, {
          id: issued.id,
          name: 'Partner site',
          plan: 'free',
          scopes: ['pets:read', 'applications:submit'],
          expiresAt: new Date(expiresAt).toISOString(),
        });
        assert.deepEqual(event.actor, { type: 'service' });
      }
      const feed = JSON.stringify(events);
      assert.ok(!feed.includes(issued.key), 'the key is never in an event');
      assert.ok(!feed.includes(issued.key.slice(-6)), 'nor its last characters');
    });
  });
}
