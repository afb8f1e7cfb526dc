// GET /v1/pets: limits, filters, ordering and keyset pagination through Link headers, on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { addPet, newPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const statuses = ['available', 'pending', 'sold'] as const;

/** The URL of the link with relation `rel` (one link per response), relative to the host, or undefined. */
const linkOf = (link: unknown, rel: 'next' | 'resume'): string | undefined => {
  const match = /^<([^>]+)>; rel="(next|resume)"$/.exec(String(link));
  assert.ok(match, `Link header in RFC 8288 form: ${String(link)}`);
  return match[2] === rel ? match[1] : undefined;
};
const nextOf = (link: unknown) => linkOf(link, 'next');
const resumeOf = (link: unknown) => linkOf(link, 'resume');

for (const backend of backends) {
  describe(`listing pets on ${backend.name}`, () => {
    let t: TestApp;
    const created: Array<{ id: number; status: string }> = [];
    before(async () => {
      t = await startTestApp(backend);
      for (let i = 0; i < 45; i++) {
        const status = statuses[i % 3]!;
        created.push(await addPet(t, { name: `pet ${i}`, categoryId: 1 + (i % 4), status }));
      }
    });
    after(() => t.close());

    const list = (url: string) => t.request({ url, headers: t.auth });

    test('defaults to 20 pets in ascending id order, with a next link', async () => {
      const res = await list('/v1/pets');
      assert.equal(res.statusCode, 200);
      const ids = res.json().map((p: { id: number }) => p.id);
      assert.deepEqual(
        ids,
        created.slice(0, 20).map((p) => p.id),
      );
      assert.match(nextOf(res.headers.link)!, /^\/v1\/pets\?limit=20&cursor=/);
    });

    test('following next links lists every pet once, for each filter and page size', async () => {
      for (const status of [undefined, ...statuses]) {
        for (const limit of [1, 7, 100]) {
          const seen: number[] = [];
          let url: string | undefined = `/v1/pets?limit=${limit}${status ? `&status=${status}` : ''}`;
          let pages = 0;
          while (url) {
            const res = await list(url);
            assert.equal(res.statusCode, 200, url);
            const page = res.json() as Array<{ id: number; status: string }>;
            assert.ok(page.length <= limit);
            if (status) assert.ok(page.every((p) => p.status === status));
            seen.push(...page.map((p) => p.id));
            url = nextOf(res.headers.link);
            if (url) {
              assert.match(url, new RegExp(`limit=${limit}`));
              if (status) assert.match(url, new RegExp(`status=${status}`));
            }
            pages++;
            assert.ok(pages < 100, 'pagination ends');
          }
          const expected = created.filter((p) => !status || p.status === status).map((p) => p.id);
          assert.deepEqual(seen, expected, `status=${status} limit=${limit}`);
        }
      }
    });

    test('no next link but a resume link when the page holds the last pet', async () => {
      const res = await list('/v1/pets?limit=100');
      assert.equal(res.json().length, 45);
      assert.equal(nextOf(res.headers.link), undefined);
      assert.match(resumeOf(res.headers.link)!, /^\/v1\/pets\?limit=100&cursor=/);
      const exact = await list('/v1/pets?limit=15&status=sold');
      assert.equal(exact.json().length, 15);
      assert.equal(nextOf(exact.headers.link), undefined);
      // Resuming with nothing new gives an empty page that resumes from the same place.
      const none = await list(resumeOf(exact.headers.link)!);
      assert.deepEqual(none.json(), []);
      assert.equal(resumeOf(none.headers.link), resumeOf(exact.headers.link));
    });

    test('resuming from the last page lists exactly the pets created since', async () => {
      const last = await list('/v1/pets?limit=100&status=pending');
      const made: number[] = [];
      for (const status of ['pending', 'sold', 'pending'] as const) {
        const id = await newPet(t, { name: 'tailed', status });
        if (status === 'pending') made.push(id);
      }
      const resumed = await list(resumeOf(last.headers.link)!);
      assert.deepEqual(
        resumed.json().map((p: { id: number }) => p.id),
        made,
      );
    });

    test('a pet created after a page was read appears on a later page', async () => {
      const first = await list('/v1/pets?limit=40');
      const late = await addPet(t, { name: 'late' });
      const rest = await list(nextOf(first.headers.link)!);
      assert.ok(rest.json().some((p: { id: number }) => p.id === late.id));
    });

    const invalid: Array<[string, string, RegExp]> = [
      ['/v1/pets?limit=0', 'validation_failed', /limit must be at least 1/],
      ['/v1/pets?limit=101', 'validation_failed', /limit must be at most 100/],
      ['/v1/pets?limit=abc', 'validation_failed', /limit must be an integer/],
      ['/v1/pets?limit=2.5', 'validation_failed', /limit must be an integer/],
      ['/v1/pets?limit=', 'validation_failed', /limit must be an integer/],
      ['/v1/pets?status=adopted', 'validation_failed', /status must be one of available, pending, sold/],
      ['/v1/pets?status=sold&status=pending', 'validation_failed', /status/],
      ['/v1/pets?page=2', 'validation_failed', /unknown query parameter 'page'/],
      ['/v1/pets?cursor=nonsense', 'invalid_cursor', /not in the issued form/],
      ['/v1/pets?cursor=', 'invalid_cursor', /not in the issued form/],
    ];
    for (const [url, code, message] of invalid) {
      test(`400 ${code} for ${url}`, async () => {
        const res = await list(url);
        assert.equal(res.statusCode, 400);
        assert.equal(res.json().code, code);
        assert.match(res.json().message, message);
      });
    }

    test('a tampered cursor, or one from another filter, is refused', async () => {
      const link = nextOf((await list('/v1/pets?limit=5&status=pending')).headers.link)!;
      const cursor = new URL(link, 'http://x').searchParams.get('cursor')!;
      const [payload, tag] = cursor.split('.') as [string, string];
      const forgedPayload = Buffer.from('2.pending').toString('base64url');
      const flipped = tag.slice(0, -1) + (tag.endsWith('A') ? 'B' : 'A');
      for (const bad of [
        `${forgedPayload}.${tag}`,
        `${payload}.${flipped}`,
        `${payload}.`,
        `${payload}.${tag}.x`,
        // Characters a lenient base64url decoder would drop: the tag must be exactly as issued.
        `${payload}.${tag}x`,
        `${payload}.${tag}=`,
        `${payload}.${tag.slice(0, 8)}!${tag.slice(8)}`,
      ]) {
        const res = await list(`/v1/pets?limit=5&status=pending&cursor=${encodeURIComponent(bad)}`);
        assert.equal(res.statusCode, 400, bad);
        assert.equal(res.json().code, 'invalid_cursor', bad);
      }
      const otherFilter = await list(`/v1/pets?limit=5&status=sold&cursor=${cursor}`);
      assert.equal(otherFilter.statusCode, 400);
      assert.match(otherFilter.json().message, /status=pending/);
      const noFilter = await list(`/v1/pets?limit=5&cursor=${cursor}`);
      assert.equal(noFilter.statusCode, 400);
      const sameFilter = await list(`/v1/pets?limit=5&status=pending&cursor=${cursor}`);
      assert.equal(sameFilter.statusCode, 200);
    });
  });
}

describe('links use the advertised public URL when one is set', () => {
  test('Link and Location are absolute under PETSTORE_PUBLIC_URL', async () => {
    const t = await startTestApp(backends[0]!, {
      publicUrl: 'https://pets.example.org/v1',
      stagingUrl: 'https://staging.pets.example.org/v1',
    });
    try {
      for (let i = 0; i < 2; i++) {
        const res = await t.request({
          method: 'POST',
          url: '/v1/pets',
          headers: t.auth,
          payload: { name: 'a', categoryId: 1 },
        });
        assert.equal(res.headers.location, `https://pets.example.org/v1/pets/${res.json().id}`);
      }
      const page = await t.request({ url: '/v1/pets?limit=1', headers: t.auth });
      assert.match(
        String(page.headers.link),
        /^<https:\/\/pets\.example\.org\/v1\/pets\?limit=1&cursor=[^>]+>; rel="next"$/,
      );
      const deprecated = await t.request({ url: '/v1/pets/1', headers: t.auth });
      assert.match(
        String(deprecated.headers.link),
        /^<https:\/\/pets\.example\.org\/v1\/docs#\/pets\/listPets>/,
      );
      const { servers } = (await t.request({ url: '/v1/openapi.json' })).json();
      assert.deepEqual(
        servers.map((server: { url: string }) => server.url),
        ['https://pets.example.org/v1', 'https://staging.pets.example.org/v1'],
      );
    } finally {
      await t.close();
    }
  });
});
