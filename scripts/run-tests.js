#!/usr/bin/env node
// `npm test`: runs every test file under test/ with node's test runner, against SQLite always and against
// PostgreSQL and Redis when they answer. In CI (CI=true) those suites are required, never skipped. The build
// that some files use is made once, before any file starts.
import { spawn, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';

const services = [
  {
    name: 'PostgreSQL',
    env: 'PETSTORE_TEST_DATABASE_URL',
    url: process.env.PETSTORE_TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
    enable:
      'start PostgreSQL on 127.0.0.1:5432 (user postgres, database test) or set PETSTORE_TEST_DATABASE_URL',
  },
  {
    name: 'Redis',
    env: 'PETSTORE_TEST_REDIS_URL',
    url: process.env.PETSTORE_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379',
    enable: 'start Redis on 127.0.0.1:6379 or set PETSTORE_TEST_REDIS_URL',
  },
];

/** Whether something accepts TCP connections at the URL's host and port. */
const reachable = (url) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const socket = connect({ host: hostname, port: Number(port), timeout: 1000 });
    socket.once('connect', () => resolve(socket.end() && true));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => resolve(socket.destroy() && false));
  });

const required = process.env.CI === 'true' || process.env.PETSTORE_TEST_REQUIRE_SERVICES === '1';
// The petstore-source condition makes `@petstore/client` resolve to the SDK's source, here and in the
// processes the tests start, so tests never run a stale build of it.
const env = {
  ...process.env,
  NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --conditions=petstore-source`.trim(),
};
for (const service of services) {
  if (await reachable(service.url)) {
    env[service.env] = service.url;
    console.log(`${service.name} suites: on (${service.url.replace(/\/\/[^@]*@/, '//')})`);
  } else if (required) {
    console.error(`${service.name} is required here (CI) but does not answer at ${service.url}.`);
    process.exit(1);
  } else {
    delete env[service.env];
    console.log(
      `${service.name} suites: SKIPPED, nothing answers at ${service.url}. To run them, ${service.enable}.`,
    );
  }
}

const filter = process.argv.slice(2);
const files = readdirSync('test', { recursive: true })
  .map(String)
  .filter((file) => file.endsWith('.test.ts'))
  .map((file) => join('test', file))
  .filter((file) => filter.length === 0 || filter.some((part) => file.includes(part)))
  .sort();
// With no file named, node's runner would run every test it can find: a filter that matches nothing says so.
if (files.length === 0) {
  console.error(`No test file under test/ has a path containing ${filter.join(' or ')}.`);
  process.exit(2);
}

// Test files that use the compiled service or SDK (dist/, packages/client/dist/). The build runs once, here,
// before any file starts: built inside the suite, by one file while another runs concurrently, the SDK's
// build deletes packages/client/dist/ before writing it again, and the service's `tsc` in the other file then
// cannot find `@petstore/client` (TS2307). These files only read what is built.
const usingBuild = [
  'test/bench/smoke.test.ts',
  'test/bench/same-page.test.ts',
  'test/packaging/packages.test.ts',
  'test/docs/readme-tour.test.ts',
];
// PETSTORE_TEST_BUILT=1 says the tree was just built (CI's `npm ci` runs the build as `prepare`).
if (files.some((file) => usingBuild.includes(file)) && process.env.PETSTORE_TEST_BUILT !== '1') {
  console.log('Building dist/ and packages/client/dist/ once for the tests that use them (npm run build)');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const child = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    '--test',
    '--test-reporter=spec',
    '--test-reporter-destination=stdout',
    '--test-reporter=./scripts/test-file-times.js',
    '--test-reporter-destination=stdout',
    '--test-concurrency=2',
    ...files,
  ],
  { stdio: 'inherit', env },
);
child.on('exit', (code, signal) => process.exit(signal ? 1 : (code ?? 1)));
