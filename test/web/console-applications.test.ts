// The console's applications and adoptions, through HTTP on every backend: the queue with its counts and its
// badge of new ones; the filters, and a search that keeps names out of every URL; an application's whole
// page (its answers under the form's labels, the consent's time, its notes, the actions its status allows,
// the competing applications); each action with its actor, a conflict shown and never applied twice; and the
// adoption completed behind its confirmation page. A volunteer gets 403 for all of it, and no badge.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { application, submit } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { signedInAs, type ConsoleBrowser } from '../helpers/console.js';
import { addPet } from '../helpers/http-calls.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';
import { unescaped } from './page-html.js';

const probe = '<img src=x onerror=alert(1)>';

/** The status of an application, and its order, as the API answers them. */
async function apiApplication(t: TestApp, id: string) {
  const res = await t.request({ url: `/v1/applications/${id}`, headers: t.auth });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { status: string; orderId: number | null; declineReason: string | null };
}

async function petStatus(t: TestApp, id: number) {
  return ((await t.request({ url: `/v1/pets/${id}`, headers: t.auth })).json() as { status: string }).status;
}

/** The events of an application, oldest first, as the feed holds them: [type, status, who]. */
async function eventsOf(t: TestApp, id: string) {
  const { events } = await t.app.services.events.recent({ beforeId: undefined, limit: 1000 });
  return events
    .filter((event) => (event.data as { id: unknown }).id === id)
    .reverse()
    .map((event) => {
      const actor = event.actor;
      return [
        event.type,
        (event.data as { status: string }).status,
        actor?.type === 'staff' ? actor.name : actor?.type,
      ];
    });
}

for (const backend of backends) {
  describe(`console applications on ${backend.name}`, () => {
    let t: TestApp;
    let staff: ConsoleBrowser;
    let volunteer: ConsoleBrowser;
    before(async () => {
      t = await startTestApp(backend);
      staff = (await signedInAs(t, 'staff')).browser;
      volunteer = (await signedInAs(t, 'volunteer')).browser;
    });
    after(() => t.close());

    test('a volunteer gets 403 for every page and form, and sees no badge or link', async () => {
      const pet = await addPet(t, { name: 'Hidden' });
      const sent = await submit(t, application(pet.id));
      for (const url of [
        '/console/applications',
        `/console/applications/${sent.id}`,
        '/console/adoptions',
        '/console/adoptions/1',
        '/console/adoptions/1/complete',
      ])
        assert.equal((await volunteer.get(url)).statusCode, 403, url);
      for (const url of [
        '/console/applications/search',
        `/console/applications/${sent.id}/approve`,
        `/console/applications/${sent.id}/notes`,
        '/console/adoptions/1/cancel',
      ]) {
        const res = await volunteer.post(url, { from: 'submitted', q: 'Ada', text: 'x' });
        assert.equal(res.statusCode, 403, url);
        assert.doesNotMatch(res.body, /Ada Lovelace/, url);
      }
      const home = (await volunteer.get('/console')).body;
      assert.doesNotMatch(home, /href="\/console\/applications"/);
      assert.doesNotMatch(home, /href="\/console\/adoptions"/);
      assert.doesNotMatch(home, /nav-badge/);
      assert.equal((await apiApplication(t, sent.id)).status, 'submitted');
    });

    test('the badge counts new applications on every page; the queue counts each status', async () => {
      const before = (await t.request({ url: '/v1/applications/counts', headers: t.auth })).json() as {
        submitted: number;
      };
      const pet = await addPet(t, { name: 'Badger' });
      const one = await submit(t, application(pet.id));
      await submit(t, application(pet.id));
      const expected = before.submitted + 2;
      for (const url of ['/console', '/console/catalogue', '/console/account'])
        assert.match(
          (await staff.get(url)).body,
          new RegExp(
            `href="/console/applications">Applications <span class="nav-badge">${expected} new</span>`,
          ),
          url,
        );
      const started = await staff.post(`/console/applications/${one.id}/review`, { from: 'submitted' });
      assert.equal(started.statusCode, 303, started.body.slice(0, 300));
      const queue = await staff.get('/console/applications');
      assert.equal(queue.statusCode, 200);
      assert.equal(queue.headers['cache-control'], 'no-store');
      assert.match(queue.body, new RegExp(`${expected - 1} new</span>`));
      assert.match(queue.body, new RegExp(`<span class="count">${expected - 1}</span> New`));
      assert.match(queue.body, /<span class="count">\d+<\/span> In review/);
    });

    test('filters by status and animal; a search by name or email is a POST, never in a URL', async () => {
      const pet = await addPet(t, { name: 'Filterfox' });
      const other = await addPet(t, { name: 'Elsewhere' });
      const email = `zelda.${process.pid}@example.org`;
      const mine = await submit(t, application(pet.id, { applicant: { name: 'Zelda Quince', email } }));
      await submit(t, application(other.id));
      const byPet = await staff.get(`/console/applications?pet=${pet.id}`);
      assert.equal(byPet.statusCode, 200);
      assert.match(byPet.body, new RegExp(`href="/console/applications/${mine.id}">Zelda Quince</a>`));
      assert.match(byPet.body, new RegExp(`href="/console/animals/${pet.id}">Filterfox</a>`));
      assert.doesNotMatch(byPet.body, /Elsewhere/);
      const declinedOnly = await staff.get(`/console/applications?pet=${pet.id}&status=declined`);
      assert.doesNotMatch(declinedOnly.body, /Zelda Quince/);
      assert.match(declinedOnly.body, /No applications match/);

      const badPet = await staff.get('/console/applications?pet=twelve');
      assert.equal(badPet.statusCode, 400);
      assert.match(badPet.body, /Enter the animal’s number/);
      assert.match(badPet.body, /id="f-pet"[^>]*value="twelve"/);

      assert.match(
        (await staff.get('/console/applications')).body,
        /<form method="post" action="\/console\/applications\/search"/,
      );
      for (const q of ['Zelda', email.toUpperCase(), 'quin']) {
        const found = await staff.post('/console/applications/search', { q });
        assert.equal(found.statusCode, 200, q);
        assert.match(found.body, new RegExp(`/console/applications/${mine.id}"`), q);
        assert.doesNotMatch(found.body, /href="[^"]*Zelda/, q);
      }
      const empty = await staff.post('/console/applications/search', { q: '  ' });
      assert.equal(empty.statusCode, 400);
      assert.match(empty.body, /Enter a name or an email to search for/);
    });

    test('the whole application in the form’s order; notes with their author; inert names', async () => {
      const pet = await addPet(t, { name: 'Reader' });
      const sent = await submit(
        t,
        application(pet.id, {
          applicant: { name: probe, email: `probe.${process.pid}@example.org`, phone: '+44 20 7946 0000' },
          answers: { 'why-adopt': 'Room to run\nand a garden', 'had-pet-before': true },
          experience: 'Two cats',
        }),
      );
      const page = await staff.get(`/console/applications/${sent.id}`);
      assert.equal(page.statusCode, 200);
      assert.equal(page.headers['cache-control'], 'no-store');
      assert.ok(!page.body.includes(probe), 'the name is escaped');
      assert.ok(unescaped(page.body).includes(`Application from ${probe}`));
      const labels = [
        'Full name',
        'Email address',
        'Phone number',
        'How many adults live in your home?',
        'Why do you want to adopt?',
        'Have you had a pet before?',
        'Consent given',
      ];
      const positions = labels.map((label) => page.body.indexOf(`<dt>${label}</dt>`));
      assert.ok(
        positions.every((p) => p > 0),
        `every label is there: ${labels.filter((_, i) => positions[i]! < 0)}`,
      );
      assert.deepEqual(
        [...positions].sort((a, b) => a - b),
        positions,
        'in the order the form asks',
      );
      assert.match(
        page.body,
        /<dt>Why do you want to adopt\?<\/dt><dd class="multiline">Room to run\nand a garden<\/dd>/,
      );
      assert.match(page.body, /<dt>Have you had a pet before\?<\/dt><dd class="multiline">Yes<\/dd>/);
      // The buttons are the table's: from `submitted`, review, approve, decline, withdraw.
      for (const action of ['review', 'approve', 'decline', 'withdraw'])
        assert.match(page.body, new RegExp(`action="/console/applications/${sent.id}/${action}"`), action);

      const noText = await staff.post(`/console/applications/${sent.id}/notes`, { text: '   ' });
      assert.equal(noText.statusCode, 400);
      assert.match(noText.body, /There is a problem/);
      assert.match(noText.body, /id="f-text-error"/);
      const long = 'x'.repeat(2001);
      const tooLong = await staff.post(`/console/applications/${sent.id}/notes`, { text: long });
      assert.equal(tooLong.statusCode, 400);
      assert.ok(tooLong.body.includes(`>${long}</textarea>`), 'the text is kept as typed');
      const added = await staff.post(`/console/applications/${sent.id}/notes`, { text: `Called ${probe}` });
      assert.equal(added.statusCode, 303);
      const withNote = await staff.get(added.headers.location as string);
      assert.match(withNote.body, /The note was added/);
      assert.match(withNote.body, /<p class="note-by">A staff · <time/);
      assert.ok(!withNote.body.includes(`Called ${probe}`), 'the note is escaped');
    });

    test('approve, decline with a reason, conflicts; then the adoption completed in one step', async () => {
      const pet = await addPet(t, { name: 'Journey' });
      const first = await submit(
        t,
        application(pet.id, { applicant: { name: 'Fay First', email: `fay.${process.pid}@example.org` } }),
      );
      const second = await submit(
        t,
        application(pet.id, { applicant: { name: 'Sam Second', email: `sam.${process.pid}@example.org` } }),
      );
      const third = await submit(
        t,
        application(pet.id, { applicant: { name: 'Tia Third', email: `tia.${process.pid}@example.org` } }),
      );

      const page = await staff.get(`/console/applications/${first.id}`);
      assert.match(page.body, /Other open applications for this animal/);
      assert.match(page.body, /Sam Second/);
      assert.match(page.body, /Tia Third/);

      const approved = await staff.post(`/console/applications/${first.id}/approve`, { from: 'submitted' });
      assert.equal(approved.statusCode, 303, approved.body.slice(0, 300));
      const api = await apiApplication(t, first.id);
      assert.equal(api.status, 'approved');
      assert.ok(api.orderId);
      assert.equal(await petStatus(t, pet.id), 'pending');
      const done = await staff.get(approved.headers.location as string);
      assert.match(done.body, /The application was approved/);
      assert.match(done.body, new RegExp(`href="/console/adoptions/${api.orderId}">See the adoption`));
      assert.match(done.body, new RegExp(`href="/console/adoptions/${api.orderId}/complete"`));
      // What the table allows from approved: decline and withdraw, not review or approve.
      assert.doesNotMatch(done.body, new RegExp(`/${first.id}/(review|approve)"`));

      // The same click again, from a page that still showed `submitted`: nothing is applied twice.
      const events = await eventsOf(t, first.id);
      const again = await staff.post(`/console/applications/${first.id}/approve`, { from: 'submitted' });
      assert.equal(again.statusCode, 409);
      assert.match(again.body, /Someone else acted on this application first: it is now approved/);
      assert.deepEqual(await eventsOf(t, first.id), events);
      assert.equal((await apiApplication(t, first.id)).orderId, api.orderId);

      const noReason = await staff.post(`/console/applications/${second.id}/decline`, {
        from: 'submitted',
        reason: '',
      });
      assert.equal(noReason.statusCode, 400);
      // A refused form's page keeps the menu's link, though its answer reads no badge.
      assert.match(noReason.body, /href="\/console\/applications">Applications</);
      assert.match(noReason.body, /Enter an answer to “Why it is declined”/);
      assert.equal((await apiApplication(t, second.id)).status, 'submitted');
      const declined = await staff.post(`/console/applications/${second.id}/decline`, {
        from: 'submitted',
        reason: 'Another family was chosen',
      });
      assert.equal(declined.statusCode, 303);
      assert.deepEqual(
        [(await apiApplication(t, second.id)).status, (await apiApplication(t, second.id)).declineReason],
        ['declined', 'Another family was chosen'],
      );

      const list = await staff.get('/console/adoptions?status=approved');
      assert.match(
        list.body,
        new RegExp(`href="/console/adoptions/${api.orderId}">Adoption ${api.orderId}</a>`),
      );
      assert.match(list.body, /Fay First/);
      const animalPage = await staff.get(`/console/animals/${pet.id}`);
      assert.match(animalPage.body, new RegExp(`href="/console/adoptions/${api.orderId}">See adoption`));

      const confirm = await staff.get(`/console/adoptions/${api.orderId}/complete`);
      assert.equal(confirm.statusCode, 200);
      assert.match(confirm.body, /Complete this adoption\?/);
      assert.match(confirm.body, /Journey is marked adopted and leaves the adoption pages/);
      assert.match(confirm.body, /Fay First/);
      assert.match(confirm.body, /The one other open application for this animal is declined/);
      assert.equal(await petStatus(t, pet.id), 'pending', 'the confirmation page changes nothing');

      const completed = await staff.post(`/console/adoptions/${api.orderId}/complete`, { from: 'approved' });
      assert.equal(completed.statusCode, 303, completed.body.slice(0, 300));
      assert.equal(await petStatus(t, pet.id), 'sold');
      assert.equal((await apiApplication(t, first.id)).status, 'adopted');
      assert.equal((await apiApplication(t, third.id)).status, 'declined');
      const twice = await staff.post(`/console/adoptions/${api.orderId}/complete`, { from: 'approved' });
      assert.equal(twice.statusCode, 409);
      assert.match(twice.body, /it is now completed/);

      assert.deepEqual(await eventsOf(t, first.id), [
        ['application.submitted', 'submitted', 'key'],
        ['application.status_changed', 'approved', 'A staff'],
        ['application.status_changed', 'adopted', 'A staff'],
      ]);
    });

    test('an application for no one animal offers no approval, and a forced one says why', async () => {
      const sent = await submit(t, application(null));
      const page = await staff.get(`/console/applications/${sent.id}`);
      assert.match(page.body, new RegExp(`/${sent.id}/review"`));
      assert.doesNotMatch(page.body, new RegExp(`/${sent.id}/approve"`));
      const forced = await staff.post(`/console/applications/${sent.id}/approve`, { from: 'submitted' });
      assert.equal(forced.statusCode, 409);
      assert.match(forced.body, /it names no animal to adopt/);
      assert.doesNotMatch(forced.body, /Someone else acted/);
    });

    test('cancelling an adoption puts the animal back and its application in review', async () => {
      const pet = await addPet(t, { name: 'Return' });
      const sent = await submit(t, application(pet.id));
      await staff.post(`/console/applications/${sent.id}/approve`, { from: 'submitted' });
      const { orderId } = await apiApplication(t, sent.id);
      const cancelled = await staff.post(`/console/adoptions/${orderId}/cancel`, { from: 'approved' });
      assert.equal(cancelled.statusCode, 303);
      assert.equal(await petStatus(t, pet.id), 'available');
      assert.equal((await apiApplication(t, sent.id)).status, 'in_review');
      const stale = await staff.post(`/console/adoptions/${orderId}/cancel`, { from: 'approved' });
      assert.equal(stale.statusCode, 409);
      assert.match(stale.body, /it is now cancelled/);
    });
  });
}
