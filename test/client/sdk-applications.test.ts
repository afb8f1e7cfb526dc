// The SDK's adoption application calls against a real listening server, on every backend: each call once,
// paging, the form, the applicant's data, and refusals as PetstoreError with the catalogue's code.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import {
  PetstoreClient,
  type Application,
  type ApplicationQuestion,
  type NewApplication,
} from '@petstore/client';
import { application } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { failureOf, startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

/** A valid submission for the pet (or none), with an address of its own. */
const submission = (petId: number | null) => application(petId) as NewApplication;

for (const backend of backends) {
  describe(`SDK application calls on ${backend.name}`, () => {
    let server: SdkServer;
    let client: PetstoreClient;
    before(async () => {
      server = await startSdkServer(backend);
      client = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: server.key });
    });
    after(() => server.close());

    /** Submits with the all-scope key, which gets the whole application back. */
    const submitted = async (body: NewApplication) => (await client.submitApplication(body)) as Application;

    test('submit, get, review, note, approve: the order is placed and the counts move', async () => {
      const petId = await newPet(server, { name: 'Biscuit' });
      const before = await client.countApplications();
      const received = await submitted(submission(petId));
      assert.equal(received.status, 'submitted');
      assert.equal(received.petId, petId);
      assert.deepEqual(await client.getApplication(received.id), received);
      assert.equal((await client.reviewApplication(received.id)).status, 'in_review');
      const note = await client.addApplicationNote(received.id, 'Home visit\nbooked for Saturday');
      assert.equal(note.text, 'Home visit\nbooked for Saturday');
      assert.equal(note.author, 'test');
      const approved = await client.approveApplication(received.id);
      assert.equal(approved.status, 'approved');
      assert.ok(approved.orderId, 'approving placed an order');
      assert.deepEqual(
        approved.notes.map((n) => n.id),
        [note.id],
      );
      assert.equal((await client.getOrder(approved.orderId)).status, 'approved');
      assert.deepEqual(await client.countApplications(), { ...before, approved: before.approved + 1 });
    });

    test('a key that may only submit gets a receipt back', async () => {
      const { key } = await server.app.services.apiKeys.create({
        name: 'website',
        plan: 'free',
        scopes: ['applications:submit'],
      });
      const website = new PetstoreClient({ baseUrl: server.baseUrl, apiKey: key });
      const receipt = await website.submitApplication(submission(null));
      assert.deepEqual(Object.keys(receipt).sort(), ['createdAt', 'id', 'status']);
      assert.equal((await client.getApplication(receipt.id)).status, 'submitted');
    });

    test('listAllApplications with limit 1 gives each of 3 applications once; a page says what follows', async () => {
      const petId = await newPet(server, { name: 'Much wanted' });
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) ids.push((await submitted(submission(petId))).id);
      const newestFirst = [...ids].reverse();
      const seen: string[] = [];
      for await (const one of client.listAllApplications({ petId, limit: 1 })) seen.push(one.id);
      assert.deepEqual(seen, newestFirst);
      assert.deepEqual(
        (await client.listApplications({ petId, limit: 2 })).map((a) => a.id),
        newestFirst.slice(0, 2),
      );
      // Oldest first, the last page gives the cursor to ask later for the applications since.
      const first = await client.listApplicationsPage({ petId, sort: 'createdAt', limit: 2 });
      assert.deepEqual(
        first.items.map((a) => a.id),
        ids.slice(0, 2),
      );
      assert.ok(first.nextCursor);
      const last = await client.listApplicationsPage({
        petId,
        sort: 'createdAt',
        limit: 2,
        cursor: first.nextCursor,
      });
      assert.deepEqual(
        last.items.map((a) => a.id),
        ids.slice(2),
      );
      assert.equal(last.nextCursor, undefined);
      assert.ok(last.resumeCursor, 'the last page of the oldest-first listing resumes');
      const later = await submitted(submission(petId));
      const since = await client.listApplications({ petId, sort: 'createdAt', cursor: last.resumeCursor });
      assert.deepEqual(
        since.map((a) => a.id),
        [later.id],
      );
    });

    test('decline keeps its reason, withdraw closes; refusals are PetstoreError with their code', async () => {
      const declined = await client.declineApplication(
        (await submitted(submission(await newPet(server)))).id,
        'No fence',
      );
      assert.deepEqual([declined.status, declined.declineReason], ['declined', 'No fence']);
      const conflict = await failureOf(client.reviewApplication(declined.id));
      assert.equal(conflict.code, 'application_status_conflict');
      assert.equal(conflict.status, 409);
      assert.match(conflict.requestId, /\S/);
      const body = submission(await newPet(server));
      const open = await submitted(body);
      assert.equal((await failureOf(client.submitApplication(body))).code, 'application_exists');
      assert.equal((await client.withdrawApplication(open.id)).status, 'withdrawn');
      const missing = await failureOf(client.getApplication('A'.repeat(22)));
      assert.deepEqual([missing.code, missing.status], ['application_not_found', 404]);
    });

    test('the form is read and replaced; the applicant’s data is given and erased', async () => {
      const form = await client.getApplicationForm();
      assert.ok(form.questions.some((q) => q.id === 'why-adopt'));
      const extra: ApplicationQuestion = {
        id: 'garden-size',
        label: 'How big is the garden?',
        type: 'number',
        required: false,
      };
      const replaced = await client.replaceApplicationForm({ questions: [...form.questions, extra] });
      assert.deepEqual(replaced.questions.at(-1), extra);
      assert.deepEqual(await client.replaceApplicationForm(form), form);

      const body = submission(null);
      const { id } = await submitted(body);
      const email = body.applicant.email;
      const held = await client.getApplicant(email.toUpperCase());
      assert.deepEqual(
        held.applications.map((a) => a.id),
        [id],
      );
      assert.deepEqual(await client.eraseApplicant(email), { erased: 1 });
      const erased = await client.getApplication(id);
      assert.ok(erased.erasedAt);
      assert.equal(erased.applicant.email, null);
      assert.deepEqual((await client.getApplicant(email)).applications, []);
    });
  });
}
