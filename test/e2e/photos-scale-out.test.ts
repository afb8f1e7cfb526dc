// Two instances (separate processes, two ports) on one PostgreSQL deployment, as behind a load balancer:
// a photo uploaded through one is served by the other, byte for byte, listed on its pet by both, and gone
// from both once removed. The database is the photos' only store: nothing else is shared.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createServices } from '../../src/services/index.js';
import { openStore } from '../../src/store/open-store.js';
import { backends } from '../helpers/backends.js';
import { makeImage } from '../helpers/images.js';
import { envOf, startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const postgres = backends.find((backend) => backend.name === 'postgres');

describe('photos through two instances sharing PostgreSQL', { skip: !postgres && 'no PostgreSQL' }, () => {
  const deployment = postgres?.freshDeployment();
  let instances: ServerProcess[] = [];
  let auth: { authorization: string };

  before(async () => {
    const env = envOf(deployment!.config);
    instances = await Promise.all([startServerProcess([], env), startServerProcess([], env)]);
    const store = await openStore(deployment!.config);
    const { apiKeys } = await createServices(deployment!.config, store);
    auth = { authorization: `Bearer ${(await apiKeys.create({ name: 'fleet', plan: 'business' })).key}` };
    await store.close();
  });
  after(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await deployment?.remove();
  });

  test('uploaded through one, served by the other; removed through the other, gone from both', async () => {
    const [one, other] = instances as [ServerProcess, ServerProcess];
    const created = await fetch(`${one.url}/v1/pets`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Rex', categoryId: 1 }),
    });
    const pet = (await created.json()) as { id: number };
    const uploaded = await fetch(`${one.url}/v1/pets/${pet.id}/photos`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'image/jpeg' },
      body: new Uint8Array(await makeImage('jpeg', 800, 600)),
    });
    assert.equal(uploaded.status, 201, await uploaded.clone().text());
    const photo = (await uploaded.json()) as { id: string; urls: Record<string, string> };

    for (const size of ['small', 'medium', 'large', 'full']) {
      const [here, there] = await Promise.all(
        [one, other].map((instance) => fetch(`${instance.url}${photo.urls[size]}`)),
      );
      assert.equal(there!.status, 200, size);
      assert.equal(there!.headers.get('content-type'), 'image/webp');
      assert.equal(there!.headers.get('etag'), here!.headers.get('etag'));
      assert.deepEqual(Buffer.from(await there!.arrayBuffer()), Buffer.from(await here!.arrayBuffer()), size);
    }
    const [seenHere, seenThere] = await Promise.all(
      [one, other].map(async (instance) => {
        const res = await fetch(`${instance.url}/v1/pets/${pet.id}`, { headers: auth });
        return ((await res.json()) as { photos: Array<{ id: string }> }).photos;
      }),
    );
    assert.deepEqual(seenThere, seenHere);
    assert.deepEqual(
      seenThere!.map(({ id }) => id),
      [photo.id],
    );

    const removed = await fetch(`${other.url}/v1/pets/${pet.id}/photos/${photo.id}`, {
      method: 'DELETE',
      headers: auth,
    });
    assert.equal(removed.status, 204);
    for (const instance of instances)
      assert.equal((await fetch(`${instance.url}${photo.urls.full}`)).status, 404, instance.url);
  });
});
