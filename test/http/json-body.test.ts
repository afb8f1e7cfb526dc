// Every JSON body is text: bytes that are not UTF-8 and strings with a lone UTF-16 surrogate are refused with
// a 400 that says so, on each operation that takes a body and on every backend, and nothing is written.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { followNext, newPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

/** A JSON body with `text` in one string field: raw bytes spliced in as they are, or JSON text. */
const withText = (before: string, text: Buffer | string, rest: string) =>
  Buffer.concat([Buffer.from(before), Buffer.from(text), Buffer.from(rest)]);

/** Bytes that are not UTF-8: a byte no UTF-8 has, an overlong NUL, a surrogate encoded (CESU-8). */
const notUtf8: Array<[string, Buffer]> = [
  ['0xFF', Buffer.from([0xff])],
  ['an overlong C0 80', Buffer.from([0xc0, 0x80])],
  ['a surrogate encoded as ED A0 80', Buffer.from([0xed, 0xa0, 0x80])],
];

/** JSON escapes that parse to a string with a lone surrogate. */
const loneSurrogates: Array<[string, string, string]> = [
  ['a high surrogate alone', 'a\\ud800b', '\\ud800'],
  ['a low surrogate alone', 'a\\udc00b', '\\udc00'],
  ['a pair the wrong way round', '\\ude00\\ud83d', '\\ude00'],
  ['100 high surrogates, within the 100-character limit', '\\ud800'.repeat(100), '\\ud800'],
];

for (const backend of backends) {
  describe(`the JSON body parser on ${backend.name}`, () => {
    let t: TestApp;
    before(async () => {
      t = await startTestApp(backend);
    });
    after(() => t.close());

    const post = (url: string, payload: Buffer) =>
      t.request({
        method: 'POST',
        url,
        headers: { ...t.auth, 'content-type': 'application/json' },
        payload,
      });
    const all = (url: string) => followNext<{ id: number }>(t, `${url}?limit=100`, t.auth);
    const petStatus = async (petId: number) =>
      (await t.request({ url: `/v1/pets/${petId}`, headers: t.auth })).json().status as string;

    // Each operation that takes a body, with one of its string fields; an order is for the pet given.
    const operations = [
      {
        field: 'name',
        url: '/v1/pets',
        body: (text: Buffer | string) => withText('{"name":"', text, '","categoryId":1}'),
      },
      {
        field: 'note',
        url: '/v1/store/orders',
        body: (text: Buffer | string, petId = 0) => withText(`{"petId":${petId},"note":"`, text, '"}'),
      },
    ];

    /**
     * Sends a body, made for an available pet, that must be refused; checks the answer, and that no pet or
     * order was added and the pet is still available.
     */
    async function assertRefused(
      url: string,
      body: (petId: number) => Buffer,
      code: string,
      message: RegExp,
    ) {
      const petId = await newPet(t);
      const [pets, orders] = [await all('/v1/pets'), await all('/v1/store/orders')];
      const res = await post(url, body(petId));
      assert.equal(res.statusCode, 400, res.body);
      assert.deepEqual(Object.keys(res.json()).sort(), ['code', 'message', 'status']);
      assert.equal(res.json().code, code);
      assert.equal(res.json().status, 400);
      assert.match(res.json().message, message);
      assert.deepEqual(await all('/v1/pets'), pets);
      assert.deepEqual(await all('/v1/store/orders'), orders);
      assert.equal(await petStatus(petId), 'available');
    }

    for (const { field, url, body } of operations) {
      for (const [what, bytes] of notUtf8) {
        test(`POST ${url} with ${what} in ${field}: 400 malformed_json, nothing written`, async () => {
          await assertRefused(url, (petId) => body(bytes, petId), 'malformed_json', /it is not UTF-8/);
        });
      }

      for (const [what, escaped, codeUnit] of loneSurrogates) {
        test(`POST ${url} with ${what} in ${field}: 400 validation_failed naming it, nothing written`, async () => {
          const message = new RegExp(
            `^Invalid request: ${field} must be Unicode text: \\${codeUnit} is a lone surrogate`,
          );
          await assertRefused(url, (petId) => body(escaped, petId), 'validation_failed', message);
        });
      }
    }

    test('a lone surrogate in the name of a field is refused too', async () => {
      await assertRefused(
        '/v1/pets',
        () => Buffer.from('{"name":"Rex","categoryId":1,"\\ud800":1}'),
        'validation_failed',
        /a field name must be Unicode text: \\ud800 is a lone surrogate/,
      );
    });

    test('a surrogate pair, escaped or as UTF-8, is one character, stored as sent', async () => {
      for (const text of ['a\\ud83d\\ude00b', 'a😀b']) {
        const res = await post('/v1/pets', operations[0]!.body(text));
        assert.equal(res.statusCode, 201, res.body);
        assert.equal(res.json().name, 'a😀b');
        const read = await t.request({ url: `/v1/pets/${res.json().id}`, headers: t.auth });
        assert.equal(read.json().name, 'a😀b');
      }
    });
  });
}
