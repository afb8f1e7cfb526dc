// The command's own help: `--no-…` flags say what they do, `--version` answers, and a mistyped flag gets a
// short "Did you mean" answer rather than the whole help.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { test } from 'node:test';
import { runCli as petstore } from '../helpers/run-cli.js';

test('serve --help: the --no-… flags say what they turn off', async () => {
  const { stdout } = await petstore(['serve', '--help']);
  assert.match(stdout, /--no-migrate\s+Do not run pending migrations at start/);
  assert.match(stdout, /--no-rate-limits\s+Do not limit requests/);
});

test('--version prints the version of the package', async () => {
  const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
  const res = await petstore(['--version']);
  assert.equal(res.code, 0);
  assert.equal(res.stdout.trim(), version);
});

test('an unknown flag: the error and "Did you mean", then one line, not the help', async () => {
  for (const args of [
    ['serve', '--no-migrat'],
    ['keys', 'list', '--jsn'],
  ]) {
    const res = await petstore(args);
    assert.equal(res.code, 1, args.join(' '));
    const lines = res.stderr.trim().split('\n');
    assert.match(lines[0]!, /unknown option/);
    assert.match(res.stderr, /Did you mean --(no-migrate|json)\?/);
    assert.ok(lines.length <= 3, `${lines.length} lines:\n${res.stderr}`);
  }
});
