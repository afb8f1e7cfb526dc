// The operator's `petstore webhooks` command: add (secret shown once, unsafe URLs refused), list, show,
// disable, enable, deliveries, replay and remove, each with --json.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { storeArgs } from '../helpers/deployment-process.js';
import { addPet } from '../helpers/http-calls.js';
import { runCli } from '../helpers/run-cli.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

// One backend is enough here: the command only calls the services the delivery suites cover on both.
const backend = backends[0]!;

describe(`petstore webhooks on ${backend.name}`, () => {
  let t: TestApp;
  let args: string[];
  before(async () => {
    t = await startTestApp(backend);
    args = storeArgs(t.config);
  });
  after(() => t.close());

  const cli = async (command: string[], env: Record<string, string> = {}) => {
    const result = await runCli(['webhooks', ...command, ...args], env);
    return { ...result, json: () => JSON.parse(result.stdout) };
  };

  test('add refuses loopback and metadata addresses unless allowed', async () => {
    for (const url of ['http://127.0.0.1:9/hooks', 'https://169.254.169.254/x']) {
      const refused = await cli(['add', url, '--events', 'pet.created']);
      assert.equal(refused.code, 1);
      assert.match(refused.stderr, /Refused .*(https|metadata)/);
    }
    const typo = await cli(['add', 'https://127.0.0.1/x', '--events', 'pet.adopted'], {
      PETSTORE_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1',
    });
    assert.match(typo.stderr, /Unknown event type pet.adopted/);
  });

  test('a whole life: add, list, show, disable, enable, replay, deliveries, remove', async () => {
    const added = await cli(
      [
        'add',
        'http://127.0.0.1:9/hooks',
        '--events',
        'order.*,pet.created',
        '--description',
        'CRM',
        '--json',
      ],
      { PETSTORE_WEBHOOK_ALLOWED_HOSTS: '127.0.0.1' },
    );
    assert.equal(added.code, 0, added.stderr);
    const endpoint = added.json();
    assert.match(endpoint.secret, /^whsec_/);
    assert.deepEqual(endpoint.events, ['order.*', 'pet.created']);
    const listed = (await cli(['list', '--json'])).json();
    assert.deepEqual(
      listed.map((e: { id: string }) => e.id),
      [endpoint.id],
    );
    assert.equal(listed[0].secret, undefined, 'the secret is shown only once');
    assert.equal((await cli(['disable', endpoint.id, '--json'])).json().enabled, false);
    assert.equal((await cli(['enable', endpoint.id, '--json'])).json().enabled, true);

    const pet = await addPet(t, { name: 'R' });
    const [event] = (await t.request({ url: '/v1/events', headers: t.auth })).json();
    assert.deepEqual(event.data, pet);
    const replayed = await cli(['replay', String(event.id), '--json']);
    assert.deepEqual(replayed.json(), { eventId: event.id, endpoints: [endpoint.id] });
    const deliveries = (await cli(['deliveries', endpoint.id, '--json'])).json();
    assert.deepEqual(
      deliveries.map((d: { eventId: number; state: string }) => [d.eventId, d.state]),
      [
        [event.id, 'pending'],
        [event.id, 'pending'],
      ],
    );
    const shown = await cli(['show', endpoint.id]);
    assert.match(shown.stdout, /Pending:\s+2/);
    assert.equal((await cli(['remove', endpoint.id])).code, 0);
    assert.match((await cli(['show', endpoint.id])).stderr, /No webhook endpoint/);
  });
});
