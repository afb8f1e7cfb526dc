// The versions shared by instances (Redis, PostgreSQL's sequences): a request reads them once; a read sent
// shortly before a request began answers for its keys' version only, and only while both clocks agree it is
// recent; a key change is acknowledged only after the wait that makes that exact.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { VersionTopic } from '../../src/speed/versions.js';
import {
  keyChangeWaitMs,
  keyReadReuseMs,
  sharedVersion,
  type Clocks,
  type VersionStore,
} from '../../src/speed/shared-version.js';

function fixture() {
  const clock = { monotonic: 0, wall: 1_000_000, slept: 0 };
  const clocks: Clocks = {
    monotonic: () => clock.monotonic,
    wall: () => clock.wall,
    async sleep(ms) {
      // A timer that fires early, as setTimeout may: the caller must check the time itself.
      const step = Math.max(1, ms / 2);
      clock.monotonic += step;
      clock.wall += step;
      clock.slept += step;
    },
  };
  const versions = { data: 1, keys: 1 };
  let reads = 0;
  let failing = false;
  const store: VersionStore = {
    async read() {
      reads++;
      if (failing) throw new Error('unreachable');
      return { data: String(versions.data), keys: String(versions.keys) };
    },
    async advance(topic: VersionTopic) {
      versions[topic]++;
    },
    assertReachable: () => {},
    unannounced: 'not announced',
    close: async () => {},
  };
  const version = sharedVersion(store, clocks);
  return {
    clock,
    version,
    reads: () => reads,
    fail: (value: boolean) => {
      failing = value;
    },
  };
}

test('a request reads the versions once for both topics', async () => {
  const f = fixture();
  const view = f.version.view();
  assert.equal(await view.token('keys'), '1');
  assert.equal(await view.token('data'), '1');
  assert.equal(f.reads(), 1);
});

test('a read sent shortly before a request began answers for its keys, not its data', async () => {
  const f = fixture();
  await f.version.view().token('data');
  f.clock.monotonic += keyReadReuseMs - 1;
  f.clock.wall += keyReadReuseMs - 1;
  const view = f.version.view();
  assert.equal(await view.token('keys'), '1');
  assert.equal(f.reads(), 1, 'keys: no read of its own');
  await view.token('data');
  assert.equal(f.reads(), 2, 'data: a read sent after the request began');
});

test('an older read, or one only one clock calls recent, is not reused', async () => {
  const f = fixture();
  await f.version.view().token('keys');
  f.clock.monotonic += keyReadReuseMs;
  f.clock.wall += keyReadReuseMs;
  await f.version.view().token('keys');
  assert.equal(f.reads(), 2, 'too old');

  f.clock.wall += 60_000; // the machine slept: its monotonic clock stood still
  await f.version.view().token('keys');
  assert.equal(f.reads(), 3, 'the wall clock says it is old');

  f.clock.monotonic += 60_000;
  f.clock.wall -= 60_000; // the wall clock was set back
  await f.version.view().token('keys');
  assert.equal(f.reads(), 4, 'the monotonic clock says it is old');
});

test("a read sent elsewhere (the limiter's) answers for the requests that began before it, and no other", async () => {
  const f = fixture();
  const began = f.version.view();
  f.version.readSentElsewhere(Promise.resolve({ data: '7', keys: '7' }));
  const after = f.version.view();
  assert.equal(await began.token('data'), '7');
  assert.equal(f.reads(), 0, 'no read of its own');
  assert.equal(await after.token('data'), '1', 'a request that began after it was sent reads anew');
  assert.equal(f.reads(), 1);

  const failed = f.version.view();
  f.version.readSentElsewhere(Promise.resolve(undefined));
  assert.equal(await failed.token('data'), undefined, 'a failed read: no token, so nothing cached');
  assert.equal(await f.version.view().token('keys'), '1', 'and the next request reads again');
  assert.equal(f.reads(), 2);
});

test('a failed read is not reused: no token, and the next request reads again', async () => {
  const f = fixture();
  f.fail(true);
  assert.equal(await f.version.view().token('keys'), undefined);
  f.fail(false);
  assert.equal(await f.version.view().token('keys'), '1');
  assert.equal(f.reads(), 2);
});

test('a key change is acknowledged only after the wait, a data change at once', async () => {
  const f = fixture();
  await f.version.write('data', async () => {});
  assert.equal(f.clock.slept, 0);
  // A read sent just before the change, whose answer is the old version: reusable for a while.
  assert.equal(await f.version.view().token('keys'), '1');
  const reads = f.reads();
  await f.version.write('keys', async () => {});
  assert.ok(f.clock.slept >= keyChangeWaitMs, `waited ${f.clock.slept} ms`);
  // Once the change is acknowledged, no request reuses that read: it reads the new version itself.
  assert.equal(await f.version.view().token('keys'), '2', 'the read from before the change is not reused');
  assert.equal(f.reads(), reads + 1);
});
