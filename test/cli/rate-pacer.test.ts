// The import's pacer refuses to wait longer than the import may (--max-wait): a row that would otherwise sit
// out an hour's Retry-After (a banned key) fails at once, so that the run stops and says when to resume.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { ratePacer, WaitTooLong } from '../../src/cli/bulk/rate-pacer.js';

const refused = (retryAfter: string) => ({
  status: 429,
  headers: new Headers({ 'retry-after': retryAfter }),
});

test(
  'ready() gives up at once on a wait beyond maxWaitMs, and says how long it would have been',
  { timeout: 5_000 },
  async () => {
    const pacer = ratePacer(5_000, () => 1_000_000);
    // Two requests in flight; the first is refused for 3 s, the second for an hour.
    await pacer.ready();
    await pacer.ready();
    pacer.observe(refused('3'));
    assert.equal(pacer.waitMs(), 3_000, 'a wait within maxWaitMs is one the import makes');
    pacer.observe(refused('3600'));
    await assert.rejects(
      pacer.ready(),
      (error: Error) => error instanceof WaitTooLong && error.waitMs === 3_600_000,
    );
  },
);
