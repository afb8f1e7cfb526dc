// The console's activity and an animal's recent changes, through HTTP on every backend: who changed what,
// newest first, in words; pages back by id without skipping a change; staff and admin only for the whole
// feed (a volunteer gets 403 and no link), while an animal's page shows its own changes to every role; and
// every name inert.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { act, application, submit } from '../helpers/applications.js';
import { addPet } from '../helpers/http-calls.js';
import { signedInAs, type ConsoleBrowser } from '../helpers/console.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { unescaped } from './page-html.js';

const probe = '<img src=x onerror=alert(1)>';
/** The rows of a change list, as [who, what] in the order shown. */
const rowsOf = (html: string) =>
  [
    ...html.matchAll(
      /<tr><td data-label="When"><time[^>]*>[^<]*<\/time><\/td><td data-label="Who">([^<]*)<\/td><td data-label="What">(?:<a [^>]*>)?([^<]*)/g,
    ),
  ].map((m) => [unescaped(m[1]!), unescaped(m[2]!)]);

for (const backend of backends) {
  describe(`console activity on ${backend.name}`, () => {
    let t: TestApp;
    let staff: ConsoleBrowser;
    let volunteer: ConsoleBrowser;
    before(async () => {
      t = await startTestApp(backend);
      staff = (await signedInAs(t, 'staff')).browser;
      volunteer = (await signedInAs(t, 'volunteer')).browser;
    });
    after(() => t.close());

    test('the newest change first, each with who made it, in words; the animal’s page shows its own', async () => {
      const pet = await addPet(t, { name: 'Juniper', categoryId: 1 });
      const form = await volunteer.get(`/console/animals/${pet.id}`);
      assert.equal(form.statusCode, 200);
      const edited = await volunteer.post(`/console/animals/${pet.id}/publish`, { published: 'no' });
      assert.equal(edited.statusCode, 303, edited.body.slice(0, 300));
      const order = await t.request({
        method: 'POST',
        url: '/v1/store/orders',
        headers: t.auth,
        payload: { petId: pet.id },
      });
      assert.equal(order.statusCode, 201);
      const orderId = (order.json() as { id: number }).id;

      const activity = await staff.get('/console/activity');
      assert.equal(activity.statusCode, 200);
      assert.equal(activity.headers['cache-control'], 'no-store');
      assert.deepEqual(rowsOf(activity.body).slice(0, 4), [
        ['API key “test”', 'Set the status of Juniper to Pending'],
        ['API key “test”', `Placed adoption order ${orderId} for Juniper`],
        ['A volunteer', 'Took Juniper off the website'],
        ['API key “test”', 'Took in Juniper'],
      ]);
      assert.match(activity.body, new RegExp(`<a href="/console/animals/${pet.id}">Took in Juniper</a>`));

      const staffView = await staff.get(`/console/animals/${pet.id}`);
      assert.deepEqual(rowsOf(staffView.body).length, 4, 'staff see the order’s changes too');
      assert.match(staffView.body, /href="\/console\/activity">All activity</);
      const volunteerView = await volunteer.get(`/console/animals/${pet.id}`);
      assert.deepEqual(rowsOf(volunteerView.body), [
        ['API key “test”', 'Set the status of Juniper to Pending'],
        ['A volunteer', 'Took Juniper off the website'],
        ['API key “test”', 'Took in Juniper'],
      ]);
      assert.doesNotMatch(volunteerView.body, /All activity/);
    });

    test('applications in words, by their id, with the animal’s page listing them for staff alone', async () => {
      const pet = await addPet(t, { name: 'Wren', categoryId: 1 });
      const { id } = await submit(t, application(pet.id));
      assert.equal((await act(t, id, 'review')).statusCode, 200);
      const rows = rowsOf((await staff.get('/console/activity')).body).slice(0, 2);
      assert.deepEqual(rows, [
        ['API key “test”', `Application ${id} is now in review`],
        ['API key “test”', `Application ${id} arrived`],
      ]);
      assert.deepEqual(rowsOf((await staff.get(`/console/animals/${pet.id}`)).body).slice(0, 2), rows);
      assert.deepEqual(
        rowsOf((await volunteer.get(`/console/animals/${pet.id}`)).body),
        [['API key “test”', 'Took in Wren']],
        'no application for a volunteer',
      );
    });

    test('a volunteer gets 403 for the activity, and no link to it', async () => {
      const page = await volunteer.get('/console/activity');
      assert.equal(page.statusCode, 403);
      assert.doesNotMatch(page.body, /Took in|<table class="changes"/);
      assert.doesNotMatch((await volunteer.get('/console')).body, /href="\/console\/activity"/);
      assert.match((await staff.get('/console')).body, /href="\/console\/activity">Activity</);
    });

    test('pages go back by id: every change once, in order, even with changes made between pages', async () => {
      for (let i = 0; i < 60; i++) await addPet(t, { name: `Paged ${i}`, categoryId: 1 });
      const seen: string[] = [];
      let url: string | undefined = '/console/activity';
      let pages = 0;
      while (url) {
        const html: string = (await staff.get(url)).body;
        seen.push(...rowsOf(html).map(([, what]) => what!));
        if (pages++ === 0) await addPet(t, { name: 'Meanwhile', categoryId: 1 });
        url = /<a href="(\/console\/activity\?before=\d+)">Older changes<\/a>/.exec(html)?.[1];
      }
      const paged = seen.filter((what) => what.startsWith('Took in Paged '));
      assert.deepEqual(
        paged,
        Array.from({ length: 60 }, (_, i) => `Took in Paged ${59 - i}`),
      );
      assert.ok(!seen.includes('Took in Meanwhile'), 'a later change does not shift the older pages');
      assert.ok(pages >= 2);
      assert.equal(
        (await staff.get('/console/activity?before=abc')).statusCode,
        200,
        'a bad before: the newest',
      );
    });

    test('names are inert: an animal named with markup', async () => {
      const pet = await addPet(t, { name: probe, categoryId: 1 });
      for (const path of ['/console/activity', `/console/animals/${pet.id}`]) {
        const html = (await staff.get(path)).body;
        assert.ok(!html.includes('<img src=x'), path);
        assert.ok(html.includes('Took in &lt;img src=x onerror=alert(1)'), path);
      }
    });
  });
}
