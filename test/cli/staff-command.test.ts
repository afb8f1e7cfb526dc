// `petstore staff` on a deployment: create prints a one-time link that works in the console, list shows the
// account, set-role, disable and enable change it, reset prints a new link, and --json prints one object;
// bad input is a clear error. And the first start prints the first admin's link, the same at every start
// until it is used.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { backends } from '../helpers/backends.js';
import { storeArgs } from '../helpers/deployment-process.js';
import { runCli } from '../helpers/run-cli.js';
import { envOf, startServerProcess } from '../helpers/server-process.js';
import { strongPassword } from '../helpers/console.js';

test('staff create, list, set-role, disable, enable and reset, with --json', async () => {
  const deployment = backends[0]!.freshDeployment();
  const args = storeArgs(deployment.config);
  try {
    assert.equal((await runCli(['migrate', ...args])).code, 0);
    const created = await runCli([
      'staff',
      'create',
      '--email',
      'Vera@Example.org',
      '--name',
      'Vera',
      '--role',
      'volunteer',
      '--json',
      '--public-url',
      'https://pets.example.org/v1',
      ...args,
    ]);
    assert.equal(created.code, 0, created.stderr);
    const account = JSON.parse(created.stdout);
    assert.deepEqual(
      [account.email, account.name, account.role, account.status],
      ['Vera@Example.org', 'Vera', 'volunteer', 'invited'],
    );
    assert.match(account.link, /^https:\/\/pets\.example\.org\/console\/welcome\?token=[A-Za-z0-9_-]{43}$/);
    const text = await runCli([
      'staff',
      'create',
      '--email',
      'sam@example.org',
      '--name',
      'Sam',
      '--role',
      'staff',
      ...args,
    ]);
    assert.match(
      text.stdout,
      /^Created sam@example.org \(Sam, staff\)\..*\n\n {2}http:\/\/127\.0\.0\.1:3000\/console\/welcome\?token=[A-Za-z0-9_-]{43}\n/s,
    );

    const duplicate = await runCli([
      'staff',
      'create',
      '--email',
      'VERA@example.org',
      '--name',
      'V',
      '--role',
      'admin',
      ...args,
    ]);
    assert.notEqual(duplicate.code, 0);
    assert.match(duplicate.stderr, /A staff account with the email VERA@example.org exists already/);
    const badEmail = await runCli([
      'staff',
      'create',
      '--email',
      'not an email',
      '--name',
      'X',
      '--role',
      'staff',
      ...args,
    ]);
    assert.match(badEmail.stderr, /"not an email" is not an email address/);

    const listed = JSON.parse((await runCli(['staff', 'list', '--json', ...args])).stdout);
    assert.deepEqual(
      listed.map((a: { email: string }) => a.email),
      ['Vera@Example.org', 'sam@example.org'],
    );
    const promoted = JSON.parse(
      (await runCli(['staff', 'set-role', 'vera@example.org', 'staff', '--json', ...args])).stdout,
    );
    assert.equal(promoted.role, 'staff');
    const disabled = await runCli(['staff', 'disable', String(account.id), ...args]);
    assert.match(disabled.stdout, /Vera@Example.org is disabled/);
    const enabled = JSON.parse(
      (await runCli(['staff', 'enable', String(account.id), '--json', ...args])).stdout,
    );
    assert.equal(enabled.status, 'invited');
    const reset = JSON.parse(
      (await runCli(['staff', 'reset', 'Vera@Example.org', '--json', ...args])).stdout,
    );
    assert.notEqual(reset.link, account.link);
    const unknown = await runCli(['staff', 'disable', 'nobody@example.org', ...args]);
    assert.match(unknown.stderr, /No staff account has the id or email nobody@example.org/);
  } finally {
    await deployment.remove();
  }
});

test('the first start prints the first admin’s link, the same at the next start, and none once it is used', async () => {
  const deployment = backends[0]!.freshDeployment();
  const linkPattern = /^\s+(http:\/\/\S+\/console\/welcome\?token=[A-Za-z0-9_-]{43})$/;
  const start = () => startServerProcess([], envOf(deployment.config), 60_000);
  try {
    let server = await start();
    const [first] = await server.waitForOutput(linkPattern);
    const link = linkPattern.exec(first!)![1]!;
    assert.ok(link.startsWith(`${server.url}/console/welcome?token=`), link);
    await server.stop();
    server = await start();
    const [again] = await server.waitForOutput(linkPattern);
    assert.equal(linkPattern.exec(again!)![1], link.replace(/:\d+\//, `:${new URL(server.url).port}/`));
    const token = new URL(link).searchParams.get('token')!;
    const used = await fetch(`${server.url}/console/welcome`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
      body: new URLSearchParams({ token, password: strongPassword }),
    });
    assert.equal(used.status, 303);
    await server.stop();
    server = await start();
    const listed = JSON.parse(
      (await runCli(['staff', 'list', '--json', ...storeArgs(deployment.config)])).stdout,
    );
    assert.deepEqual(
      listed.map((a: { email: string; status: string }) => [a.email, a.status]),
      [['admin@localhost', 'active']],
    );
    // Stopped first, so that whatever it would print at its start is in its output.
    await server.stop();
    assert.ok(!server.output.some((line) => linkPattern.test(line)), 'no link once used');
  } finally {
    await deployment.remove();
  }
});
