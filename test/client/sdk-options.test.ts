// The SDK's checks of its options, made locally before any request is sent.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { PetstoreClient } from '@petstore/client';

test('a client without an apiKey is refused at construction, with a clear message', () => {
  const baseUrl = 'http://127.0.0.1:1/v1'; // nothing listens there: no request may be needed to refuse
  for (const apiKey of [undefined, '', '   '])
    assert.throws(
      () => new PetstoreClient({ baseUrl, apiKey: apiKey as unknown as string }),
      (error: Error) => error instanceof TypeError && /needs an apiKey/.test(error.message),
      `apiKey ${JSON.stringify(apiKey)}`,
    );
  assert.ok(new PetstoreClient({ baseUrl, apiKey: 'pet_live_x' }));
});
