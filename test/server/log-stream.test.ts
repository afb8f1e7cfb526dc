// The service's log on a terminal is readable lines, not JSON, with the same fields masked; elsewhere it is
// pino's JSON lines (no stream of its own).
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { test } from 'node:test';
import pino from 'pino';
import { logRedactions } from '../../src/http/log-redaction.js';
import { logStreamFor } from '../../src/server/log-stream.js';

/** A stand-in for standard output that records what is written, a terminal or not. */
const output = (isTTY: boolean) => {
  let text = '';
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return Object.assign(stream, { isTTY, text: () => text }) as unknown as NodeJS.WriteStream & {
    text(): string;
  };
};

test('on a terminal: readable lines, the key still masked', async () => {
  const terminal = output(true);
  const stream = await logStreamFor(terminal);
  assert.ok(stream);
  const log = pino({ redact: { paths: logRedactions, censor: '[redacted]' } }, stream);
  log.info({ req: { headers: { authorization: 'Bearer pet_live_secret' } } }, 'request completed');
  const text = terminal.text();
  assert.match(text, /INFO.*request completed/);
  assert.doesNotMatch(text, /^\{/m, 'no JSON line');
  assert.match(text, /\[redacted\]/);
  assert.doesNotMatch(text, /pet_live_secret/);
});

test('not a terminal: pino writes its JSON lines itself', async () => {
  assert.equal(await logStreamFor(output(false)), undefined);
});
