// The packages as a user gets them: `npm pack` of the service ships what runs and nothing else, and the packed
// SDK installs into fresh ESM, CommonJS and strict TypeScript projects and runs the example of docs/client.md live.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { backends } from '../helpers/backends.js';
import { startSdkServer, type SdkServer } from '../helpers/sdk-server.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../', import.meta.url));
const tsc = join(root, 'node_modules/typescript/bin/tsc');
const typesNodeVersion = (
  JSON.parse(readFileSync(join(root, 'node_modules/@types/node/package.json'), 'utf8')) as { version: string }
).version;
/** The tests' environment without the condition that points `@petstore/client` at its source. */
const cleanEnv = { ...process.env, NODE_OPTIONS: '' };
const npm = (args: string[], cwd: string) =>
  run('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error'], { cwd, env: cleanEnv });

/** The SDK's example in docs/client.md: the block after the `sdk-example` marker, as an ES module. */
const sdkExample = (() => {
  const page = readFileSync(join(root, 'docs/client.md'), 'utf8');
  const match = /<!-- sdk-example -->\s*```js\n([\s\S]*?)```/.exec(page);
  assert.ok(match, 'docs/client.md has no sdk-example block');
  return match[1]!;
})();
const asCommonJs = (source: string) =>
  source.replace(
    /^import \{ PetstoreClient \} from '@petstore\/client';.*$/m,
    "const { PetstoreClient } = require('@petstore/client');",
  );

const work = mkdtempSync(join(tmpdir(), 'petstore-packages-'));
let tarball = '';
let server: SdkServer;

before(async () => {
  server = await startSdkServer(backends[0]!);
  // Packs the build scripts/run-tests.js made before the suite: the SDK's prepack would delete and rebuild
  // packages/client/dist/ under the other test files.
  const { stdout } = await npm(
    ['pack', '--workspace=@petstore/client', '--ignore-scripts', `--pack-destination=${work}`, '--json'],
    root,
  );
  tarball = join(work, (JSON.parse(stdout) as Array<{ filename: string }>)[0]!.filename);
});

after(async () => {
  await server?.close();
  rmSync(work, { recursive: true, force: true });
});

/** A new project made by `npm init -y`, with the packed SDK (and `extra` packages) installed, from npm's cache when it can. */
async function freshProject(name: string, extra: string[] = []): Promise<string> {
  const dir = join(work, name);
  mkdirSync(dir);
  await npm(['init', '-y'], dir);
  await npm(['install', '--prefer-offline', tarball, ...extra], dir);
  return dir;
}

/** Runs a file of the project with node against the live server; returns its output. */
async function runExample(dir: string, file: string, apiKey = server.key) {
  const env = { ...cleanEnv, PETSTORE_URL: server.baseUrl, PETSTORE_API_KEY: apiKey };
  return run(process.execPath, [file], { cwd: dir, env });
}

function assertExampleRan({ stdout, stderr }: { stdout: string; stderr: string }) {
  assert.match(stdout, /created \d+; \d+ on the first page/);
  assert.match(stdout, /\d+ Rex/);
  assert.match(stderr, /pet_not_found 404 /); // the example's getPet(999_999) failure, with its request id
  assert.match(stdout, /limit: \d+/);
}

test('the service package ships bin/ and the compiled dist/, without sources, tests or benchmarks', async () => {
  const { stdout } = await npm(['pack', '--dry-run', '--json', '--ignore-scripts'], root);
  const files = (JSON.parse(stdout) as Array<{ files: Array<{ path: string }> }>)[0]!.files.map(
    (f) => f.path,
  );
  // The starter catalogue is data the migrations read, beside the compiled code.
  const starterCatalog = 'dist/store/catalog/starter-catalog.json';
  for (const needed of [
    'bin/petstore.js',
    'dist/cli/main.js',
    'dist/app.js',
    starterCatalog,
    'package.json',
    'README.md',
  ])
    assert.ok(files.includes(needed), `${needed} is missing from the service package`);
  const stray = files.filter((f) =>
    /^(src|test|bench|scripts|packages|docs)\/|\.map$|\.d\.ts$|tsbuildinfo/.test(f),
  );
  assert.deepEqual(stray, []);
});

test('the SDK package holds its two builds, their types, its README and LICENSE, and depends on openapi-fetch alone', async () => {
  const { stdout } = await run('tar', ['-tzf', tarball]);
  const files = stdout.trim().split('\n');
  for (const needed of ['README.md', 'LICENSE'])
    assert.ok(files.includes(`package/${needed}`), `${needed} is missing from the SDK package`);
  for (const needed of [
    'esm/index.js',
    'esm/index.d.ts',
    'cjs/index.js',
    'cjs/index.d.ts',
    'cjs/package.json',
  ])
    assert.ok(files.includes(`package/dist/${needed}`), `dist/${needed} is missing from the SDK package`);
  assert.deepEqual(
    files.filter((f) => !/^package\/(dist\/(esm|cjs)\/|package\.json$|README\.md$|LICENSE$)/.test(f)),
    [],
  );
  const manifest = JSON.parse(readFileSync(join(root, 'packages/client/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  assert.deepEqual(Object.keys(manifest.dependencies), ['openapi-fetch']);
});

// The SDK's own README, as packed: its example is that of docs/client.md, which the tests below run.
test("the SDK's README shows the example of docs/client.md, and its LICENSE is MIT", async () => {
  const { stdout: readme } = await run('tar', ['-xzOf', tarball, 'package/README.md']);
  assert.ok(readme.includes(sdkExample), "the SDK's README lacks the example the tests run");
  const { stdout: license } = await run('tar', ['-xzOf', tarball, 'package/LICENSE']);
  assert.match(license, /^MIT License$/m);
});

test("the docs' example runs from the packed SDK in an ES module project", async () => {
  const dir = await freshProject('esm');
  writeFileSync(join(dir, 'example.mjs'), sdkExample);
  assertExampleRan(await runExample(dir, 'example.mjs'));
});

test("the docs' example runs from the packed SDK in a CommonJS project (npm init -y)", async () => {
  const dir = await freshProject('cjs');
  writeFileSync(join(dir, 'example.js'), asCommonJs(sdkExample));
  assertExampleRan(await runExample(dir, 'example.js'));
  const refused = await runExample(dir, 'example.js', '').then(
    () => assert.fail('the example ran without an API key'),
    (error: { stderr: string }) => error.stderr,
  );
  assert.match(refused, /PetstoreClient needs an apiKey/);
});

test("the docs' example type-checks strictly (skipLibCheck false) under nodenext and bundler, and runs", async () => {
  const dir = await freshProject('typescript', [`@types/node@${typesNodeVersion}`]);
  writeFileSync(
    join(dir, 'example.cts'),
    asCommonJs(sdkExample)
      .replace('const {', 'import {')
      .replace("} = require('@petstore/client');", "} from '@petstore/client';"),
  );
  writeFileSync(join(dir, 'example.mts'), sdkExample);
  const strict = { strict: true, skipLibCheck: false, target: 'ES2022', types: ['node'] };
  const config = (compilerOptions: object, files: string[]) => JSON.stringify({ compilerOptions, files });
  writeFileSync(
    join(dir, 'tsconfig.json'),
    config({ ...strict, module: 'nodenext', moduleResolution: 'nodenext', outDir: 'out' }, [
      'example.cts',
      'example.mts',
    ]),
  );
  writeFileSync(
    join(dir, 'tsconfig.bundler.json'),
    config({ ...strict, module: 'preserve', moduleResolution: 'bundler', noEmit: true }, ['example.mts']),
  );
  await Promise.all([
    run(process.execPath, [tsc, '-p', 'tsconfig.json'], { cwd: dir }),
    run(process.execPath, [tsc, '-p', 'tsconfig.bundler.json'], { cwd: dir }),
  ]).catch((error: { stdout: string }) => assert.fail(`tsc failed:\n${error.stdout}`));
  assertExampleRan(await runExample(dir, 'out/example.cjs'));
  assertExampleRan(await runExample(dir, 'out/example.mjs'));
});
