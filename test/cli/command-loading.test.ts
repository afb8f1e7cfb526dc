// A command loads only its own modules: `petstore pets import` needs the SDK, commander, csv-parse and
// cli-progress (on a terminal), and should not start with the store, its drivers, the settings' schemas or
// Redis in memory; `pets export` needs no CSV reader.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { test } from 'node:test';
import { promisify } from 'node:util';

const cliEntry = new URL('../../src/cli/main.ts', import.meta.url).pathname;

/** `petstore ARGS` under tsx, with `imports` (more --import flags) before it; what it printed. */
const petstore = (args: string[], imports: string[] = []) =>
  promisify(execFile)(process.execPath, ['--import', 'tsx', ...imports, cliEntry, ...args], {
    env: { PATH: process.env.PATH ?? '', NODE_OPTIONS: process.env.NODE_OPTIONS ?? '' },
  });

// A module hook that names on stderr every file loaded, registered before the CLI starts. Hooks run on a
// thread of their own, whose asynchronous writes to stderr may be lost when the command exits: the write is
// synchronous.
const hook = `import { writeSync } from 'node:fs';
export async function load(url, context, next) {
  writeSync(2, 'loaded ' + url + '\\n');
  return next(url, context);
}`;
const register = `import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hook)}));`;

async function loadedBy(args: string[]): Promise<string[]> {
  const { stderr } = await petstore(args, [
    '--import',
    `data:text/javascript,${encodeURIComponent(register)}`,
  ]);
  return stderr.split('\n').flatMap((line) => (line.startsWith('loaded ') ? [line.slice(7)] : []));
}

const heavy =
  /\/node_modules\/(kysely|better-sqlite3|pg|ioredis|@sinclair\/typebox|ajv|fastify)\/|\/src\/(store|services|limits|config\.ts)/;

test('pets import --help and breeds import --help load the SDK, not the store or the settings', async () => {
  for (const command of ['pets', 'breeds']) {
    const loaded = await loadedBy([command, 'import', '--help']);
    assert.ok(
      loaded.some((url) => url.includes('/packages/client/')),
      loaded.join('\n'),
    );
    assert.deepEqual(
      loaded.filter((url) => heavy.test(url)),
      [],
      command,
    );
  }
});

test("pets list --help checks the filters' values against the domain's lists, without TypeBox", async () => {
  const loaded = await loadedBy(['pets', 'list', '--help']);
  assert.ok(loaded.some((url) => url.endsWith('/src/domain/pet-profile-values.ts')));
  assert.ok(loaded.some((url) => url.endsWith('/src/cli/pet-filter-options.ts')));
  assert.deepEqual(
    loaded.filter((url) => heavy.test(url)),
    [],
  );
});

test('pets export --help does not load the CSV reader, which only import needs', async () => {
  const loaded = await loadedBy(['pets', 'export', '--help']);
  assert.ok(loaded.some((url) => url.endsWith('/src/cli/bulk/export-pets.ts')));
  assert.deepEqual(
    loaded.filter((url) => /\/node_modules\/csv-parse\/|\/src\/cli\/bulk\/import-rows\.ts$/.test(url)),
    [],
  );
});

test('pets --help and pets photos add --help load the photo commands, not the schemas or sharp', async () => {
  for (const args of [
    ['pets', '--help'],
    ['pets', 'photos', 'add', '--help'],
  ]) {
    const loaded = await loadedBy(args);
    assert.ok(loaded.some((url) => url.endsWith('/src/cli/commands/pets-photos.ts')));
    assert.deepEqual(
      loaded.filter((url) => heavy.test(url) || /\/node_modules\/(sharp|@img)\//.test(url)),
      [],
      args.join(' '),
    );
  }
});

test('--version and --help load no command: none of their modules, the SDK or the settings', async () => {
  for (const args of [['--version'], ['--help'], ['help']]) {
    const loaded = await loadedBy(args);
    assert.deepEqual(
      loaded.filter((url) => heavy.test(url) || /\/src\/cli\/commands\/|\/packages\/client\//.test(url)),
      [],
      args.join(' '),
    );
  }
});

test('keys --help loads the settings, but neither the store, the services nor the limiter', async () => {
  const loaded = await loadedBy(['keys', 'list', '--help']);
  assert.ok(loaded.some((url) => url.endsWith('/src/cli/commands/keys.ts')));
  assert.deepEqual(
    loaded.filter((url) =>
      /\/src\/(store|services|limits)\/|\/node_modules\/(kysely|ioredis|pg)\//.test(url),
    ),
    [],
  );
});

test('--help still lists every command', async () => {
  const { stdout } = await petstore(['--help']);
  const listed = [...stdout.matchAll(/^ {2}(\w+) /gm)].map(([, name]) => name);
  assert.deepEqual(listed, [
    'serve',
    'migrate',
    'keys',
    'staff',
    'pets',
    'webhooks',
    'orders',
    'applications',
    'applicants',
    'inventory',
    'categories',
    'breeds',
    'events',
    'help',
  ]);
});
