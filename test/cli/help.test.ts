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
    // Every error line of the command begins the same way, commander's own included.
    assert.match(lines[0]!, /^petstore: unknown option/);
    assert.match(res.stderr, /Did you mean --(no-migrate|json)\?/);
    assert.ok(lines.length <= 3, `${lines.length} lines:\n${res.stderr}`);
  }
});

test('errors begin with petstore: whichever part of the command line or the command refused', async () => {
  for (const args of [
    ['pets', 'get'],
    ['pets', 'get', 'x'],
    ['pets', 'list', '--status', 'lost'],
    ['pets', 'import', 'no-such-file.csv'],
  ]) {
    const res = await petstore(args);
    assert.equal(res.code, 1, args.join(' '));
    assert.match(res.stderr, /^petstore: /, `${args.join(' ')}: ${res.stderr}`);
  }
});

/** The commands a help text lists, each with its description (its wrapped lines joined). */
function commandsOf(help: string): Map<string, string> {
  const listed = new Map<string, string>();
  let last = '';
  for (const line of help.split('Commands:\n')[1]?.split('\n') ?? []) {
    const named = /^ {2}([a-z-]+)\b.*?\s{2,}(\S.*)$/.exec(line);
    const more = /^\s{3,}(\S.*)$/.exec(line);
    if (named) listed.set((last = named[1]!), named[2]!);
    else if (more && last) listed.set(last, `${listed.get(last)} ${more[1]}`);
  }
  listed.delete('help');
  return listed;
}

test("each command's line in --help names every one of its subcommands, as its own help does", async () => {
  const top = commandsOf((await petstore(['--help'])).stdout);
  for (const name of ['keys', 'pets', 'webhooks', 'orders', 'events', 'categories', 'breeds']) {
    const own = (await petstore([name, '--help'])).stdout;
    const description = top.get(name) ?? '';
    for (const sub of commandsOf(own).keys())
      assert.match(description, new RegExp(`\\b${sub}\\b`), `petstore --help, ${name}: ${description}`);
    assert.ok(own.replace(/\s+/g, ' ').includes(description), `${name} --help: ${own}`);
  }
});
