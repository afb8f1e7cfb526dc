// How uploads are processed, through HTTP: in child processes of the service, behind a bounded wait for a
// slot. An upload that finds every slot busy waits and is processed; past the queue's length or its wait it
// gets 503 with Retry-After; a child that dies fails only the upload it held, and the slot serves the next;
// the children end with the app. The store plays no part here, so SQLite alone runs it.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { backends } from '../helpers/backends.js';
import { addPet } from '../helpers/http-calls.js';
import { makeImage } from '../helpers/images.js';
import { childrenOf, cpuTicks, isAlive } from '../helpers/processes.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const sqlite = backends.find((backend) => backend.name === 'sqlite')!;
/**
 * A wait no upload here reaches unless a slot is lost: the children run below the tests' priority, so on a
 * busy machine an image may take a while.
 */
const longWait = 120_000;

/** This process's children that process photos. */
const processingChildren = () => childrenOf(process.pid, 'processing-child');

/** A camera-sized JPEG of noise (it compresses as a photo does): long enough to process to be caught at it. */
const noisePhoto = (width: number, height: number) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#808080',
      noise: { type: 'gaussian', mean: 128, sigma: 40 },
    },
  })
    .jpeg({ quality: 90 })
    .toBuffer();

describe('photo processing in child processes, behind a bounded wait', () => {
  let jpeg: Buffer;
  let large: Buffer;
  before(async () => {
    jpeg = await makeImage('jpeg', 1200, 800);
    large = await noisePhoto(3000, 2000);
  });

  /** An app with `overrides`, and an upload of `body` to a pet of its own. */
  async function appWith(overrides: Record<string, unknown>) {
    const t = await startTestApp(sqlite, overrides);
    const send = async (body: Buffer) =>
      t.request({
        method: 'POST',
        url: `/v1/pets/${(await addPet(t)).id}/photos`,
        headers: { ...t.auth, 'content-type': 'image/jpeg' },
        payload: body,
      });
    return { t, send };
  }

  const assertBusy = (res: LightMyRequestResponse, why: RegExp) => {
    assert.equal(res.statusCode, 503);
    assert.equal(res.headers['retry-after'], '1');
    assert.equal(res.json().code, 'service_unavailable');
    assert.match(res.json().message, why);
  };

  test('uploads that find the one slot busy wait for it in turn, and every one is processed', async () => {
    const { t, send } = await appWith({ photoProcessingConcurrency: 1, photoProcessingWaitMs: longWait });
    try {
      const answers = await Promise.all([send(jpeg), send(jpeg), send(jpeg)]);
      assert.deepEqual(
        answers.map((res) => res.statusCode),
        [201, 201, 201],
      );
      assert.equal(processingChildren().length, 1, 'one slot, one child');
    } finally {
      await t.close();
    }
  });

  test('past the queue’s length, 503 with Retry-After at once; the waiting one is still processed', async () => {
    const { t, send } = await appWith({
      photoProcessingConcurrency: 1,
      photoProcessingQueue: 1,
      photoProcessingWaitMs: longWait,
    });
    try {
      const answers = await Promise.all([send(large), send(large), send(large)]);
      assert.deepEqual(answers.map((res) => res.statusCode).sort(), [201, 201, 503]);
      assertBusy(
        answers.find((res) => res.statusCode === 503)!,
        /1 uploads already wait/,
      );
      assert.equal((await send(jpeg)).statusCode, 201, 'a slot is free again once the uploads are done');
    } finally {
      await t.close();
    }
  });

  test('past the longest wait, 503 with Retry-After', async () => {
    const { t, send } = await appWith({ photoProcessingConcurrency: 1, photoProcessingWaitMs: 1 });
    try {
      const answers = await Promise.all([send(large), send(large)]);
      assert.deepEqual(answers.map((res) => res.statusCode).sort(), [201, 503]);
      assertBusy(
        answers.find((res) => res.statusCode === 503)!,
        /free within 1 ms/,
      );
    } finally {
      await t.close();
    }
  });

  test('a child killed while it holds an upload: that upload gets 503, the next is processed', async () => {
    const { t, send } = await appWith({ photoProcessingConcurrency: 1, photoProcessingWaitMs: 5000 });
    try {
      assert.equal((await send(jpeg)).statusCode, 201);
      const [child] = processingChildren();
      assert.ok(child, 'the upload started a child');
      const idleTicks = cpuTicks(child);
      const held = send(large);
      // Killed once it works on the upload: it uses the CPU then, and for a while (6 MP of noise).
      while (cpuTicks(child) <= idleTicks + 2) await new Promise((resolve) => setTimeout(resolve, 5));
      process.kill(child, 'SIGKILL');
      assertBusy(await held, /stopped while it held this upload/);
      // With one slot, a slot lost with the child would leave this one waiting, then refused.
      assert.equal((await send(jpeg)).statusCode, 201, 'the slot serves the next upload');
      const [next] = processingChildren();
      assert.ok(next && next !== child, 'in a child of its own');
    } finally {
      await t.close();
    }
  });

  test('the children end with the app', async () => {
    const { t, send } = await appWith({ photoProcessingConcurrency: 2 });
    let children: number[];
    try {
      const answers = await Promise.all([send(large), send(jpeg)]);
      assert.deepEqual(
        answers.map((res) => res.statusCode),
        [201, 201],
      );
      children = processingChildren();
      assert.equal(children.length, 2);
    } finally {
      await t.close();
    }
    assert.deepEqual(children.filter(isAlive), [], 'closed with the app');
  });
});

describe('no child before the first upload', () => {
  let t: TestApp;
  before(async () => {
    t = await startTestApp(sqlite);
  });
  after(() => t.close());

  test('an app that processes no photo starts no process', async () => {
    assert.equal((await t.request({ url: '/v1/pets', headers: t.auth })).statusCode, 200);
    assert.deepEqual(processingChildren(), []);
  });
});
