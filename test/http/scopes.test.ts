// Function-level authorization through HTTP: every operation the app registered × every scope, generated from
// the scope table the code uses, which is itself held against a literal copy so that a change is deliberate.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import Fastify, { type InjectOptions } from 'fastify';
import { enforceScopes } from '../../src/http/scopes.js';
import { operationScopes, scopeNames, type OperationId, type Scope } from '../../src/domain/scopes.js';
import { backends } from '../helpers/backends.js';
import { application, submit } from '../helpers/applications.js';
import { newPet } from '../helpers/http-calls.js';
import { makeImage } from '../helpers/images.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

test('the scope table is exactly the one documented in docs/security.md', () => {
  assert.deepEqual(scopeNames, [
    'pets:read',
    'pets:write',
    'pets:remove',
    'orders:write',
    'orders:manage',
    'events:read',
    'catalog:write',
    'applications:submit',
    'applications:read',
    'applications:manage',
    'shelter:write',
  ]);
  assert.deepEqual(operationScopes, {
    listPets: ['pets:read'],
    getPet: ['pets:read'],
    createPet: ['pets:write'],
    updatePet: ['pets:write'],
    removePet: ['pets:remove'],
    uploadPhoto: ['pets:write'],
    movePhoto: ['pets:write'],
    removePhoto: ['pets:write'],
    getInventory: ['pets:read'],
    placeOrder: ['orders:write'],
    listOrders: ['orders:write', 'orders:manage'],
    getOrder: ['orders:write', 'orders:manage'],
    cancelOrder: ['orders:write', 'orders:manage'],
    approveOrder: ['orders:manage'],
    completeOrder: ['orders:manage'],
    listEvents: ['events:read'],
    listCategories: ['pets:read'],
    listBreeds: ['pets:read'],
    createCategory: ['catalog:write'],
    renameCategory: ['catalog:write'],
    createBreed: ['catalog:write'],
    submitApplication: ['applications:submit'],
    getApplicationForm: ['applications:submit', 'applications:manage'],
    replaceApplicationForm: ['applications:manage'],
    listApplications: ['applications:read'],
    countApplications: ['applications:read'],
    getApplication: ['applications:read'],
    reviewApplication: ['applications:manage'],
    approveApplication: ['applications:manage'],
    declineApplication: ['applications:manage'],
    withdrawApplication: ['applications:manage'],
    addApplicationNote: ['applications:manage'],
    getApplicant: ['applications:manage'],
    eraseApplicant: ['applications:manage'],
    getShelter: ['pets:read'],
    updateShelter: ['shelter:write'],
    putShelterLogo: ['shelter:write'],
    removeShelterLogo: ['shelter:write'],
  });
});

/** What a valid request needs: the caller's auth, an all-scope key for setup, and the app. */
interface Setup {
  t: TestApp;
  /** Authorization of the key under test. */
  auth: Record<string, string>;
  /** Authorization of a key holding every scope (the app's own), to prepare data. */
  admin: Record<string, string>;
  /** Whether the key under test may place orders (then it places the orders it acts on, and owns them). */
  placesOrders: boolean;
}

/** An order in `status`, placed by the key under test when it may place orders, else by the admin key. */
async function newOrder(s: Setup, status: 'placed' | 'approved'): Promise<number> {
  const petId = await newPet(s.t);
  const placer = s.placesOrders ? s.auth : s.admin;
  const placed = await s.t.request({
    method: 'POST',
    url: '/v1/store/orders',
    headers: placer,
    payload: { petId },
  });
  assert.equal(placed.statusCode, 201, placed.body);
  const id = placed.json().id as number;
  if (status === 'approved') {
    const approved = await s.t.request({
      method: 'POST',
      url: `/v1/store/orders/${id}/approve`,
      headers: s.admin,
    });
    assert.equal(approved.statusCode, 200, approved.body);
  }
  return id;
}

let names = 0;
/** A catalogue name no request used before. */
const newName = () => `Name ${++names}`;

/** A pet with one photo, added with the all-scope key; returns the URL of the photo under its pet. */
async function newPhoto(s: Setup): Promise<string> {
  const petId = await newPet(s.t);
  const res = await s.t.request({
    method: 'POST',
    url: `/v1/pets/${petId}/photos`,
    headers: { ...s.admin, 'content-type': 'image/png' },
    payload: await makeImage('png', 40, 30),
  });
  assert.equal(res.statusCode, 201, res.body);
  return `/v1/pets/${petId}/photos/${res.json().id}`;
}

/**
 * One valid request per operationId, as the issue for each route specifies it. Order operations run only
 * once their routes are registered; they act on orders the calling key placed, so `orders:write` reaches them.
 */
const validRequests: Record<OperationId, (s: Setup) => Promise<InjectOptions>> = {
  listPets: async () => ({ url: '/v1/pets' }),
  getPet: async (s) => ({ url: `/v1/pets/${await newPet(s.t)}` }),
  createPet: async () => ({ method: 'POST', url: '/v1/pets', payload: { name: 'Kit', categoryId: 2 } }),
  updatePet: async (s) => ({
    method: 'PATCH',
    url: `/v1/pets/${await newPet(s.t)}`,
    payload: { name: 'Kit' },
  }),
  removePet: async (s) => ({ method: 'DELETE', url: `/v1/pets/${await newPet(s.t)}` }),
  uploadPhoto: async (s) => ({
    method: 'POST',
    url: `/v1/pets/${await newPet(s.t)}/photos`,
    headers: { 'content-type': 'image/png' },
    payload: await makeImage('png', 40, 30),
  }),
  movePhoto: async (s) => ({ method: 'PATCH', url: await newPhoto(s), payload: { position: 0 } }),
  removePhoto: async (s) => ({ method: 'DELETE', url: await newPhoto(s) }),
  getInventory: async () => ({ url: '/v1/store/inventory' }),
  placeOrder: async (s) => ({
    method: 'POST',
    url: '/v1/store/orders',
    payload: { petId: await newPet(s.t) },
  }),
  listOrders: async () => ({ url: '/v1/store/orders' }),
  getOrder: async (s) => ({ url: `/v1/store/orders/${await newOrder(s, 'placed')}` }),
  cancelOrder: async (s) => ({
    method: 'POST',
    url: `/v1/store/orders/${await newOrder(s, 'placed')}/cancel`,
  }),
  approveOrder: async (s) => ({
    method: 'POST',
    url: `/v1/store/orders/${await newOrder(s, 'placed')}/approve`,
  }),
  completeOrder: async (s) => ({
    method: 'POST',
    url: `/v1/store/orders/${await newOrder(s, 'approved')}/complete`,
  }),
  listEvents: async () => ({ url: '/v1/events' }),
  listCategories: async () => ({ url: '/v1/categories' }),
  listBreeds: async () => ({ url: '/v1/categories/1/breeds' }),
  createCategory: async () => ({ method: 'POST', url: '/v1/categories', payload: { name: newName() } }),
  renameCategory: async () => ({ method: 'PATCH', url: '/v1/categories/3', payload: { name: newName() } }),
  createBreed: async () => ({ method: 'POST', url: '/v1/categories/1/breeds', payload: { name: newName() } }),
  submitApplication: async (s) => ({
    method: 'POST',
    url: '/v1/applications',
    payload: application(await newPet(s.t)),
  }),
  getApplicationForm: async () => ({ url: '/v1/application-form' }),
  replaceApplicationForm: async (s) => ({
    method: 'PUT',
    url: '/v1/application-form',
    payload: (await s.t.request({ url: '/v1/application-form', headers: s.admin })).json(),
  }),
  listApplications: async () => ({ url: '/v1/applications' }),
  countApplications: async () => ({ url: '/v1/applications/counts' }),
  getApplication: async (s) => ({ url: `/v1/applications/${(await submit(s.t, application(null))).id}` }),
  reviewApplication: async (s) => ({
    method: 'POST',
    url: `/v1/applications/${(await submit(s.t, application(null))).id}/review`,
  }),
  approveApplication: async (s) => ({
    method: 'POST',
    url: `/v1/applications/${(await submit(s.t, application(await newPet(s.t)))).id}/approve`,
  }),
  declineApplication: async (s) => ({
    method: 'POST',
    url: `/v1/applications/${(await submit(s.t, application(null))).id}/decline`,
    payload: { reason: 'No garden' },
  }),
  withdrawApplication: async (s) => ({
    method: 'POST',
    url: `/v1/applications/${(await submit(s.t, application(null))).id}/withdraw`,
  }),
  addApplicationNote: async (s) => ({
    method: 'POST',
    url: `/v1/applications/${(await submit(s.t, application(null))).id}/notes`,
    payload: { text: 'Called back' },
  }),
  getApplicant: async () => ({ url: '/v1/applicants?email=someone%40example.org' }),
  eraseApplicant: async () => ({
    method: 'POST',
    url: '/v1/applicants/erase',
    payload: { email: 'someone@example.org' },
  }),
  getShelter: async () => ({ url: '/v1/shelter' }),
  updateShelter: async () => ({ method: 'PATCH', url: '/v1/shelter', payload: { name: newName() } }),
  putShelterLogo: async () => ({
    method: 'PUT',
    url: '/v1/shelter/logo',
    headers: { 'content-type': 'image/png' },
    payload: await makeImage('png', 40, 30),
  }),
  removeShelterLogo: async () => ({ method: 'DELETE', url: '/v1/shelter/logo' }),
};

for (const backend of backends) {
  describe(`scopes on ${backend.name}: every operation × every scope`, () => {
    let t: TestApp;
    let admin: Record<string, string>;
    const keyOf = new Map<Scope, Record<string, string>>();
    let registered: Set<string>;
    let keyless: string[];
    before(async () => {
      t = await startTestApp(backend);
      admin = t.auth;
      for (const scope of scopeNames) {
        const { key } = await t.app.services.apiKeys.create({
          name: scope,
          plan: 'enterprise',
          perMinute: 1_000_000,
          perDay: 1_000_000,
          scopes: [scope],
        });
        keyOf.set(scope, { authorization: `Bearer ${key}` });
      }
      // The operations this build serves, read from the app itself: routes added later join the matrix.
      await t.app.ready();
      const doc = t.app.swagger() as {
        paths: Record<string, Record<string, { operationId?: string; security?: unknown[] }>>;
      };
      const operations = Object.values(doc.paths).flatMap((methods) => Object.values(methods));
      // An operation served without a key (photo downloads, `security: []`) needs no scope.
      registered = new Set(operations.filter((op) => op.security?.length !== 0).map((op) => op.operationId!));
      keyless = operations.filter((op) => op.security?.length === 0).map((op) => op.operationId!);
    });
    after(() => t.close());

    test('the app serves exactly the operations of the scope table, each with a valid request here', () => {
      assert.deepEqual([...registered].sort(), Object.keys(operationScopes).sort());
      assert.deepEqual(keyless, ['getPhoto'], 'the only operation served without a key');
      for (const operation of registered)
        assert.ok(operation in validRequests, `${operation}: add a request`);
    });

    for (const operation of Object.keys(operationScopes) as OperationId[]) {
      for (const scope of scopeNames) {
        const allowed = (operationScopes[operation] as readonly Scope[]).includes(scope);
        test(`${operation} with only ${scope}: ${allowed ? '2xx' : '403'}`, async () => {
          const auth = keyOf.get(scope)!;
          const request = await validRequests[operation]({
            t,
            auth,
            admin,
            placesOrders: scope === 'orders:write',
          });
          const res = await t.request({ ...request, headers: { ...request.headers, ...auth } });
          if (allowed) {
            assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${res.statusCode} ${res.body}`);
            return;
          }
          assert.equal(res.statusCode, 403, res.body);
          const needed = operationScopes[operation];
          assert.equal(res.json().code, 'insufficient_scope');
          assert.match(
            res.json().message,
            new RegExp(needed.join('|')),
            'the message names the scope needed',
          );
          assert.equal(
            res.headers['www-authenticate'],
            `Bearer realm="petstore", error="insufficient_scope", scope="${needed.join(' ')}"`,
          );
          assert.ok(res.headers['x-ratelimit-remaining'], 'a refusal carries the rate-limit headers');
        });
      }
    }

    // Written out rather than read from the scope table: the tests above change with the table, this one not.
    test('a key with only orders:write cannot approve or complete even its own order: 403', async () => {
      const writer = keyOf.get('orders:write')!;
      const setup = { t, auth: writer, admin, placesOrders: true };
      const refusals = [
        { action: 'approve', orderId: await newOrder(setup, 'placed') },
        { action: 'complete', orderId: await newOrder(setup, 'approved') },
      ];
      for (const { action, orderId } of refusals) {
        const url = `/v1/store/orders/${orderId}/${action}`;
        const res = await t.request({ method: 'POST', url, headers: writer });
        assert.equal(res.statusCode, 403, `${action}: ${res.body}`);
        assert.deepEqual(res.json(), {
          code: 'insufficient_scope',
          message: 'This API key lacks the scope this operation needs: orders:manage',
          status: 403,
        });
        assert.equal(
          res.headers['www-authenticate'],
          'Bearer realm="petstore", error="insufficient_scope", scope="orders:manage"',
        );
      }
      const orders = await Promise.all(
        refusals.map(
          async ({ orderId }) =>
            (await t.request({ url: `/v1/store/orders/${orderId}`, headers: writer })).json().status,
        ),
      );
      assert.deepEqual(orders, ['placed', 'approved'], 'neither order moved');
    });

    // Fixed rows, written from the rule rather than read from the table under test: a read-only key may
    // change no pet, and each refusal leaves the pet as it was.
    test('a pets:read key: POST, PATCH and DELETE on pets are 403 insufficient_scope and change nothing', async () => {
      const { key } = await t.app.services.apiKeys.create({
        name: 'read only',
        plan: 'business',
        scopes: ['pets:read'],
      });
      const readOnly = { authorization: `Bearer ${key}` };
      const petId = await newPet(t, { name: 'Fixed' });
      const before = (await t.request({ url: `/v1/pets?limit=100`, headers: readOnly })).json();
      const rows: InjectOptions[] = [
        { method: 'POST', url: '/v1/pets', payload: { name: 'Sneaky', categoryId: 1 } },
        {
          method: 'PATCH',
          url: `/v1/pets/${petId}`,
          headers: { 'content-type': 'application/merge-patch+json' },
          payload: JSON.stringify({ name: 'Renamed' }),
        },
        { method: 'DELETE', url: `/v1/pets/${petId}` },
      ];
      for (const row of rows) {
        const res = await t.request({ ...row, headers: { ...row.headers, ...readOnly } });
        assert.equal(res.statusCode, 403, `${row.method} ${row.url}: ${res.body}`);
        assert.equal(res.json().code, 'insufficient_scope');
      }
      assert.deepEqual((await t.request({ url: `/v1/pets?limit=100`, headers: readOnly })).json(), before);
    });

    test('a 403 counts against the key’s quota, and comes before the body is validated', async () => {
      const { key } = await t.app.services.apiKeys.create({
        name: 'ro',
        plan: 'free',
        scopes: ['pets:read'],
      });
      const headers = { authorization: `Bearer ${key}` };
      const first = await t.request({ url: '/v1/pets', headers });
      const refused = await t.request({ method: 'POST', url: '/v1/pets', headers, payload: { name: '' } });
      assert.equal(refused.statusCode, 403, 'not 400: a key that may not write learns nothing of the rules');
      assert.equal(
        Number(refused.headers['x-ratelimit-remaining']),
        Number(first.headers['x-ratelimit-remaining']) - 1,
      );
    });
  });
}

test('a /v1 operation missing from the scope table, or without an operationId, stops the app from starting', async () => {
  for (const operationId of ['adoptEverything', undefined]) {
    const app = Fastify();
    await assert.rejects(
      async () =>
        app.register(
          async (v1) => {
            enforceScopes(v1);
            v1.get('/pets/rare', { schema: { operationId } }, async () => []);
          },
          { prefix: '/v1' },
        ),
      new RegExp(`GET /v1/pets/rare: operationId ${operationId} has no entry in operationScopes`),
    );
  }
});
