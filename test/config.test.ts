// Settings are read from the environment and flags, validated once, and refused with a message naming them.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ConfigError, loadConfig } from '../src/config.js';

test('defaults give a local production deployment on SQLite', () => {
  const config = loadConfig({});
  assert.equal(config.port, 3000);
  assert.equal(config.host, '127.0.0.1');
  assert.equal(config.dataDir, './data');
  assert.equal(config.env, 'production');
  assert.equal(config.databaseUrl, '');
  assert.equal(config.bodyLimit, 16384);
  assert.equal(config.migrate, true);
});

test('environment variables are read and converted; explicit values win', () => {
  const config = loadConfig(
    { PORT: '8080', PETSTORE_ENV: 'staging', PETSTORE_MIGRATE: 'false', LOG_LEVEL: 'warn' },
    { port: 9090 },
  );
  assert.equal(config.port, 9090);
  assert.equal(config.env, 'staging');
  assert.equal(config.migrate, false);
  assert.equal(config.logLevel, 'warn');
});

// Every refusal says in words what the setting accepts: never a raw pattern or a bare ">=".
const refused: Array<[Record<string, string>, RegExp]> = [
  [{ PORT: '70000' }, /PORT \(--port\) must be a whole number from 0 to 65535, got "70000"/],
  [
    { PETSTORE_BODY_LIMIT: 'lots' },
    /PETSTORE_BODY_LIMIT \(--body-limit\) must be a whole number from 1024 to /,
  ],
  [
    { PETSTORE_BODY_LIMIT: '100' },
    /PETSTORE_BODY_LIMIT \(--body-limit\) must be a whole number from 1024 to /,
  ],
  [
    { DATABASE_URL: 'notaurl' },
    /DATABASE_URL \(--database-url\) must be a URL starting with postgres:\/\/ or postgresql:\/\/ .*got "notaurl"/,
  ],
  [
    { PETSTORE_PUBLIC_URL: 'https://api.example.org' },
    /PETSTORE_PUBLIC_URL \(--public-url\) must be an http:\/\/ or https:\/\/ URL ending in \/v1/,
  ],
  [
    { PETSTORE_SQLITE_SYNCHRONOUS: 'off' },
    /PETSTORE_SQLITE_SYNCHRONOUS \(--sqlite-synchronous\) must be one of normal, full/,
  ],
  [{ PETSTORE_WORKERS: '0' }, /PETSTORE_WORKERS \(--workers\) must be a whole number from 1 to 256, got "0"/],
  [{ PETSTORE_MIGRATE: 'maybe' }, /PETSTORE_MIGRATE \(--no-migrate\) must be true or false/],
  [{ REDIS_URL: 'localhost:6379' }, /REDIS_URL \(--redis-url\) must be a URL starting with redis:\/\//],
  // The service adds the `:` after it; `shelter:` would make keys such as `shelter::data-version`.
  [
    { PETSTORE_REDIS_PREFIX: 'shelter:' },
    /PETSTORE_REDIS_PREFIX \(--redis-prefix\) must be .*not ending in :/,
  ],
];
for (const [env, message] of refused) {
  test(`refuses ${JSON.stringify(env)}`, () => {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => error instanceof ConfigError && message.test(error.message),
    );
  });
}

test('no refusal shows a raw pattern', () => {
  for (const env of [
    { DATABASE_URL: 'x' },
    { PETSTORE_DATABASE_SCHEMA: '1x' },
    { PETSTORE_TRUST_PROXY: 'x y' },
  ])
    assert.throws(
      () => loadConfig(env),
      (error: Error) => !/pattern|\^|\$/.test(error.message) && /must be [a-z]/.test(error.message),
    );
});

test('every bad setting is named at once', () => {
  assert.throws(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' }), /PORT.*; LOG_LEVEL/);
});
