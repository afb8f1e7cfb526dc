// `petstore pets remove` asks first on a terminal, and --yes skips the question; without a terminal (a
// script, which cannot answer, and which passed no --yes before the question existed) it removes at once.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { hasScript, runCli, runCliOnTerminal as onTerminal } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

describe('petstore pets remove', () => {
  let server: SdkServer;
  let env: Record<string, string>;
  before(async () => {
    server = await startSdkServer(backends[0]!);
    env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
  });
  after(() => server.close());

  const exists = async (id: number) =>
    await fetch(`${server.baseUrl}/pets?limit=100`, { headers: { authorization: `Bearer ${server.key}` } })
      .then((res) => res.json() as Promise<Array<{ id: number }>>)
      .then((pets) => pets.some((pet) => pet.id === id));

  test('without a terminal it removes at once, as scripts expect; --yes is taken too', async () => {
    const id = await newPet(server, { name: 'Scripted' });
    const res = await runCli(['pets', 'remove', String(id)], env);
    assert.equal(res.code, 0, res.stderr);
    assert.equal(await exists(id), false);
    const other = await newPet(server, { name: 'Yes' });
    assert.equal((await runCli(['pets', 'remove', String(other), '--yes'], env)).code, 0);
    assert.equal(await exists(other), false);
  });

  test('on a terminal it asks, and removes only on y', { skip: !hasScript && 'no `script`' }, async () => {
    const id = await newPet(server, { name: 'Asked' });
    const declined = await onTerminal(['pets', 'remove', String(id)], env, 'n\n');
    assert.match(declined, /Remove pet \d+\? It cannot be undone\. \[y\/N\]/);
    assert.match(declined, /petstore: pet \d+ was not removed/);
    assert.equal(await exists(id), true);
    const agreed = await onTerminal(['pets', 'remove', String(id)], env, 'y\n');
    assert.match(agreed, /Removed pet \d+/);
    assert.equal(await exists(id), false);
  });
});
