// Least privilege, page by page: for every route of the console and every role, the table below says whether
// the role may use it, and a signed-in browser of each role is answered 403 exactly where it may not. The
// routes are read from the app itself, so a page added without a row in this table fails the test. POSTs are
// sent only by the roles the table refuses (an allowed POST would act), with an empty form.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { act, application, submit } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { signedInAs, type ConsoleBrowser } from '../helpers/console.js';
import { addPet } from '../helpers/http-calls.js';
import { makeImage } from '../helpers/images.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

type Role = 'volunteer' | 'staff' | 'admin';
const everyone: Role[] = ['volunteer', 'staff', 'admin'];
const staffAndAdmin: Role[] = ['staff', 'admin'];
const adminOnly: Role[] = ['admin'];
/** Reached without a session, or by every session alike: not a matter of role. */
const open = 'open' as const;

/** Who may use each route, by method and path as the app registers it. Written from the roles' promise. */
const table: Record<string, Role[] | typeof open> = {
  'GET /console': everyone,
  'GET /console/': everyone,
  'GET /console/sign-in': open,
  'POST /console/sign-in': open,
  'POST /console/sign-out': open,
  'GET /console/welcome': open,
  'POST /console/welcome': open,
  'GET /console/account': everyone,
  'POST /console/account/password': open,
  'POST /console/account/sign-out-everywhere': open,
  'GET /console/animals/new': everyone,
  'POST /console/animals/new': everyone,
  'GET /console/animals/:id': everyone,
  'POST /console/animals/:id': everyone,
  'POST /console/animals/:id/publish': everyone,
  'POST /console/animals/:id/photos': everyone,
  'POST /console/animals/:id/photos/:photoId/move': everyone,
  'GET /console/animals/:id/photos/:photoId/remove': everyone,
  'POST /console/animals/:id/photos/:photoId/remove': everyone,
  'GET /console/animals/:id/remove': staffAndAdmin,
  'POST /console/animals/:id/remove': staffAndAdmin,
  'GET /console/catalogue': everyone,
  'POST /console/catalogue/categories': staffAndAdmin,
  'POST /console/catalogue/categories/:id': staffAndAdmin,
  'POST /console/catalogue/categories/:id/breeds': staffAndAdmin,
  'GET /console/activity': staffAndAdmin,
  'GET /console/applications': staffAndAdmin,
  'POST /console/applications/search': staffAndAdmin,
  'GET /console/applications/:id': staffAndAdmin,
  'POST /console/applications/:id/:action': staffAndAdmin,
  'GET /console/adoptions': staffAndAdmin,
  'GET /console/adoptions/:id': staffAndAdmin,
  'GET /console/adoptions/:id/complete': staffAndAdmin,
  'POST /console/adoptions/:id/:action': staffAndAdmin,
  'GET /console/admin/staff': adminOnly,
  'POST /console/admin/staff': adminOnly,
  'POST /console/admin/staff/:id/role': adminOnly,
  'POST /console/admin/staff/:id/reset': adminOnly,
  'POST /console/admin/staff/:id/disable': adminOnly,
  'POST /console/admin/staff/:id/enable': adminOnly,
  'GET /console/admin/keys': adminOnly,
  'POST /console/admin/keys': adminOnly,
  'GET /console/admin/keys/:id': adminOnly,
  'POST /console/admin/keys/:id': adminOnly,
  'GET /console/admin/keys/:id/revoke': adminOnly,
  'POST /console/admin/keys/:id/revoke': adminOnly,
};

/**
 * The console's routes, from the router's own printout (Fastify's `printRoutes`): a tree whose lines are
 * `├── segment (METHODS)`, four columns a level; a segment goes on from its parent's path.
 */
function consoleRoutes(printed: string): string[] {
  const stack: string[] = [];
  const routes: string[] = [];
  for (const line of printed.split('\n')) {
    const match = /^(.*?)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    const parent = depth === 0 ? '' : stack[depth - 1]!;
    const segment = match[2]!;
    const path =
      parent === '' || parent.endsWith('/') || segment.startsWith('/')
        ? parent + segment
        : `${parent}/${segment}`;
    stack[depth] = path;
    stack.length = depth + 1;
    if (!path.startsWith('/console') || path.startsWith('/console/assets/') || !match[3]) continue;
    for (const method of match[3].split(', '))
      if (method === 'GET' || method === 'POST') routes.push(`${method} ${path}`);
  }
  return routes;
}

for (const backend of backends) {
  describe(`console roles on ${backend.name}`, () => {
    let t: TestApp;
    let browsers: Record<Role, ConsoleBrowser>;
    let ids: Record<string, string>;
    before(async () => {
      t = await startTestApp(backend);
      browsers = {
        volunteer: (await signedInAs(t, 'volunteer')).browser,
        staff: (await signedInAs(t, 'staff')).browser,
        admin: (await signedInAs(t, 'admin')).browser,
      };
      const pet = await addPet(t, { name: 'Tabled' });
      const upload = await t.request({
        method: 'POST',
        url: `/v1/pets/${pet.id}/photos`,
        headers: { ...t.auth, 'content-type': 'image/png' },
        payload: await makeImage('png', 400, 300),
      });
      assert.equal(upload.statusCode, 201, upload.body);
      const sent = await submit(t, application(pet.id));
      // An approved application, so that its adoption's pages (completing among them) exist.
      const approved = await act(t, sent.id, 'approve');
      assert.equal(approved.statusCode, 200, approved.body);
      const [key] = await t.app.services.apiKeys.list();
      // One with no adoption open, that may be removed.
      const free = await addPet(t, { name: 'Unclaimed' });
      ids = {
        free: String(free.id),
        id: String(pet.id),
        photoId: String((upload.json() as { id: number }).id),
        application: sent.id,
        order: String((approved.json() as { orderId: number }).orderId),
        key: key!.id,
      };
    });
    after(() => t.close());

    /** The route's path with its parameters filled by things that exist. */
    function urlOf(route: string): string {
      const path = route.split(' ')[1]!;
      if (path.startsWith('/console/applications/:id'))
        return path.replace(':id', ids.application!).replace(':action', 'review');
      if (path.startsWith('/console/admin/keys/:id')) return path.replace(':id', ids.key!);
      if (path === '/console/animals/:id/remove') return path.replace(':id', ids.free!);
      if (path.startsWith('/console/adoptions/:id'))
        return path.replace(':id', ids.order!).replace(':action', 'cancel');
      return path.replace(/:(\w+)/g, (_all, name: string) => ids[name] ?? '1');
    }

    test('every console route has a row in the table, and every row a route', () => {
      const routes = consoleRoutes(t.app.printRoutes({ commonPrefix: false }));
      assert.ok(routes.length > 30, `the routes were read: ${routes.length}`);
      assert.deepEqual(
        routes.filter((route) => !(route in table)),
        [],
        'a console route without a row in the table',
      );
      assert.deepEqual(
        Object.keys(table).filter((route) => !routes.includes(route)),
        [],
        'a row of the table that is no route',
      );
    });

    test('each role is answered 403 exactly where the table refuses it', async () => {
      const wrong: string[] = [];
      for (const [route, allowed] of Object.entries(table)) {
        if (allowed === open) continue;
        const [method] = route.split(' ');
        for (const role of everyone) {
          const may = allowed.includes(role);
          if (method === 'POST' && may) continue;
          const res =
            method === 'GET'
              ? await browsers[role].get(urlOf(route))
              : await browsers[role].post(urlOf(route), {});
          const forbidden = res.statusCode === 403;
          if (forbidden === may) wrong.push(`${route} as ${role}: ${res.statusCode}`);
          if (method === 'GET' && may && res.statusCode !== 200)
            wrong.push(`${route} as ${role}: ${res.statusCode}, not 200`);
        }
      }
      assert.deepEqual(wrong, []);
    });
  });
}
