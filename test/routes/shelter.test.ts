// The shelter's details through HTTP, on every backend: empty at first, the scopes (401, 403), a merge patch
// that trims, sets and clears, each field's rule (the accent colour's contrast named in its refusal), unknown
// fields refused, and a change seen by another instance on its very next request.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { InjectOptions } from 'fastify';
import { backends } from '../helpers/backends.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const empty = {
  name: null,
  intro: null,
  email: null,
  phone: null,
  address: null,
  website: null,
  openingHours: null,
  accentColour: null,
  logo: null,
  updatedAt: null,
};

const full = {
  name: 'Hillside Animal Rescue',
  intro: 'Dogs, cats and rabbits\nnear Leeds.',
  email: 'hello@hillside.example',
  phone: '+44 113 496 0000',
  address: '1 Hill Road\nLeeds LS1 1AA',
  website: 'https://hillside.example/about?x=1',
  openingHours: 'Tue–Sat 10:00–16:00',
  accentColour: '#1d5fa8',
};

for (const backend of backends) {
  describe(`the shelter's details on ${backend.name}`, () => {
    let t: TestApp;
    const keyWith: Record<string, Record<string, string>> = {};
    before(async () => {
      t = await startTestApp(backend);
      for (const scope of ['pets:read', 'shelter:write', 'pets:write'] as const) {
        const { key } = await t.app.services.apiKeys.create({ name: scope, plan: 'free', scopes: [scope] });
        keyWith[scope] = { authorization: `Bearer ${key}` };
      }
    });
    after(() => t.close());

    const call = (options: InjectOptions) =>
      t.request({ ...options, headers: { ...t.auth, ...options.headers } });
    const patch = (payload: unknown, headers: Record<string, string> = {}) =>
      call({ method: 'PATCH', url: '/v1/shelter', payload: payload as object, headers });
    const read = async () => {
      const res = await call({ url: '/v1/shelter' });
      assert.equal(res.statusCode, 200, res.body);
      return res.json();
    };
    const refusal = async (payload: unknown) => {
      const res = await patch(payload);
      assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
      return res.json() as { code: string; message: string };
    };

    test('a new deployment has details of nulls', async () => {
      assert.deepEqual(await read(), empty);
    });

    test('no key is 401; pets:read reads but cannot change (403); shelter:write changes but cannot read', async () => {
      for (const request of [
        { url: '/v1/shelter' },
        { method: 'PATCH', url: '/v1/shelter', payload: {} },
      ] as const) {
        const res = await t.request(request);
        assert.equal(res.statusCode, 401, request.url);
        assert.equal(res.json().code, 'authentication_required');
      }
      assert.equal((await call({ url: '/v1/shelter', headers: keyWith['pets:read']! })).statusCode, 200);
      for (const scope of ['pets:read', 'pets:write']) {
        const res = await patch({ name: 'Taken over' }, keyWith[scope]!);
        assert.equal(res.statusCode, 403, scope);
        assert.deepEqual(res.json(), {
          code: 'insufficient_scope',
          message: 'This API key lacks the scope this operation needs: shelter:write',
          status: 403,
        });
      }
      assert.equal((await read()).name, null, 'nothing changed');
      const written = await patch({ name: 'Hillside' }, keyWith['shelter:write']!);
      assert.equal(written.statusCode, 200, written.body);
      assert.equal((await call({ url: '/v1/shelter', headers: keyWith['shelter:write']! })).statusCode, 403);
      assert.equal((await patch({ name: null })).statusCode, 200);
    });

    test('a merge patch: every field set (trimmed), the rest kept, null clears, the colour in lower case', async () => {
      const before = Date.now();
      const res = await patch({ ...full, name: `  ${full.name}  `, accentColour: '#1D5FA8' });
      assert.equal(res.statusCode, 200, res.body);
      const body = res.json();
      assert.deepEqual({ ...body, updatedAt: null }, { ...empty, ...full });
      assert.ok(Date.parse(body.updatedAt) >= before - 1000, body.updatedAt);
      assert.deepEqual(await read(), body);

      const changed = await patch({ phone: null, intro: 'Only rabbits now.', website: null });
      assert.equal(changed.statusCode, 200, changed.body);
      assert.deepEqual(
        { ...(changed.json() as object), updatedAt: null },
        { ...empty, ...full, phone: null, website: null, intro: 'Only rabbits now.' },
      );
      assert.deepEqual((await patch({})).json(), changed.json(), 'an empty patch changes nothing');
    });

    test('an accent colour under 4.5:1 on white is 400 low_contrast naming its ratio, rounded down', async () => {
      const before = await read();
      assert.deepEqual(await refusal({ accentColour: '#ffcc00', name: 'Never stored' }), {
        code: 'low_contrast',
        message: 'accentColour #ffcc00 has a contrast of 1.51:1 on white; at least 4.5:1 is needed',
        status: 400,
      });
      // 4.4999:1, which rounding to nearest would let through as 4.5.
      assert.equal(
        (await refusal({ accentColour: '#006FFB' })).message,
        'accentColour #006ffb has a contrast of 4.49:1 on white; at least 4.5:1 is needed',
      );
      assert.equal((await refusal({ accentColour: '#777777' })).code, 'low_contrast');
      assert.deepEqual(await read(), before, 'nothing of a refused patch is stored');
      for (const passing of ['#767676', '#000000']) {
        const res = await patch({ accentColour: passing });
        assert.equal(res.statusCode, 200, res.body);
        assert.equal(res.json().accentColour, passing);
      }
    });

    test('each field’s rule: email, http(s) URL, colour shape, lengths, control characters; unknown fields', async () => {
      const cases: Array<[object, RegExp]> = [
        [{ email: 'not an email' }, /email.*must match format "email"/],
        [{ website: 'javascript:alert(1)' }, /website must be an http or https URL/],
        [{ website: 'ftp://files.example' }, /website must be an http or https URL/],
        [{ website: 'https://' + 'a'.repeat(2000) + '.example' }, /website/],
        [{ accentColour: 'red' }, /accentColour/],
        [{ accentColour: '#12345g' }, /accentColour must be a colour written #rrggbb/],
        [{ name: 'n'.repeat(101) }, /name/],
        [{ name: '   ' }, /name/],
        [{ name: 'Tab\there' }, /name must not contain control characters/],
        [{ intro: 'x'.repeat(501) }, /intro/],
        [{ phone: 123 }, /phone/],
        [{ colour: '#000000' }, /colour/],
        [{ logo: null }, /logo/],
        [{ updatedAt: '2026-01-01T00:00:00Z' }, /updatedAt/],
      ];
      for (const [payload, message] of cases) {
        const body = await refusal(payload);
        assert.equal(body.code, 'validation_failed', JSON.stringify(payload));
        assert.match(body.message, message, JSON.stringify(payload));
      }
      assert.equal((await patch('[]', { 'content-type': 'application/json' })).statusCode, 400);
    });

    test('another instance shows a change on its very next request, its cached read included', async () => {
      const other = await t.instance();
      try {
        const readThere = async () => (await other.request({ url: '/v1/shelter', headers: t.auth })).json();
        await readThere();
        assert.equal((await patch({ name: 'Before' })).statusCode, 200);
        assert.equal((await readThere()).name, 'Before');
        await readThere();
        assert.equal((await patch({ name: 'After' })).statusCode, 200);
        assert.equal((await readThere()).name, 'After');
      } finally {
        await other.close();
      }
    });
  });
}
