// The README's tour, pasted into a shell in the project's folder as a new user does, against a live service:
// the block after `<!-- tour -->`, with the test server's URL and key in place of the local ones it names.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { after, before, test } from 'node:test';
import { promisify } from 'node:util';
import { backends } from '../helpers/backends.js';
import { codeBlocks, readPage, root } from '../helpers/markdown.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

const run = promisify(execFile);
let server: SdkServer;

before(async () => {
  server = await startSdkServer(backends[0]!);
});
after(() => server?.close());

test('the README’s tour runs in bash, each line as written, and shows what it says', async () => {
  const tour = codeBlocks(readPage('README.md')).find((block) => block.marker === 'tour');
  assert.ok(tour, 'README.md has a tour block');
  assert.ok(tour.code.includes('http://127.0.0.1:3000/v1'), 'the tour names the local API');
  assert.ok(tour.code.includes('pet_live_…'), 'the tour names the printed key');
  const script = tour.code
    .replaceAll('http://127.0.0.1:3000/v1', server.baseUrl)
    .replaceAll('pet_live_…', server.key);
  // An interactive shell expands aliases; bash -c does once told to. -e stops at the first failing line.
  const { stdout } = await run('bash', ['-e', '-O', 'expand_aliases', '-c', script], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_OPTIONS: '' },
  });
  assert.match(stdout, /24 rows: 24 created, 0 already there, 0 rejected/);
  assert.match(stdout, /^\d+\s+Biscuit\s/m);
  const youngCats = ['Luna', 'Miso', 'Smokey', 'Ziggy'];
  for (const name of youngCats) {
    assert.match(stdout, new RegExp(`^\\d+\\s+${name}\\s`, 'm'), `${name} in the table`);
    assert.ok(stdout.includes(`"name":"${name}"`), `${name} in the JSON`);
  }
  assert.match(stdout, /Rocky/);
  assert.match(stdout, /Dog/);
});
