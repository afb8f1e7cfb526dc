// The order races across two server processes on one PostgreSQL deployment, several rounds, and the race of
// conditional edits of one pet: the database, not either process, decides which request wins.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { prepareDeployment, type PreparedDeployment } from '../helpers/deployment-process.js';
import { raceCompleteCancel, racePlace, type Send } from '../helpers/order-races.js';
import { startServerProcess, type ServerProcess } from '../helpers/server-process.js';

const postgres = backends.find((backend) => backend.name === 'postgres');
const rounds = 3;
/** Starting a process through tsx is slow on a busy machine. */
const startupMs = 60_000;

describe('order races across two processes on PostgreSQL', { skip: !postgres && 'no PostgreSQL' }, () => {
  let deployment: PreparedDeployment;
  let instances: ServerProcess[] = [];

  before(async () => {
    deployment = await prepareDeployment(postgres!);
    instances = await Promise.all(
      [0, 1].map(() =>
        startServerProcess([...deployment.args, '--log-level', 'warn'], { LOG_LEVEL: 'warn' }, startupMs),
      ),
    );
  });
  after(async () => {
    await Promise.all(instances.map((instance) => instance.stop()));
    await deployment?.remove();
  });

  // Request i goes to instance i % 2: the racers are split evenly across both processes.
  const send: Send = async (i, method, path, body) => {
    const res = await fetch(`${instances[i % 2]!.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${deployment.key}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, body: await res.json() };
  };

  /** A request to instance i % 2, answered with its status, its ETag and its body. */
  const call = async (i: number, method: string, path: string, body?: object, headers = {}) => {
    const res = await fetch(`${instances[i % 2]!.url}${path}`, {
      method,
      headers: { authorization: `Bearer ${deployment.key}`, 'content-type': 'application/json', ...headers },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: res.status, etag: res.headers.get('etag'), body: await res.json() };
  };

  for (let round = 1; round <= rounds; round++) {
    test(`round ${round}: 10 PATCHes of one pet with the same If-Match through both processes give one 200`, async () => {
      const created = await call(0, 'POST', '/v1/pets', { name: 'Raced', categoryId: 1 });
      const path = `/v1/pets/${created.body.id}`;
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) =>
          call(i, 'PATCH', path, { name: `Writer ${i}` }, { 'if-match': created.etag }),
        ),
      );
      const won = answers.filter((answer) => answer.status === 200);
      assert.equal(won.length, 1, JSON.stringify(answers.map((answer) => answer.status)));
      assert.ok(answers.every((answer) => answer.status === 200 || answer.status === 412));
      const after = await call(1, 'GET', path);
      assert.equal(after.body.name, won[0]!.body.name);
      assert.equal(after.etag, won[0]!.etag);
    });
    test(`round ${round}: 50 places for one pet through both processes give one 201`, () => racePlace(send));
    test(`round ${round}: complete on one process, cancel on the other: one wins`, () =>
      raceCompleteCancel(send));
  }
});
