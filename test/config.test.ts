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

const refused: Array<[Record<string, string>, RegExp]> = [
  [{ PORT: '70000' }, /PORT \(--port\) must be <= 65535, got "70000"/],
  [{ PETSTORE_BODY_LIMIT: 'lots' }, /PETSTORE_BODY_LIMIT \(--body-limit\) must be integer/],
  [{ DATABASE_URL: 'mysql://db' }, /DATABASE_URL \(--database-url\) must match/],
  [{ PETSTORE_PUBLIC_URL: 'https://api.example.org' }, /PETSTORE_PUBLIC_URL \(--public-url\) must match/],
  [
    { PETSTORE_SQLITE_SYNCHRONOUS: 'off' },
    /PETSTORE_SQLITE_SYNCHRONOUS \(--sqlite-synchronous\) must be one of normal, full/,
  ],
  [{ PETSTORE_WORKERS: '0' }, /PETSTORE_WORKERS \(--workers\) must be >= 1, got "0"/],
  [{ PETSTORE_METRICS_PORT: '70000' }, /PETSTORE_METRICS_PORT \(--metrics-port\) must be <= 65535/],
  [{ PETSTORE_DATABASE_POOL_SIZE: '0' }, /PETSTORE_DATABASE_POOL_SIZE \(--database-pool-size\) must be >= 1/],
];
for (const [env, message] of refused) {
  test(`refuses ${JSON.stringify(env)}`, () => {
    assert.throws(
      () => loadConfig(env),
      (error: unknown) => error instanceof ConfigError && message.test(error.message),
    );
  });
}

test('every bad setting is named at once', () => {
  assert.throws(() => loadConfig({ PORT: 'x', LOG_LEVEL: 'loud' }), /PORT.*; LOG_LEVEL/);
});
