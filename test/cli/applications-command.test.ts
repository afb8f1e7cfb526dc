// `petstore applications list|show|review|approve|decline|withdraw|note|counts` and `petstore applicants
// export|erase` as a user runs them: child processes talking HTTP to a listening app, on every backend.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { application, submit } from '../helpers/applications.js';
import { backends } from '../helpers/backends.js';
import { newPet } from '../helpers/http-calls.js';
import { hasScript, runCli, runCliOnTerminal } from '../helpers/run-cli.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

for (const backend of backends) {
  describe(`petstore applications and applicants on ${backend.name}`, () => {
    let server: SdkServer;
    let env: Record<string, string>;
    before(async () => {
      server = await startSdkServer(backend);
      env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
    });
    after(() => server.close());

    const petstore = async (...args: string[]) => {
      const res = await runCli(args, env);
      assert.equal(res.code, 0, res.stderr);
      return res.stdout;
    };
    const json = async (...args: string[]) => JSON.parse(await petstore(...args, '--json'));
    /** Submits an application for a new pet; its id, the pet's, and the applicant's address. */
    const applied = async (name = 'Biscuit') => {
      const petId = await newPet(server, { name });
      const body = application(petId);
      const { id } = await submit(server, body);
      return { id, petId, email: body.applicant.email };
    };

    test('list prints a table of id, pet, status, applicant and created; --json a page, --all an array', async () => {
      const { id, petId } = await applied();
      const table = await petstore('applications', 'list', '--pet', String(petId));
      assert.match(
        table,
        new RegExp(
          `^ID\\s+PET\\s+STATUS\\s+APPLICANT\\s+CREATED\\n${id}\\s+${petId}\\s+submitted\\s+Ada Lovelace\\s+\\d{4}-`,
        ),
      );
      const page = await json('applications', 'list', '--pet', String(petId), '--status', 'submitted');
      assert.deepEqual([page.items.map((a: { id: string }) => a.id), page.nextCursor], [[id], null]);
      const all = await json('applications', 'list', '--all', '--q', 'ada', '--sort', 'createdAt');
      assert.ok(Array.isArray(all) && all.some((a: { id: string }) => a.id === id));
      const none = await json('applications', 'list', '--pet', String(petId), '--status', 'declined');
      assert.deepEqual(none.items, []);
    });

    test('one page says on stderr when more applications follow', async () => {
      const petId = await newPet(server, { name: 'Wanted' });
      for (let i = 0; i < 2; i++) await submit(server, application(petId));
      const page = await runCli(['applications', 'list', '--pet', String(petId), '--limit', '1'], env);
      assert.equal(page.stdout.trim().split('\n').length, 2, 'a heading and one application');
      const [, cursor] =
        /^More applications follow this page of 1: add --cursor (\S+) /.exec(page.stderr) ?? [];
      assert.ok(cursor, page.stderr);
      const next = await json(
        'applications',
        'list',
        '--pet',
        String(petId),
        '--limit',
        '1',
        '--cursor',
        cursor,
      );
      assert.equal(next.items.length, 1);
      assert.notEqual(next.items[0].id, page.stdout.trim().split('\n')[1]!.split(/\s+/)[0]);
    });

    test('review, note, approve, then show prints the whole application with its notes', async () => {
      const { id, petId, email } = await applied('Rex');
      assert.match(
        await petstore('applications', 'review', id),
        new RegExp(`${id}\\s+${petId}\\s+in_review`),
      );
      const note = await json('applications', 'note', id, 'Home visit booked');
      assert.deepEqual([note.text, note.author], ['Home visit booked', 'test']);
      assert.match(
        await petstore('applications', 'note', id, 'Fence checked'),
        /^ID\s+AUTHOR\s+CREATED\s+TEXT\n\d+\s+test\s+\S+\s+Fence checked\n$/,
      );
      const approved = await json('applications', 'approve', id);
      assert.equal(approved.status, 'approved');
      assert.ok(approved.orderId);
      const shown = await petstore('applications', 'show', id);
      for (const line of [
        `ID\\s+${id}`,
        'Status\\s+approved',
        `Pet\\s+${petId}`,
        `Order\\s+${approved.orderId}`,
        'Applicant\\s+Ada Lovelace',
        `Email\\s+${email.replace(/\./g, '\\.')}`,
        'Household\\s+2 adults, 0 children',
        'Home\\s+house, own',
        'Answers\\s+why-adopt: Room to run',
        'Notes\\s+\\S+\\s+test\\n\\s+Home visit booked\\n\\s+\\S+\\s+test\\n\\s+Fence checked$',
      ])
        assert.match(shown, new RegExp(`^${line}`, 'm'));
      assert.deepEqual(await json('applications', 'show', id), approved);
    });

    test('decline takes a reason, withdraw closes; a refused action exits 1 with the code', async () => {
      const declined = await json('applications', 'decline', (await applied()).id, '--reason', 'No fence');
      assert.deepEqual([declined.status, declined.declineReason], ['declined', 'No fence']);
      const refused = await runCli(['applications', 'review', declined.id], env);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /\(application_status_conflict, HTTP 409, request id \S+\)/);
      const noReason = await runCli(['applications', 'decline', declined.id], env);
      assert.notEqual(noReason.code, 0);
      assert.match(noReason.stderr, /required option '--reason <text>' not specified/);
      const { id } = await applied();
      assert.match(await petstore('applications', 'withdraw', id), /withdrawn/);
    });

    test('counts prints every status, as a table or as JSON', async () => {
      const counts = await json('applications', 'counts');
      assert.deepEqual(Object.keys(counts).sort(), [
        'adopted',
        'approved',
        'declined',
        'in_review',
        'submitted',
        'withdrawn',
      ]);
      assert.match(
        await petstore('applications', 'counts'),
        /^SUBMITTED\s+IN_REVIEW\s+APPROVED\s+ADOPTED\s+DECLINED\s+WITHDRAWN\n\d+\s+\d+/,
      );
    });

    test('applicants export prints JSON; erase erases with --yes, and at once with no terminal', async () => {
      const { id, email } = await applied();
      const exported = JSON.parse(await petstore('applicants', 'export', '--email', email.toUpperCase()));
      assert.deepEqual(
        exported.applications.map((a: { id: string }) => a.id),
        [id],
      );
      // The address as asked, and every application of it in any case.
      assert.deepEqual(await json('applicants', 'export', '--email', email), { ...exported, email });
      const erased = await petstore('applicants', 'erase', '--email', email, '--yes');
      assert.equal(erased, 'erased 1 application\n');
      assert.ok(!erased.includes(email), 'the outcome names no address');
      assert.deepEqual(JSON.parse(await petstore('applicants', 'export', '--email', email)).applications, []);
      assert.equal((await json('applications', 'show', id)).applicant.email, null);
      // No terminal on stdin: a script cannot answer, so it goes ahead, as `pets remove` does.
      const scripted = await applied();
      assert.deepEqual(await json('applicants', 'erase', '--email', scripted.email), { erased: 1 });
      const missing = await runCli(['applicants', 'erase', '--json'], env);
      assert.equal(JSON.parse(missing.stderr).error.code, 'invalid_usage');
    });
  });
}

describe('petstore applicants erase on a terminal', () => {
  let server: SdkServer;
  let env: Record<string, string>;
  before(async () => {
    server = await startSdkServer(backends[0]!);
    env = { PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: server.key };
  });
  after(() => server.close());

  test(
    'asks first, and erases nothing unless the answer is y',
    { skip: !hasScript && 'no `script`' },
    async () => {
      const body = application(await newPet(server));
      const { id } = await submit(server, body);
      const email = body.applicant.email;
      const declined = await runCliOnTerminal(['applicants', 'erase', '--email', email], env, 'n\n');
      assert.match(
        declined,
        /Erase the personal data of every application of \S+\? It cannot be undone\. \[y\/N\]/,
      );
      assert.match(declined, /petstore: nothing was erased: answer y to erase, or pass --yes/);
      const kept = await server.request({ url: `/v1/applications/${id}`, headers: server.auth });
      assert.equal(kept.json().applicant.email, email);
      const agreed = await runCliOnTerminal(['applicants', 'erase', '--email', email], env, 'y\n');
      assert.match(agreed, /erased 1 application/);
    },
  );
});
